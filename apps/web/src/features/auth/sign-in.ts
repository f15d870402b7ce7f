import { LIFETIME_DEAL_PLAN_NAME } from '@dpp/shared/constants';
import type { ClientRecord } from '@dpp/shared/schemas/clients';
import type { SessionResponse } from '@dpp/shared/schemas/identity';
import type { MfaChallengeResponse, SignInResponse } from '@dpp/shared/schemas/identity-extras';
import {
  type Credentials,
  getClientPermissions,
  getClientRecord,
  type SecondFactor,
  signIn,
  signInMfa,
  updateClientRecord,
} from '../../shared/api/identity.api';
import { setClientRecord, setPermissions, startSession } from '../../shared/session';

/**
 * The password a lifetime-deal user logged in with (their code), kept in memory only: the
 * activation step changes it and needs it as the current password. Lost on reload; the step then asks.
 */
let loginPassword: string | null = null;

export const readLoginPassword = (): string | null => loginPassword;
export const forgetLoginPassword = (): void => {
  loginPassword = null;
};

export type SignInNext = 'activate' | 'set-password' | 'continue';

export interface SignInResult {
  next: SignInNext;
  client: ClientRecord | null;
}

/** Loads the client record and permissions of the new session; the session works without them. */
async function loadAccount(email: string): Promise<ClientRecord | null> {
  const [client, permissions] = await Promise.allSettled([getClientRecord(email), getClientPermissions()]);
  if (permissions.status === 'fulfilled') setPermissions(permissions.value);
  if (client.status !== 'fulfilled') return null;
  setClientRecord(client.value);
  return client.value;
}

/** The two-factor code step, when the account has it on: the password is kept for after it. */
export interface PendingSecondFactor {
  challenge: MfaChallengeResponse;
  password: string | null;
}

export const isChallenge = (response: SignInResponse): response is MfaChallengeResponse => 'mfa_required' in response;

/**
 * Signs in with the password. Either the session is open (and the result says what comes next) or the
 * account asks for its second factor first.
 */
export async function signInUser(credentials: Credentials): Promise<SignInResult | PendingSecondFactor> {
  forgetLoginPassword();
  const response = await signIn(credentials);
  if (isChallenge(response)) return { challenge: response, password: credentials.password };
  return completeSignIn(response, credentials.password);
}

/** The code step: a current authenticator code or a recovery code opens the session. */
export async function passSecondFactor(pending: PendingSecondFactor, factor: SecondFactor): Promise<SignInResult> {
  const session = await signInMfa({ mfa_token: pending.challenge.mfa_token, ...factor });
  return completeSignIn(session, pending.password);
}

/**
 * Stores the session and the user's records, and says what comes next: lifetime-deal users get their
 * plan and set a password, first-time users activate, others continue. `password` is null for a
 * Google or Facebook sign-in.
 */
export async function completeSignIn(session: SessionResponse, password: string | null): Promise<SignInResult> {
  startSession(session);
  let client = await loadAccount(session.user.attributes.email);
  const attributes = session.user.attributes;
  if (attributes['custom:appsumo_login'] === 'true') {
    loginPassword = password;
    if (client && client.plan_name !== LIFETIME_DEAL_PLAN_NAME) {
      client = await updateClientRecord({ id: client.id, plan_name: LIFETIME_DEAL_PLAN_NAME }).catch(() => client);
      if (client) setClientRecord(client);
    }
    return { next: 'set-password', client };
  }
  if (attributes['custom:first_login'] === 'true') return { next: 'activate', client };
  return { next: 'continue', client };
}
