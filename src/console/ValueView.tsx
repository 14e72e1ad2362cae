import { useState } from 'react';
import { Button } from 'react-aria-components';
import { ChevronRight } from 'lucide-react';
import type { SerializedValue } from '../protocol';
import { isExpandable } from './value-children';
import { previewParts, type RefIndex } from './value-preview';
import { ValueParts } from './ValueParts';
import { ValueTree } from './ValueTree';
import './value-view.css';

/** Characters of a long string rendered per "Show more" press. */
export const STRING_CHUNK = 5_000;

export interface ValueViewProps {
  /** The value as the runtime serialised it (untrusted; rendered as text only). */
  value: SerializedValue;
  /** Objects of this value by id (`indexRefs([value])`): the runtime numbers ids per argument. */
  refs: RefIndex;
  /** A direct console argument: strings print raw (unquoted), as console.log('hi') shows hi. */
  top?: boolean;
}

/** A logged value: an expandable inspector for containers, coloured inline text otherwise. */
export function ValueView({ value, refs, top = false }: ValueViewProps) {
  if (isExpandable(value, refs)) return <ExpandableValue value={value} refs={refs} />;
  if (value.t === 'string' && top) return <LongString value={value} />;
  return <ValueParts parts={previewParts(value, { refs, quote: !top })} />;
}

/**
 * A disclosure button showing the preview; the Tree of contents mounts only once opened.
 * Mounting a react-aria Tree per logged object costs ~1 ms each, too much for 2,000 rows; the
 * button is native for the same reason (see TickLink in ConsoleEntryView).
 */
function ExpandableValue({ value, refs }: { value: SerializedValue; refs: RefIndex }) {
  const [open, setOpen] = useState(false);
  return (
    <span className="pp-expandable">
      <button
        type="button"
        className="pp-disclosure"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <ChevronRight size={12} aria-hidden className="pp-disclosure-chevron" />
        <ValueParts parts={previewParts(value, { refs, quote: true })} />
      </button>
      {open && <ValueTree value={value} refs={refs} />}
    </span>
  );
}

/** A raw string shown in chunks, with what the runtime did not send stated plainly. */
export function LongString({ value }: { value: Extract<SerializedValue, { t: 'string' }> }) {
  const [limit, setLimit] = useState(STRING_CHUNK);
  const hidden = value.v.length - limit;
  const notSent = value.length !== undefined ? value.length - value.v.length : 0;
  return (
    <span className="pp-v-string pp-raw">
      {hidden > 0 ? value.v.slice(0, limit) : value.v}
      {hidden > 0 && (
        <Button
          className="pp-link pp-inline-button"
          onPress={() => setLimit((l) => l + STRING_CHUNK * 4)}
        >
          Show more ({hidden.toLocaleString()} characters hidden)
        </Button>
      )}
      {notSent > 0 && (
        <span className="pp-note"> … {notSent.toLocaleString()} more characters not captured</span>
      )}
    </span>
  );
}
