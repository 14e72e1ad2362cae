import {
  useCallback,
  useDeferredValue,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { Button } from 'react-aria-components';
import { ArrowDown } from 'lucide-react';
import { ConsoleActionsContext, type ConsoleActions } from './console-context';
import type { ConsoleStore } from './console-store';
import { useStore } from '../ui/useStore';
import { ConsoleRows } from './ConsoleRows';
import { ConsoleInput, type ConsoleInputProps } from './ConsoleInput';
import { ConsoleToolbar } from './ConsoleToolbar';
import { visibleEntries, type LevelFilter } from './entry-filter';
import './console.css';

export interface ConsolePanelProps {
  /** Entries to show; the panel re-renders at most once per store flush (one per frame). */
  store: ConsoleStore;
  /** Called when a mapped stack frame or a diagnostic location is activated (1-based line and column). */
  onOpenLocation: (file: string, line: number, column: number) => void;
  /** Seeks the run to an entry's tick (the entry's "@tick" button). */
  onSeekTick?: (tick: number) => void;
  /** Evaluates a console input line in the preview (no input line without it); see ConsoleInput. */
  onEvaluate?: ConsoleInputProps['onEvaluate'];
  /** The preview's global names, for the input's completion; see ConsoleInput. */
  onGlobals?: ConsoleInputProps['onGlobals'];
}

/** Up to this many entries the log renders with its store, past it in the background. */
const URGENT_ENTRIES = 200;

/** Within this many pixels of the end counts as "at the bottom" (sub-pixel scroll positions). */
const PIN_SLACK = 8;

/** The console: toolbar plus the log. Follows new output unless the user has scrolled up. */
export function ConsolePanel({
  store,
  onOpenLocation,
  onSeekTick,
  onEvaluate,
  onGlobals,
}: ConsolePanelProps) {
  const snapshot = useStore(store);
  const [level, setLevel] = useState<LevelFilter>('all');
  const [text, setText] = useState('');
  const deferredText = useDeferredValue(text);
  const [toggled, setToggled] = useState<ReadonlySet<number>>(() => new Set());
  const [pinned, setPinned] = useState(true);
  const listRef = useRef<HTMLDivElement>(null);

  // A long log's new output renders in the background: React yields to input between rows, so
  // a flood never holds the app's main thread for a whole render (the toolbar's counts stay
  // urgent). A short one (a new run's first lines) shows in the render it arrived in: deferred,
  // it waited for a frame to paint and a scheduler task, ~10 ms of every edit → preview.
  const deferredEntries = useDeferredValue(snapshot.entries);
  const entries = snapshot.entries.length <= URGENT_ENTRIES ? snapshot.entries : deferredEntries;
  const visible = useMemo(
    () => visibleEntries(entries, { level, text: deferredText, toggledGroups: toggled }),
    [entries, level, deferredText, toggled],
  );

  const onToggleGroup = useCallback((id: number) => {
    setToggled((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);

  const actions = useMemo<ConsoleActions>(
    () => ({ mapFrames: store.mapFrames, onOpenLocation, ...(onSeekTick ? { onSeekTick } : {}) }),
    [store, onOpenLocation, onSeekTick],
  );

  const scrollToEnd = useCallback(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
    setPinned(true);
  }, []);

  const onClear = useCallback(() => store.clear(), [store]);
  const evaluate = useCallback(
    (source: string) => {
      // What the user evaluates, they want to see: follow the output again.
      scrollToEnd();
      return onEvaluate?.(source) ?? null;
    },
    [onEvaluate, scrollToEnd],
  );

  // Only the user unpins the log: scrolls the app makes (following output, rows measured
  // taller than estimated) must not read as "the user scrolled up".
  const userScrolls = useRef(false);
  const onUserScrollIntent = () => {
    userScrolls.current = true;
  };
  // Home and End jump at once: the browser's animated scroll is cut short when the window
  // measures the rows it passes and corrects the offset, so Home stopped hundreds of rows down.
  const onLogKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    onUserScrollIntent();
    const el = listRef.current;
    if (!el || e.target !== el || e.altKey || e.metaKey || e.shiftKey) return;
    if (e.key === 'Home') el.scrollTop = 0;
    else if (e.key === 'End') el.scrollTop = el.scrollHeight;
    else return;
    e.preventDefault();
  };
  const onScroll = () => {
    const el = listRef.current;
    if (!el || !userScrolls.current) return;
    const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight <= PIN_SLACK;
    // Back at the bottom, the log follows again until the user next scrolls.
    if (atEnd) userScrolls.current = false;
    if (atEnd !== pinned) setPinned(atEnd);
  };

  const filtering = level !== 'all' || deferredText.trim() !== '';
  return (
    <ConsoleActionsContext.Provider value={actions}>
      <section className="pp-console" aria-label="Console panel">
        <ConsoleToolbar
          level={level}
          onLevelChange={setLevel}
          text={text}
          onTextChange={setText}
          errors={snapshot.counts.error}
          warnings={snapshot.counts.warn}
          onClear={onClear}
        />
        <div className="pp-console-log-area">
          <div
            ref={listRef}
            role="log"
            aria-label="Console"
            className="pp-console-list"
            tabIndex={0}
            onScroll={onScroll}
            onWheel={onUserScrollIntent}
            onPointerDown={onUserScrollIntent}
            onTouchStart={onUserScrollIntent}
            onKeyDown={onLogKeyDown}
          >
            {snapshot.dropped > 0 && (
              <div className="pp-entry pp-dropped">
                {snapshot.dropped.toLocaleString()} earlier{' '}
                {snapshot.dropped === 1 ? 'message was' : 'messages were'} dropped (the console
                keeps the latest {snapshot.entries.length.toLocaleString()})
              </div>
            )}
            <ConsoleRows
              entries={visible}
              scrollRef={listRef}
              pinned={pinned}
              toggled={toggled}
              onToggleGroup={onToggleGroup}
            />
            {visible.length === 0 && (
              <div className="pp-empty">
                {filtering && entries.length ? 'No messages match the filter' : 'No messages'}
              </div>
            )}
          </div>
          {!pinned && (
            <Button className="pp-jump" onPress={scrollToEnd}>
              <ArrowDown size={12} aria-hidden /> Scroll to latest
            </Button>
          )}
        </div>
        {onEvaluate && <ConsoleInput onEvaluate={evaluate} onGlobals={onGlobals} />}
      </section>
    </ConsoleActionsContext.Provider>
  );
}
