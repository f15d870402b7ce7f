import { z } from 'zod';
import { INSIGHTS_MESSAGES } from '../messages';
import { daySchema } from './days';

/** The insights tab of /admin_panel: how the business is doing over a range of days (UTC). */

/** The longest range the insights answer for, in days (a leap year). */
export const INSIGHTS_MAX_DAYS = 366;

const DAY_MS = 86_400_000;

/** A day of the range: YYYY-MM-DD, a day that exists, within the days the product takes (DAY_RANGE). */
const day = daySchema(INSIGHTS_MESSAGES.BAD_DATE);

/** The days a range holds, both ends included. */
export function insightsRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

const range = { from: day, to: day };

/** Rules about the range as a whole: their message is the answer's own. */
function checkRange(value: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (value.from > value.to) {
    ctx.addIssue({ code: 'custom', message: INSIGHTS_MESSAGES.FROM_AFTER_TO });
  } else if (insightsRangeDays(value.from, value.to) > INSIGHTS_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', message: INSIGHTS_MESSAGES.RANGE_TOO_LONG });
  }
}

/** The range of the insights: `from` and `to` as YYYY-MM-DD, both included, at most INSIGHTS_MAX_DAYS days. */
export const InsightsQuerySchema = z.object(range).strict().superRefine(checkRange);
export type InsightsQuery = z.infer<typeof InsightsQuerySchema>;

/** The tables of the insights, each downloadable as CSV. */
export const INSIGHTS_TABLES = ['daily', 'summary', 'paying_by_plan', 'uploads', 'ai_credits', 'templates'] as const;
export type InsightsTable = (typeof INSIGHTS_TABLES)[number];

export const InsightsCsvQuerySchema = z
  .object({ ...range, table: z.enum(INSIGHTS_TABLES, { message: INSIGHTS_MESSAGES.BAD_TABLE }) })
  .strict()
  .superRefine(checkRange);
export type InsightsCsvQuery = z.infer<typeof InsightsCsvQuerySchema>;

const count = z.number().int();

export const InsightsDaySchema = z.object({ day: z.string(), sign_ups: count, activations: count });

/**
 * The figures of the range: trials started in it, of those the ones now paid (converted), trials that ended in
 * it unpaid; monthly recurring revenue now; paid subscriptions cancelled in the range and those active at its
 * start (churn = cancelled / active at start, null without any); completed one-time purchases; lifetime-deal
 * codes redeemed and claimed; members' plan copies (My Plans) taken in it, copies saved with edits in it, and copies
 * sent to a task tool in it (by their last sending).
 */
export const InsightsSummarySchema = z.object({
  trials_started: count,
  trials_converted: count,
  trials_ended: count,
  mrr_cents: count,
  cancelled: count,
  active_at_start: count,
  churn_rate: z.number().nullable(),
  purchases: count,
  purchases_cents: count,
  lifetime_deal_redemptions: count,
  lifetime_deal_claims: count,
  plans_taken: count,
  plans_edited: count,
  plans_sent: count,
  /** Sent copies whose progress, read back from the tool in the range, shows tasks done. */
  plans_progressing: count,
});
export type InsightsSummary = z.infer<typeof InsightsSummarySchema>;

export const InsightsPlanSchema = z.object({ plan_id: count, plan: z.string(), members: count, mrr_cents: count });
export const InsightsUploadsSchema = z.object({
  tool: z.string(),
  uploads: count,
  succeeded: count,
  failed: count,
  /** Of the succeeded uploads, from queued to finished; null without any. */
  median_seconds: z.number().nullable(),
});
export const InsightsAiCreditsSchema = z.object({ plan: z.string(), members: count, tokens: count, requests: count });
/**
 * A template taken in the range: successful uploads of it to a task tool, copies of it taken into My Plans
 * ("Save to My Plans"), and the members who did either.
 */
export const InsightsTemplateSchema = z.object({
  template_id: count,
  name: z.string(),
  uploads: count,
  copies: count,
  members: count,
});

export const InsightsSchema = z.object({
  from: z.string(),
  to: z.string(),
  daily: z.array(InsightsDaySchema),
  summary: InsightsSummarySchema,
  paying_by_plan: z.array(InsightsPlanSchema),
  uploads: z.array(InsightsUploadsSchema),
  ai_credits: z.array(InsightsAiCreditsSchema),
  templates: z.array(InsightsTemplateSchema),
});
export type Insights = z.infer<typeof InsightsSchema>;
