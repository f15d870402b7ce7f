import type { MemberActionResult, MemberDetail, MemberList, MemberListQuery } from '@dpp/shared/schemas/member-admin';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../shared/api/client';

/** The members tab of /admin_panel: the list, one member's page and the actions on their account. */

export const memberAdminKeys = {
  all: ['admin-members'] as const,
  list: (query: MemberListQuery) => [...memberAdminKeys.all, 'list', query] as const,
  detail: (clientId: number) => [...memberAdminKeys.all, 'detail', clientId] as const,
};

function queryString(query: MemberListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export function useMemberList(query: MemberListQuery) {
  return useQuery({
    queryKey: memberAdminKeys.list(query),
    queryFn: ({ signal }) => apiGet<MemberList>(`/api/admin/members?${queryString(query)}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMemberDetail(clientId: number | null) {
  return useQuery({
    queryKey: memberAdminKeys.detail(clientId ?? 0),
    queryFn: ({ signal }) => apiGet<MemberDetail>(`/api/admin/members/${clientId}`, signal),
    enabled: clientId !== null,
  });
}

/** After an action: the list and the member's page are read again. */
export function useMembersChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: memberAdminKeys.all });
}

export type MemberAction =
  | 'end-sessions'
  | 'disable-sign-in'
  | 'enable-sign-in'
  | 'lift-lock'
  | 'resend-verification'
  | 'grant-admin'
  | 'revoke-admin';

export const runMemberAction = (clientId: number, action: MemberAction) =>
  apiPost<MemberActionResult>(`/api/admin/members/${clientId}/${action}`, {});
