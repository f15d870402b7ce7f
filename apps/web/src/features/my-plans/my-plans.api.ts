import { copyFileName } from '@dpp/shared/rules/my-plans';
import type {
  MyPlan,
  MyPlanCreateRequest,
  MyPlanList,
  MyPlanOpened,
  MyPlanProgress,
  MyPlanSaved,
  MyPlanSaveRequest,
} from '@dpp/shared/schemas/my-plans';
import { apiGet, apiGetFile, apiPost, apiRequest } from '../../shared/api/client';
import { saveFile } from '../../shared/save-file';

export const myPlansKeys = {
  list: ['my-plans'] as const,
  plan: (id: number) => ['my-plans', id] as const,
  progress: (id: number) => ['my-plans', id, 'progress'] as const,
};

export const listMyPlans = (signal?: AbortSignal) => apiGet<MyPlanList>('/api/my-plans', signal);

/** A copy as its owner or a teammate it is shared with opens it: with their role and the copy's people. */
export const getMyPlan = (id: number, signal?: AbortSignal) => apiGet<MyPlanOpened>(`/api/my-plans/${id}`, signal);

/** Takes a template or an AI plan as the member's own copy; 402 and 403 carry the server's own words. */
export const takeMyPlan = (body: MyPlanCreateRequest) => apiPost<MyPlan>('/api/my-plans', body);

/**
 * Saves the whole copy from `version`. `keepalive` lets the save outlive the page being closed (the browser
 * takes such a body only up to 64 KiB; a larger one fails at once and the page asks the member to stay).
 */
export const saveMyPlan = (id: number, body: MyPlanSaveRequest, options: { keepalive?: boolean } = {}) =>
  apiRequest<MyPlanSaved>(`/api/my-plans/${id}`, {
    method: 'PUT',
    body: JSON.stringify(body),
    ...(options.keepalive ? { keepalive: true } : {}),
  });

export const deleteMyPlan = (id: number) => apiRequest<void>(`/api/my-plans/${id}`, { method: 'DELETE' });

/** The copy, edits included, as a Word document or a spreadsheet, handed to the browser to save. */
export async function downloadMyPlan(id: number, format: 'docx' | 'xlsx', name: string): Promise<void> {
  const file = await apiGetFile(`/api/my-plans/${id}/download?format=${format}`);
  saveFile(file, copyFileName(name, format));
}

/** The progress of every sending of a copy as last read back from the tools (none for a copy never sent). */
export const getMyPlanProgress = (id: number, signal?: AbortSignal) =>
  apiGet<MyPlanProgress>(`/api/my-plans/${id}/progress`, signal);

/** Reads the progress of every sending back from the tools now and answers it. */
export const refreshMyPlanProgress = (id: number) => apiPost<MyPlanProgress>(`/api/my-plans/${id}/progress`, {});
