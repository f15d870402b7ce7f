import { ADMIN_PAGE_SIZE } from '@dpp/shared/constants';
import type {
  PlanPermissionCreate,
  PlanPermissionUpdate,
  ProjectPlanCreate,
  ProjectPlanUpdate,
  UploadLinkResponse,
} from '@dpp/shared/schemas/admin';
import type { Permission, PlanPermission } from '@dpp/shared/schemas/clients';
import type { ProjectPlan, ProjectPlanPage } from '@dpp/shared/schemas/templates';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiPost, apiRequest } from '../../shared/api/client';
import { catalogueKeys } from '../../shared/catalogue/catalogue.api';

export const adminKeys = {
  /** Under the catalogue's key, so one invalidation refreshes the public lists and the admin's. */
  page: (page: number) => [...catalogueKeys.templates, 'admin-page', page] as const,
  categories: ['project-plan-categories'] as const,
  plans: ['permission-plans'] as const,
  permissions: ['permissions'] as const,
  planPermissions: (planId: number) => ['plan-permissions', planId] as const,
};

/** One page of the admin list (inactive products included: the server shows them to administrators). */
export function useAdminProducts(page: number) {
  return useQuery({
    queryKey: adminKeys.page(page),
    queryFn: ({ signal }) =>
      apiGet<ProjectPlanPage>(`/api/project-plans?page=${page - 1}&size=${ADMIN_PAGE_SIZE}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: adminKeys.categories,
    queryFn: ({ signal }) => apiGet<string[]>('/api/project-plan-categories', signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** After a catalogue write: every list of products is read again. */
export function useCatalogueChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: catalogueKeys.templates });
}

export const createProduct = (product: ProjectPlanCreate) => apiPost<ProjectPlan>('/api/project-plans', product);
export const updateProduct = (product: ProjectPlanUpdate) =>
  apiRequest<ProjectPlan>('/api/project-plans/', { method: 'PUT', body: JSON.stringify(product) });
export const deleteProduct = (id: number) => apiRequest<void>(`/api/project-plans/${id}`, { method: 'DELETE' });
export const deleteProductLink = (id: number) => apiRequest<void>(`/api/project-plan-link/${id}`, { method: 'DELETE' });

/** Asks for an upload URL, then sends the file there with PUT. Resolves to the stored file's base name. */
export async function uploadFile(file: File): Promise<UploadLinkResponse> {
  const link = await apiPost<UploadLinkResponse>('/api/upload/link', { fileName: file.name, size: file.size });
  let response: Response;
  try {
    response = await fetch(link.url, { method: 'PUT', headers: link.headers, body: file });
  } catch {
    throw new ApiError(0, 'NETWORK', 'We could not reach the file storage. Please try again.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
    throw new ApiError(response.status, 'VALIDATION_FAILED', body?.error?.message ?? 'Please try again');
  }
  return link;
}

export function usePermissionPlans() {
  return useQuery({
    queryKey: adminKeys.plans,
    queryFn: ({ signal }) => apiGet<{ id: number; name: string }[]>('/api/permissions/plans', signal),
  });
}

export function useAllPermissions() {
  return useQuery({
    queryKey: adminKeys.permissions,
    queryFn: ({ signal }) => apiGet<Permission[]>('/api/permissions', signal),
  });
}

export function usePlanPermissions(planId: number | undefined) {
  return useQuery({
    queryKey: adminKeys.planPermissions(planId ?? 0),
    queryFn: ({ signal }) => apiGet<PlanPermission[]>(`/api/permissions/plan/${planId}`, signal),
    enabled: planId !== undefined,
  });
}

export const createPlanPermission = (payload: PlanPermissionCreate) =>
  apiPost<PlanPermission>('/api/permissions/plan', payload);
export const updatePlanPermission = (payload: PlanPermissionUpdate) =>
  apiRequest<PlanPermission>('/api/permissions/plan', { method: 'PUT', body: JSON.stringify(payload) });

/** Imports lifetime-deal codes from a CSV (first column of each line); the server keeps only their hashes. */
export const importLifetimeDealCodes = (csv: string) =>
  apiRequest<{ imported: number; duplicates: number }>('/api/appsumo/codes/import', {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: csv,
  });
