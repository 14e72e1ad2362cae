import { memo, useCallback, useLayoutEffect, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ConsoleEntry } from './console-entry';
import { ConsoleEntryView } from './ConsoleEntryView';
import { isGroupOpen } from './entry-filter';
import { rowsToRender, type RowRange } from './row-range';

export interface ConsoleRowsProps {
  /** Entries to show, filtered, in order. */
  entries: readonly ConsoleEntry[];
  /** The scrolling log element the rows are windowed in. */
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Whether the log follows new output (the user is at the bottom). */
  pinned: boolean;
  /** Group headers the user opened or closed. */
  toggled: ReadonlySet<number>;
  /** Flips a group open or closed (stable, so rows stay memoised). */
  onToggleGroup: (id: number) => void;
}

/**
 * A one-line entry's height (22.4 px measured, with or without an object in it); taller rows
 * (stacks, tables, open objects) are measured as they show.
 */
const ROW_ESTIMATE = 22;
/** Rows kept beyond each edge of the view: scrolling shows rows already laid out. */
const OVERSCAN = 20;
/** Before the log is laid out (and when rendered on the server), the rows a tall panel shows. */
const INITIAL_RECT = { width: 800, height: 600 };

/**
 * Only the rows in view (and a few either side) are in the DOM: a program that logs 100,000
 * lines, or a console holding its 2,000 newest, costs the app a screenful of rows per update.
 */
export const ConsoleRows = memo(function ConsoleRows({
  entries,
  scrollRef,
  pinned,
  toggled,
  onToggleGroup,
}: ConsoleRowsProps) {
  // Stable between renders with the same entries: the virtualizer rebuilds its measurements of
  // every row (2,000) when the key function changes, and the range when the extractor does.
  const getItemKey = useCallback((index: number) => entries[index]!.id, [entries]);
  const rangeExtractor = useCallback((range: RowRange) => rowsToRender(range, pinned), [pinned]);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey,
    overscan: OVERSCAN,
    initialRect: INITIAL_RECT,
    rangeExtractor,
  });
  const total = virtualizer.getTotalSize();

  // Following the output: after new rows, and after rows were measured taller than estimated,
  // stay at the bottom (before paint: no flicker).
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (pinned && el) el.scrollTop = el.scrollHeight;
  }, [pinned, total, entries, scrollRef]);

  return (
    <div className="pp-console-rows" style={{ height: total }}>
      {virtualizer.getVirtualItems().map((item) => {
        const entry = entries[item.index]!;
        return (
          <div
            key={item.key}
            className="pp-console-row"
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{ transform: `translateY(${item.start}px)` }}
          >
            <ConsoleEntryView
              entry={entry}
              open={isGroupOpen(entry, toggled)}
              onToggleGroup={onToggleGroup}
            />
          </div>
        );
      })}
    </div>
  );
});
