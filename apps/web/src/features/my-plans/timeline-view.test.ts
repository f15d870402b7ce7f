import type { MyPlanDocument, MyPlanTask } from '@dpp/shared';
import { newTask } from '@dpp/shared';
import { describe, expect, it } from 'vitest';
import { HEADER_HEIGHT, ROW_HEIGHT, timelineLayout } from './timeline-layout';
import { arrowsInView, nextTaskRow, OVERSCAN, rowsInView, scrollToShow } from './timeline-view';

/** Rows as the layout places them: the first below the date scale, each ROW_HEIGHT under the one before. */
const rows = (count: number) => Array.from({ length: count }, (_, i) => ({ y: HEADER_HEIGHT + i * ROW_HEIGHT }));

describe('the rows of the timeline drawn', () => {
  it('are those a view shows, with a few more on each side, within the rows there are', () => {
    // A view 320 px high at the top shows the date scale and the rows starting above 320 px: 0 to 8.
    expect(rowsInView(rows(300), 0, 320, 0)).toEqual({ first: 0, last: 8 });
    expect(rowsInView(rows(300), 0, 320)).toEqual({ first: 0, last: 8 + OVERSCAN });
    // Scrolled 100 rows down: row 100 starts at the view's top edge.
    const top = HEADER_HEIGHT + 100 * ROW_HEIGHT;
    expect(rowsInView(rows(300), top, 320, 0)).toEqual({ first: 100, last: 110 });
    // A row cut by the top edge is still seen.
    expect(rowsInView(rows(300), top + 1, 320, 0).first).toBe(100);
    expect(rowsInView(rows(300), top + ROW_HEIGHT, 320, 0).first).toBe(101);
    expect(rowsInView(rows(300), top, 320, 5)).toEqual({ first: 95, last: 115 });
    // At the foot, and in a chart shorter than the view.
    expect(rowsInView(rows(300), HEADER_HEIGHT + 295 * ROW_HEIGHT, 900)).toEqual({ first: 295 - OVERSCAN, last: 299 });
    expect(rowsInView(rows(3), 0, 900)).toEqual({ first: 0, last: 2 });
    expect(rowsInView(rows(0), 0, 900)).toEqual({ first: 0, last: -1 });
  });

  it('draw the arrows with an end among them or passing through them, none to a task not drawn at all', () => {
    const arrow = (from: string, to: string) => ({ from, to, path: '', conflict: false });
    const rowOf = new Map(['a', 'b', 'c', 'd', 'e'].map((id, i) => [id, i * 10]));
    const arrows = [arrow('a', 'b'), arrow('b', 'c'), arrow('a', 'e'), arrow('d', 'e'), arrow('e', 'a')];
    // Rows 15 to 25: b to c ends in them (c at 20); a to e and e to a pass through them; a to b and d to e do not.
    expect(arrowsInView(arrows, rowOf, { first: 15, last: 25 })).toEqual([
      arrow('b', 'c'),
      arrow('a', 'e'),
      arrow('e', 'a'),
    ]);
    expect(arrowsInView(arrows, rowOf, { first: 10, last: 10 })).toHaveLength(4);
    expect(arrowsInView([arrow('a', 'x')], rowOf, { first: 0, last: 100 })).toEqual([]);
  });

  it('scroll a row into view as little as needed', () => {
    // Seen whole: no scroll. Above the view: it becomes the top row. Below: it becomes the bottom row.
    expect(scrollToShow(200, 100, 320)).toBe(100);
    expect(scrollToShow(50, 100, 320)).toBe(50);
    expect(scrollToShow(400, 100, 320)).toBe(400 + ROW_HEIGHT - 320);
    // Cut by the bottom edge: scrolled just enough.
    expect(scrollToShow(100 + 320 - 10, 100, 320)).toBe(100 + ROW_HEIGHT - 10);
  });

  it('go by Tab and Shift+Tab from task to task, past section rows and into the lane without dates', () => {
    const task = (id: string, due: string | null): MyPlanTask => newTask(id, { name: id, due_date: due });
    const plan: MyPlanDocument = {
      start_date: null,
      sections: [
        { id: 's1', name: 'One', description: '', tasks: [task('a', '2027-01-04'), task('u', null)] },
        { id: 's2', name: 'Two', description: '', tasks: [task('b', '2027-01-05')] },
      ],
    };
    const { rows: laid } = timelineLayout(plan, '2027-01-01', 12);
    expect(laid.map((row) => row.id)).toEqual(['s1', 'a', 's2', 'b', 'undated', 'u']);
    expect(nextTaskRow(laid, 'a', 1)).toBe(3);
    expect(nextTaskRow(laid, 'b', 1)).toBe(5);
    expect(nextTaskRow(laid, 'u', 1)).toBeNull();
    expect(nextTaskRow(laid, 'b', -1)).toBe(1);
    expect(nextTaskRow(laid, 'a', -1)).toBeNull();
    // A section's id is no task.
    expect(nextTaskRow(laid, 's2', 1)).toBeNull();
  });
});
