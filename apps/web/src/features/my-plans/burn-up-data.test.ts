import { describe, expect, it } from 'vitest';
import { burnUpRows, burnUpSummary, targetLine } from './burn-up-data';
import { dayText } from './my-plans-format';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe('targetLine: the planned completion from the plan’s due dates', () => {
  it('counts the tasks due on or before each due day, in day order, undated tasks never', () => {
    expect(targetLine(['2026-03-05', null, '2026-03-01', '2026-03-05', '2026-03-10'])).toEqual([
      { date: '2026-03-01', due: 1 },
      { date: '2026-03-05', due: 3 },
      { date: '2026-03-10', due: 4 },
    ]);
    expect(targetLine([null, null])).toEqual([]);
    expect(targetLine([])).toEqual([]);
  });
});

describe('burnUpRows: the chart’s rows, done and target on one time axis', () => {
  const history = [
    { date: '2026-03-02', done: 0, total: 4 },
    { date: '2026-03-06', done: 2, total: 4 },
  ];
  const planned = ['2026-02-27', '2026-03-05', '2026-03-05', '2026-03-10'];

  it('starts on the day sent, with what was due by then, and runs to the later of the last read and the last due day', () => {
    expect(burnUpRows(history, planned, '2026-03-02')).toEqual([
      { day: day('2026-03-02'), date: '2026-03-02', done: 0, total: 4, target: 1 },
      { day: day('2026-03-05'), date: '2026-03-05', target: 3 },
      { day: day('2026-03-06'), date: '2026-03-06', done: 2, total: 4, target: 3 },
      { day: day('2026-03-10'), date: '2026-03-10', target: 4 },
    ]);
  });

  it('draws the reads alone when no task has a due date', () => {
    expect(burnUpRows(history, [null, null], '2026-03-01')).toEqual([
      { day: day('2026-03-01'), date: '2026-03-01', target: 0 },
      { day: day('2026-03-02'), date: '2026-03-02', done: 0, total: 4, target: 0 },
      { day: day('2026-03-06'), date: '2026-03-06', done: 2, total: 4, target: 0 },
    ]);
  });

  it('says in words what the chart shows: done by the last read against what was planned by then, and the end', () => {
    expect(burnUpSummary(history, planned)).toBe(
      `2 of 4 done on ${dayText('2026-03-06')}, against 3 planned by then; ` +
        `all 4 dated tasks planned by ${dayText('2026-03-10')}.`,
    );
    expect(burnUpSummary(history, [null])).toBe(`2 of 4 done on ${dayText('2026-03-06')}; no task has a due date.`);
  });
});
