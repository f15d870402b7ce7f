// Which of the timeline's rows are drawn: those in its frame's view and a few on each side (ADR 0045). A plan of 300
// tasks has 300 rows and as many arrows; drawing only the rows a person can see keeps the first drawing and every
// scroll to a few dozen rows. Pure functions of the layout's rows (each knows its `y`) and the frame's scroll.
import { ROW_HEIGHT, type TimelineArrow, type TimelineRow } from './timeline-layout';

/** Rows drawn beyond each edge of the view, so a short scroll or a Tab finds its row already there. */
export const OVERSCAN = 8;

/** The rows drawn, by index in the layout's rows (both ends included); `last < first` when there are none. */
export interface RowRange {
  first: number;
  last: number;
}

/** The first row whose bottom is below `y` (rows are in order of `y`, each ROW_HEIGHT high). */
function firstEndingAfter(rows: readonly Pick<TimelineRow, 'y'>[], y: number): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (rows[middle]!.y + ROW_HEIGHT <= y) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The rows seen in a view `height` pixels high scrolled `top` pixels down the chart, widened by `overscan` rows on
 * each side and kept within the rows there are.
 */
export function rowsInView(
  rows: readonly Pick<TimelineRow, 'y'>[],
  top: number,
  height: number,
  overscan = OVERSCAN,
): RowRange {
  const first = firstEndingAfter(rows, top);
  // The last row starting at or above the view's bottom edge.
  const last = firstEndingAfter(rows, top + height + ROW_HEIGHT) - 1;
  return { first: Math.max(0, first - overscan), last: Math.min(rows.length - 1, last + overscan) };
}

/**
 * The arrows to draw for the rows drawn: each with an end in the range, or passing through it (its vertical run
 * crosses the rows seen). `rowOf` gives a task's row index.
 */
export function arrowsInView(
  arrows: readonly TimelineArrow[],
  rowOf: ReadonlyMap<string, number>,
  range: RowRange,
): TimelineArrow[] {
  return arrows.filter((arrow) => {
    const from = rowOf.get(arrow.from);
    const to = rowOf.get(arrow.to);
    if (from === undefined || to === undefined) return false;
    return Math.min(from, to) <= range.last && Math.max(from, to) >= range.first;
  });
}

/** The scroll that shows a row of the chart whole in a view `height` high, moving as little as it can. */
export function scrollToShow(rowY: number, top: number, height: number): number {
  if (rowY < top) return rowY;
  if (rowY + ROW_HEIGHT > top + height) return Math.max(0, rowY + ROW_HEIGHT - height);
  return top;
}

/** The index of the task row Tab (`step` 1) or Shift+Tab (`step` −1) goes to from a task's row, or null past either end. */
export function nextTaskRow(rows: readonly TimelineRow[], taskId: string, step: 1 | -1): number | null {
  const from = rows.findIndex((row) => row.kind === 'task' && row.id === taskId);
  if (from < 0) return null;
  for (let i = from + step; i >= 0 && i < rows.length; i += step) {
    if (rows[i]!.kind === 'task') return i;
  }
  return null;
}
