import { LIFETIME_DEAL_PLAN_NAME } from '@dpp/shared/constants';
import type { ClientRecord } from '@dpp/shared/schemas/clients';
import { setClientRecord, setPermissions, startSession } from '../../app/session-store';
import {
  type Credentials,
  getClientPermissions,
  getClientRecord,
  signIn,
  updateClientRecord,
} from '../../shared/identity-api';

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

/**
 * Signs in, stores the session and the user's records, and says what comes next: lifetime-deal
 * users get their plan and set a password, first-time users activate, others continue.
 */
export async function signInUser(credentials: Credentials): Promise<SignInResult> {
  forgetLoginPassword();
  const session = await signIn(credentials);
  startSession(session);
  let client = await loadAccount(session.user.attributes.email);
  const attributes = session.user.attributes;
  if (attributes['custom:appsumo_login'] === 'true') {
    loginPassword = credentials.password;
    if (client && client.plan_name !== LIFETIME_DEAL_PLAN_NAME) {
      client = await updateClientRecord({ id: client.id, plan_name: LIFETIME_DEAL_PLAN_NAME }).catch(() => client);
      if (client) setClientRecord(client);
    }
    return { next: 'set-password', client };
  }
  if (attributes['custom:first_login'] === 'true') return { next: 'activate', client };
  return { next: 'continue', client };
}
