import type { Insights, InsightsQuery, InsightsTable } from '@dpp/shared/schemas/insights';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiGetFile } from '../../shared/api/client';

/** The insights tab of /admin_panel: the figures of a range of days, and each table as CSV. */

const rangeQuery = (range: InsightsQuery) => new URLSearchParams({ from: range.from, to: range.to }).toString();

export function useInsights(range: InsightsQuery, enabled: boolean) {
  return useQuery({
    queryKey: ['admin-insights', range.from, range.to],
    queryFn: ({ signal }) => apiGet<Insights>(`/api/admin/insights?${rangeQuery(range)}`, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const downloadInsightsCsv = (range: InsightsQuery, table: InsightsTable) =>
  apiGetFile(`/api/admin/insights.csv?table=${table}&${rangeQuery(range)}`);
