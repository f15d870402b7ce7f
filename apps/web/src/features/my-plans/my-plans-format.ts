import type { MyPlanSourceKind } from '@dpp/shared/schemas/my-plans';
import { toolByType } from '../upload/upload-state';

/** A task tool's name as the product writes it ('asana' → Asana). */
export const toolName = (tool: string): string => toolByType(tool)?.name ?? tool;

export const SOURCE_LABELS: Record<MyPlanSourceKind, string> = { template: 'Template', ai: 'AI plan' };

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
