import type { ClientPermission, ClientRecord } from '@dpp/shared/schemas/clients';
import type { IdentityUser, SessionResponse, UpdateAttributesRequest } from '@dpp/shared/schemas/identity';
import type { ActiveSession, LinkedAccount, SignInResponse, SocialProvider } from '@dpp/shared/schemas/identity-extras';
import { apiGet, apiPost, apiRequest } from './client';

/** Identity and client-record calls of the account screens. Types only from the shared package: this file is light. */

export interface SignUpResult {
  username: string;
  user_confirmed: boolean;
  /** Where the verification e-mail went, masked. */
  destination: string;
  sign_up_proof: string;
}

export interface ConfirmSignUpResult {
  ok: true;
  password_kept: boolean;
  /** When the password was dropped: the code of the page where the owner chooses theirs. */
  reset_code?: string;
}

interface Ok {
  ok: true;
}

export interface Credentials {
  email: string;
  password: string;
}

/** `return_to`: a page of this site the verification link brings the new account back to. */
export const signUp = (body: Credentials & { return_to?: string }) =>
  apiPost<SignUpResult>('/api/identity/sign-up', body);

export const confirmSignUp = (body: { username: string; code: string; sign_up_proof?: string }) =>
  apiPost<ConfirmSignUpResult>('/api/identity/confirm-sign-up', body);

export const resendCode = (body: { username: string }) => apiPost<Ok>('/api/identity/resend-code', body);

/** A session, or the two-factor code step when the account has it on. */
export const signIn = (body: Credentials) => apiPost<SignInResponse>('/api/identity/sign-in', body);

export interface SecondFactor {
  code?: string;
  recovery_code?: string;
}

export const signInMfa = (body: { mfa_token: string } & SecondFactor) =>
  apiPost<SessionResponse>('/api/identity/sign-in/mfa', body);

export const getMfaStatus = () => apiGet<{ enabled: boolean; recovery_codes_left: number }>('/api/identity/mfa');

export const setupMfa = () =>
  apiPost<{ secret: string; otpauth_url: string; qr_code: string }>('/api/identity/mfa/setup', {});

export const enableMfa = (code: string) => apiPost<{ recovery_codes: string[] }>('/api/identity/mfa/enable', { code });

export const disableMfa = (body: SecondFactor) => apiPost<Ok>('/api/identity/mfa/disable', body);

export const getSessions = () => apiGet<ActiveSession[]>('/api/identity/sessions');

export const endSessionRequest = (id: number) => apiRequest<Ok>(`/api/identity/sessions/${id}`, { method: 'DELETE' });

export const endOtherSessions = () => apiPost<{ revoked: number }>('/api/identity/sessions/revoke-others', {});

/** Where the Google and Facebook buttons go: the server starts the provider's sign-in from there. */
export const socialStartUrl = (provider: SocialProvider) => `/api/identity/oauth/${provider}/start`;

/** Trades the one-time code of a finished social sign-in for a session (or the two-factor step). */
export const exchangeSocialCode = (code: string) => apiPost<SignInResponse>('/api/identity/oauth/exchange', { code });

export const getLinkedAccounts = () =>
  apiGet<{ has_password: boolean; accounts: LinkedAccount[] }>('/api/identity/linked-accounts');

export const unlinkAccount = (provider: SocialProvider) =>
  apiRequest<Ok>(`/api/identity/linked-accounts/${provider}`, { method: 'DELETE' });

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

export const createClientRecord = (email: string) =>
  apiPost<{ id: number | null }>('/api/client/allow/create', { email });

export const updateClientRecord = (body: { id: number; username?: string; plan_name?: string }) =>
  apiPost<ClientRecord>('/api/client/update', body);

export const getClientPermissions = () => apiGet<ClientPermission[]>('/api/client/permissions');
