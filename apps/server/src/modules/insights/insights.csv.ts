import type { Insights, InsightsTable } from '@dpp/shared';
import { type CsvValue, toCsv } from '../../lib/csv';

/** Each table of the insights as CSV: a header of the answer's field names, then its rows. */
export function insightsCsv(insights: Insights, table: InsightsTable): string {
  if (table === 'summary') {
    return toCsv(
      ['figure', 'value'],
      Object.entries(insights.summary).map(([name, value]) => [name, value]),
    );
  }
  const list: readonly Record<string, CsvValue>[] = insights[table];
  const header = Object.keys(COLUMNS[table]);
  return toCsv(
    header,
    list.map((row) => header.map((name) => row[name])),
  );
}

/** The columns of each list table, in order (the answer's field names). */
const COLUMNS: { [T in Exclude<InsightsTable, 'summary'>]: Record<keyof Insights[T][number], true> } = {
  daily: { day: true, sign_ups: true, activations: true },
  paying_by_plan: { plan_id: true, plan: true, members: true, mrr_cents: true },
  uploads: { tool: true, uploads: true, succeeded: true, failed: true, median_seconds: true },
  ai_credits: { plan: true, members: true, tokens: true, requests: true },
  templates: { template_id: true, name: true, uploads: true, copies: true, members: true },
};
