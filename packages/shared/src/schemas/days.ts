import { z } from 'zod';
import { MESSAGES } from '../messages';
import { isDayInRange } from '../rules/days';

/**
 * A calendar day as YYYY-MM-DD (zod's ISO date: a real day of its month, leap years included) within the days the
 * product takes (DAY_RANGE); `malformed` is the sentence for anything else, and the range is checked only on a
 * well-formed day. The document says `format: date`.
 */
export function daySchema(malformed: string) {
  return z.iso.date({ message: malformed, abort: true }).refine(isDayInRange, MESSAGES.DAY_OUT_OF_RANGE);
}
