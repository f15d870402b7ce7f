import type { PlanListResponse } from '@dpp/shared/schemas/plans';
import type { ProjectPlan } from '@dpp/shared/schemas/templates';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api/client';

const CATALOGUE_STALE_MS = 60_000;

export const catalogueKeys = {
  templates: ['project-plans'] as const,
  template: (idOrSlug: string) => ['project-plans', idOrSlug] as const,
  plans: ['plans'] as const,
};

export const getTemplates = (signal?: AbortSignal) =>
  apiGet<ProjectPlan[]>('/api/project-plans-without-pagination', signal);

export const getTemplate = (idOrSlug: string, signal?: AbortSignal) =>
  apiGet<ProjectPlan>(`/api/project-plans/${encodeURIComponent(idOrSlug)}`, signal);

export const getPlans = (signal?: AbortSignal) => apiGet<PlanListResponse>('/api/plan/get', signal);

export function useTemplates() {
  return useQuery({
    queryKey: catalogueKeys.templates,
    queryFn: ({ signal }) => getTemplates(signal),
    staleTime: CATALOGUE_STALE_MS,
  });
}

/** One template; `initial` is the card's navigation state, so the page draws at once and refreshes. */
export function useTemplate(idOrSlug: string, initial?: ProjectPlan) {
  return useQuery({
    queryKey: catalogueKeys.template(idOrSlug),
    queryFn: ({ signal }) => getTemplate(idOrSlug, signal),
    staleTime: CATALOGUE_STALE_MS,
    ...(initial ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
  });
}

export function usePlans(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: catalogueKeys.plans,
    queryFn: ({ signal }) => getPlans(signal),
    staleTime: CATALOGUE_STALE_MS,
    enabled: options.enabled ?? true,
  });
}
