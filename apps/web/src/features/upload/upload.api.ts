import type {
  Named,
  OAuthLinkResponse,
  ResumeConnectionResponse,
  TokensResponse,
  UploadPlanResponse,
  WorkspacesResponse,
} from '@dpp/shared/schemas/upload';
import { apiGet, apiGetStream, apiPost } from '../../shared/api/client';
import type { TaskTool } from './upload-state';

const base = (tool: TaskTool) => `/api/${tool.connectionType}`;

export const fetchAuthorizationLink = (tool: TaskTool) => apiGet<OAuthLinkResponse>(`${base(tool)}/link`);

/** The member's stored connection to the tool, while the tool still honours it: a sending with no new consent. */
export const resumeConnection = (tool: TaskTool) => apiPost<ResumeConnectionResponse>(`${base(tool)}/resume`, {});

export const exchangeCode = (tool: TaskTool, userCode: string, state: string) =>
  apiPost<TokensResponse>(`${base(tool)}/tokens`, { userCode, state });

/** Teams (tool 2: ClickUp spaces of every team) or workspaces (the others). */
export async function fetchPlaces(tool: TaskTool, accessToken: string, email: string | undefined): Promise<Named[]> {
  if (tool.connectionType === 'clickup') {
    return (await apiPost<{ teams: Named[] }>(`${base(tool)}/teams`, { accessToken })).teams;
  }
  const answer = await apiPost<WorkspacesResponse>(`${base(tool)}/workspaces`, {
    accessToken,
    ...(email && { managementToolEmail: email }),
  });
  return answer.spaces;
}

/** Asana: the teams of a workspace. */
export const fetchTeams = (
  tool: TaskTool,
  workspaceId: string,
  planId: string,
  databaseId: number,
  accessToken: string,
) =>
  apiPost<WorkspacesResponse>(
    `${base(tool)}/team/${encodeURIComponent(workspaceId)}/upload-plan/${planId}/database-id/${databaseId}`,
    { accessToken },
  );

export interface UploadInput {
  tool: TaskTool;
  workspaceId: string;
  planId: string;
  databaseId: number;
  accessToken: string;
  email?: string | undefined;
  gid?: string | undefined;
  /** Asana: the workspace of the chosen team. */
  asanaWorkspaceId?: string;
}

export function uploadPlan(input: UploadInput): Promise<UploadPlanResponse> {
  const { tool, workspaceId, planId, databaseId } = input;
  const boards = tool.connectionType === 'monday' ? `boards/${planId}/` : '';
  return apiPost<UploadPlanResponse>(
    `${base(tool)}/${tool.endpoint}/${encodeURIComponent(workspaceId)}/${boards}upload-plan/${planId}/database-id/${databaseId}`,
    {
      accessToken: input.accessToken,
      ...(input.email && { managementToolEmail: input.email }),
      ...(input.gid && { gid: input.gid }),
      ...(input.asanaWorkspaceId && { workspaceId: input.asanaWorkspaceId }),
    },
  );
}

export const createMondayWorkspace = (name: string, databaseId: number) =>
  apiGet<Named>(`/monday/workspace/${encodeURIComponent(name)}/database-id/${databaseId}`);

export const sendFeedback = (rating: number, comment: string, jobId?: number) =>
  apiPost<{ id: number }>('/api/upload-feedback', { rating, comment, ...(jobId !== undefined && { job_id: jobId }) });

/**
 * The campaign tag after a successful upload (a template's id, or an AI plan's `ai-<id>`). The user is not held
 * up by it, but a refusal is logged: a tag that silently never arrives is a campaign that silently never runs.
 */
export function createCampaignTag(databaseId: number, projectPlanId: string): void {
  apiPost('/api/active-campaign/create-tag', { database_id: databaseId, project_plan_id: projectPlanId }).catch(
    (error: unknown) => console.warn(`The campaign tag of uploaded plan ${projectPlanId} was not added`, error),
  );
}

/** The events of an upload job (server-sent: progress, then done), as a stream. */
export const openUploadJobEvents = (jobId: number, signal: AbortSignal) =>
  apiGetStream(`/api/upload-jobs/${jobId}/events`, signal);
