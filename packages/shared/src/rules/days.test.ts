import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { daySchema } from '../schemas/days';
import { DAY_RANGE, isDayInRange, longDay } from './days';

describe('the days the product takes', () => {
  it('run from the first to the last day of the range, both included', () => {
    expect(isDayInRange(DAY_RANGE.FIRST)).toBe(true);
    expect(isDayInRange(DAY_RANGE.LAST)).toBe(true);
    expect(isDayInRange('2026-11-28')).toBe(true);
    for (const day of ['1999-12-31', '2101-01-01', '0000-01-01', '9999-12-31', '+010000-01-01', '-0001-01-01', '']) {
      expect(isDayInRange(day), day).toBe(false);
    }
  });

  it('are named in the refusal as a person reads them', () => {
    expect(longDay(DAY_RANGE.FIRST)).toBe('1 January 2000');
    expect(longDay(DAY_RANGE.LAST)).toBe('31 December 2100');
    expect(MESSAGES.DAY_OUT_OF_RANGE).toBe(
      `Choose a date from ${longDay(DAY_RANGE.FIRST)} to ${longDay(DAY_RANGE.LAST)}.`,
    );
  });

  it('are refused with one sentence: the malformed one for a day that is not one, the range for the rest', () => {
    const day = daySchema('malformed');
    const messages = (value: unknown) => day.safeParse(value).error?.issues.map((i) => i.message) ?? [];
    expect(messages('2024-02-29')).toEqual([]);
    for (const value of [
      '2023-02-29',
      '2027-02-30',
      '2027-13-01',
      '2027-1-1',
      '+275760-09-13',
      '-0001-01-01',
      20270101,
    ]) {
      expect(messages(value), String(value)).toEqual(['malformed']);
    }
    for (const value of ['0000-01-01', '0001-01-01', '9999-12-31']) {
      expect(messages(value), value).toEqual([MESSAGES.DAY_OUT_OF_RANGE]);
    }
  });
});
