import type { MyPlanSourceKind } from '@dpp/shared/schemas/my-plans';
import { ApiError } from '../../shared/api/client';
import { toolByType } from '../upload/upload-state';

/** A task tool's name as the product writes it ('asana' → Asana). */
export const toolName = (tool: string): string => toolByType(tool)?.name ?? tool;

export const SOURCE_LABELS: Record<MyPlanSourceKind, string> = {
  template: 'Template',
  ai: 'AI plan',
  blank: 'Blank plan',
};

/** A moment as the member's browser writes it: 27 Nov 2026, 14:05. */
export const whenText = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "3 of 3 plans", or "2 plans" when the membership keeps any number. */
export function countText(count: number, limit: number | null): string {
  const noun = (n: number) => (n === 1 ? 'plan' : 'plans');
  return limit === null ? `${count} ${noun(count)}` : `${count} of ${limit} ${noun(limit)}`;
}

/** A day (YYYY-MM-DD) as the member's browser writes it: 27 Nov 2026. */
export const dayText = (isoDate: string): string =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * The notification of a Refresh that did not read: the server's words, which for a Refresh beyond the member's
 * budget (429) say when to try again, shown as a warning; anything else as an error.
 */
export function refreshFailure(error: unknown): { kind: 'warning' | 'error'; title: string; description: string } {
  const title = 'The progress was not read';
  if (!(error instanceof ApiError)) return { kind: 'error', title, description: 'Please try again' };
  return { kind: error.status === 429 ? 'warning' : 'error', title, description: error.message };
}
