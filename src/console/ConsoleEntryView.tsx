import { Fragment, memo, useMemo, useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { AlertTriangle, Bug, ChevronLeft, ChevronRight, Info, XCircle } from 'lucide-react';
import type { SerializedValue } from '../protocol';
import { severityOf, type ConsoleEntry, type ErrorEntry, type MessageEntry } from './console-entry';
import { useConsoleActions } from './console-context';
import { ConsoleTable } from './ConsoleTable';
import { spaceBetween } from './arg-spacing';
import { FrameLink } from './FrameLink';
import { tableModel } from './table-model';
import { indexRefs } from './value-preview';
import { ValueView } from './ValueView';

export interface ConsoleEntryViewProps {
  entry: ConsoleEntry;
  /** For group headers: whether the group's contents are shown. */
  open: boolean;
  /** For group headers: flip open/closed (stable callback, so rows stay memoised). */
  onToggleGroup: (id: number) => void;
}

const ICONS = {
  error: [XCircle, 'Error'],
  warn: [AlertTriangle, 'Warning'],
  info: [Info, 'Info'],
  debug: [Bug, 'Debug'],
} as const;

/** The console input's echo and result, marked as devtools mark them (› typed, ‹ its value). */
const EVAL_ICONS = { command: [ChevronRight, 'Input'], result: [ChevronLeft, 'Result'] } as const;

function LevelIcon({ entry }: { entry: ConsoleEntry }) {
  const severity = severityOf(entry);
  const icon =
    entry.kind === 'message' && (entry.level === 'command' || entry.level === 'result')
      ? EVAL_ICONS[entry.level]
      : severity in ICONS
        ? ICONS[severity as keyof typeof ICONS]
        : null;
  if (!icon) return <span className="pp-icon" />;
  const [Icon, label] = icon;
  return (
    <span className="pp-icon">
      <Icon size={14} aria-label={label} role="img" />
    </span>
  );
}

function Args({ args }: { args: SerializedValue[] }) {
  // The runtime serialises each argument separately, so ids (and refs) are per argument.
  const refs = useMemo(() => args.map((a) => indexRefs([a])), [args]);
  return (
    <>
      {args.map((value, i) => (
        <Fragment key={i}>
          {i > 0 && spaceBetween(args[i - 1]!, value) && ' '}
          <ValueView value={value} refs={refs[i]!} top />
        </Fragment>
      ))}
    </>
  );
}

function Message({ entry, open, onToggleGroup }: ConsoleEntryViewProps & { entry: MessageEntry }) {
  const data = entry.args[0];
  const refs = useMemo(() => indexRefs(data ? [data] : []), [data]);
  if (entry.level === 'group' || entry.level === 'groupCollapsed') {
    return (
      <button
        type="button"
        className="pp-group-header"
        aria-expanded={open}
        onClick={() => onToggleGroup(entry.id)}
      >
        <ChevronRight size={12} aria-hidden className="pp-group-chevron" />
        {entry.args.length ? <Args args={entry.args} /> : 'console.group'}
      </button>
    );
  }
  // The line as typed (never parsed as a value), and its value quoted as devtools show it.
  if (entry.level === 'command' && data?.t === 'string')
    return <span className="pp-command">{data.v}</span>;
  if (entry.level === 'result' && data) return <ValueView value={data} refs={refs} />;
  if (entry.level === 'table' && data) {
    const model = tableModel(data, refs, entry.args[1]);
    if (model) return <ConsoleTable model={model} refs={refs} />;
  }
  return <Args args={entry.args} />;
}

/** Library frames (CDN, vendor, runtime) are collapsed behind a button when user frames exist. */
function Frames({ entry }: { entry: ErrorEntry }) {
  const [showAll, setShowAll] = useState(false);
  const mappedCount = entry.frames.filter((f) => f.mapped).length;
  const hideVendor = mappedCount > 0 && !showAll;
  const frames = hideVendor ? entry.frames.filter((f) => f.mapped) : entry.frames;
  const hidden = entry.frames.length - frames.length;
  return (
    <div className="pp-frames">
      {frames.map((f, i) => (
        <FrameLink key={i} frame={f} />
      ))}
      {hidden > 0 && (
        <button type="button" className="pp-link pp-more-frames" onClick={() => setShowAll(true)}>
          Show {hidden} library {hidden === 1 ? 'frame' : 'frames'}
        </button>
      )}
    </div>
  );
}

function ErrorBody({ entry }: { entry: ErrorEntry }) {
  const refs = useMemo(() => indexRefs(entry.value ? [entry.value] : []), [entry.value]);
  return (
    <div className="pp-error-body">
      <span className="pp-error-message">{entry.message}</span>
      {entry.value && (
        <>
          {' '}
          <ValueView value={entry.value} refs={refs} />
        </>
      )}
      <Frames entry={entry} />
    </div>
  );
}

function Body(props: ConsoleEntryViewProps): ReactNode {
  const { entry } = props;
  const { onOpenLocation } = useConsoleActions();
  switch (entry.kind) {
    case 'message':
      return <Message {...props} entry={entry} />;
    case 'error':
      return <ErrorBody entry={entry} />;
    case 'notice':
      return <span className="pp-notice">{entry.text}</span>;
    case 'diagnostic': {
      const d = entry.diagnostic;
      const where = d.file ? `${d.file}${d.line ? `:${d.line}:${d.column ?? 1}` : ''}` : null;
      return (
        <span className="pp-diagnostic">
          {where &&
            (d.line ? (
              <Button
                className="pp-link"
                onPress={() => onOpenLocation(d.file!, d.line!, d.column ?? 1)}
              >
                {where}
              </Button>
            ) : (
              <span>{where}</span>
            ))}{' '}
          <span className="pp-diagnostic-text">{d.text}</span>
        </span>
      );
    }
  }
}

/**
 * Seeks the run to the tick the entry was logged in. A native button, as are the group header
 * and the value's disclosure: a flood mounts a screenful of new rows at a time, and React Aria
 * Button's press and focus hooks in each row were ~100 ms of a 755 ms flood (CPU profile); the
 * native element has the same role, name, Enter/Space and focus.
 */
function TickLink({ tick }: { tick: number }) {
  const { onSeekTick } = useConsoleActions();
  if (!onSeekTick) return null;
  return (
    <button
      type="button"
      className="pp-tick-link"
      aria-label={`Go to tick ${tick}`}
      onClick={() => onSeekTick(tick)}
    >
      @{tick}
    </button>
  );
}

/** Indentation levels shown; a program may nest 10,000 groups, the row must stay on screen. */
const MAX_INDENT = 16;

/** One console line: level icon and colour, group indentation, repeat count, body. */
export const ConsoleEntryView = memo(function ConsoleEntryView(props: ConsoleEntryViewProps) {
  const { entry } = props;
  return (
    <div
      className={`pp-entry pp-sev-${severityOf(entry)}`}
      data-kind={entry.kind}
      style={{
        paddingInlineStart: `calc(${Math.min(entry.depth, MAX_INDENT)} * var(--pp-indent, 14px) + 6px)`,
      }}
    >
      <LevelIcon entry={entry} />
      {entry.repeat > 1 && (
        <span className="pp-repeat" aria-label={`repeated ${entry.repeat} times`}>
          {entry.repeat}
        </span>
      )}
      <div className="pp-body">
        <Body {...props} />
      </div>
      {(entry.kind === 'message' || entry.kind === 'error') && entry.tick !== undefined && (
        <TickLink tick={entry.tick} />
      )}
    </div>
  );
});
