import type { ClientPermission, ClientRecord } from '@dpp/shared/schemas/clients';
import type { IdentityUser, SessionResponse, UpdateAttributesRequest } from '@dpp/shared/schemas/identity';
import { apiGet, apiPost, apiRequest } from './api-client';

/** Identity and client-record calls of the account screens. Types only from the shared package: this file is light. */

export interface SignUpResult {
  username: string;
  user_confirmed: boolean;
  /** Where the verification e-mail went, masked. */
  destination: string;
}

interface Ok {
  ok: true;
}

export interface Credentials {
  email: string;
  password: string;
}

export const signUp = (body: Credentials) => apiPost<SignUpResult>('/api/identity/sign-up', body);

export const confirmSignUp = (body: { username: string; code: string }) =>
  apiPost<Ok>('/api/identity/confirm-sign-up', body);

export const resendCode = (body: { username: string }) => apiPost<Ok>('/api/identity/resend-code', body);

export const signIn = (body: Credentials) => apiPost<SessionResponse>('/api/identity/sign-in', body);

export const forgotPassword = (body: { email: string }) => apiPost<Ok>('/api/identity/forgot-password', body);

export const confirmForgotPassword = (body: { username: string; code: string; password: string }) =>
  apiPost<Ok>('/api/identity/confirm-forgot-password', body);

export const changePassword = (body: { current_password: string; new_password: string }) =>
  apiPost<Ok>('/api/identity/change-password', body);

export const updateAttributes = (body: UpdateAttributesRequest) =>
  apiPost<IdentityUser>('/api/identity/update-attributes', body);

/** Also renews the session on the server. */
export const getCurrentUser = () => apiGet<IdentityUser>('/api/identity/current-user');

/** Sent with the token explicitly: the local session is already gone when this goes out. */
export const signOutRequest = (token: string) =>
  apiRequest<Ok>('/api/identity/sign-out', { method: 'POST', headers: { authorization: `Bearer ${token}` } });

export const getClientRecord = (email: string) => apiPost<ClientRecord>('/api/client/get', { email });

export const createClientRecord = (email: string) => apiPost<{ id: number }>('/api/client/allow/create', { email });

export const updateClientRecord = (body: { id: number; username?: string; plan_name?: string }) =>
  apiPost<ClientRecord>('/api/client/update', body);

export const getClientPermissions = () => apiGet<ClientPermission[]>('/api/client/permissions');
