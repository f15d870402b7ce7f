import type {
  InvitationAccepted,
  InvitationView,
  PlanAccessRequest,
  PlanTeam,
  Team,
  TeamInvitationRequest,
} from '@dpp/shared/schemas/team';
import { ApiError, apiGet, apiPost, apiRequest } from '../../shared/api/client';

/** What a refusal says to the member: the server's own sentence, else `fallback`. */
export const failureText = (error: unknown, fallback = 'Please try again.') =>
  error instanceof ApiError ? error.message : fallback;

export const teamKeys = {
  team: ['team'] as const,
  invitation: (token: string) => ['team', 'invitation', token] as const,
};

export const getTeam = (signal?: AbortSignal) => apiGet<Team>('/api/team', signal);

/** Invites someone by name and e-mail; answers the sentence to show (the same whoever the address is). */
export const inviteTeammate = (body: TeamInvitationRequest) =>
  apiPost<{ message: string }>('/api/team/invitations', body);

export const withdrawInvitation = (id: number) => apiRequest<void>(`/api/team/invitations/${id}`, { method: 'DELETE' });

export const removeTeammate = (id: number) => apiRequest<void>(`/api/team/${id}`, { method: 'DELETE' });

export const getInvitation = (token: string, signal?: AbortSignal) =>
  apiGet<InvitationView>(`/api/team/invitations/${encodeURIComponent(token)}`, signal);

export const acceptInvitation = (token: string) =>
  apiPost<InvitationAccepted>(`/api/team/invitations/${encodeURIComponent(token)}/accept`, {});

/** Sets each named teammate's role on one plan, or none. */
export const setPlanAccess = (planId: number, body: PlanAccessRequest) =>
  apiRequest<PlanTeam>(`/api/my-plans/${planId}/access`, { method: 'PUT', body: JSON.stringify(body) });
