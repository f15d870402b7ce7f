/**
 * The days the product takes: a plan's start and its tasks' dates, the insights' range. PostgreSQL has no year 0
 * and JavaScript's Date reaches year 275760; neither is a day anyone plans for or reports on, and a day past the
 * range makes dates that no longer read as YYYY-MM-DD ('+010000-01-01'). One range, for every place a day is taken.
 */
export const DAY_RANGE = { FIRST: '2000-01-01', LAST: '2100-12-31' } as const;

const WELL_FORMED = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a YYYY-MM-DD day lies within DAY_RANGE (days of this form compare as text). */
export function isDayInRange(day: string): boolean {
  return WELL_FORMED.test(day) && day >= DAY_RANGE.FIRST && day <= DAY_RANGE.LAST;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A YYYY-MM-DD day as a sentence names it: '31 December 2100'. */
export function longDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}
