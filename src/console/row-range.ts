/** The window's range as the virtualizer computes it from the scroll offset it last saw. */
export interface RowRange {
  /** First row in view. */
  startIndex: number;
  /** Last row in view. */
  endIndex: number;
  /** Rows kept beyond each edge of the view. */
  overscan: number;
  /** Rows in the list. */
  count: number;
}

/**
 * The indexes of the rows to render. While the log follows the output, the range the
 * virtualizer computed is stale: new rows came, and the scroll to the end that follows them
 * only happens after this render. Rendering that stale range mounted a screenful of rows that
 * the scroll then replaced at once (two renders per burst of output); the newest rows, as many
 * as fit in the view, are what the scroll will show, so they are rendered straight away.
 */
export function rowsToRender(range: RowRange, following: boolean): number[] {
  const { startIndex, endIndex, overscan, count } = range;
  if (count <= 0) return [];
  const last = count - 1;
  const end = following ? last : Math.min(endIndex + overscan, last);
  const first = following ? last - (endIndex - startIndex) : startIndex;
  const start = Math.max(first - overscan, 0);
  const rows = new Array<number>(end - start + 1);
  for (let i = 0; i < rows.length; i++) rows[i] = start + i;
  return rows;
}
