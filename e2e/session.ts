import { SESSION_LENGTH_HOURS } from '@dpp/shared/constants';
import type { SessionResponse } from '@dpp/shared/schemas/identity';
import type { Page } from 'playwright-core';
import { STORAGE_KEYS } from '../apps/web/src/shared/session/storage-keys';
import { baseUrl } from './browser';
import { mailedLink } from './mailbox';

export const PASSWORD = 'Planner#2026';
const SESSION_LENGTH_MS = SESSION_LENGTH_HOURS * 60 * 60 * 1000;

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An account made through the API with its e-mail verified: it signs in, but is not activated (no names yet). */
async function verifiedAccount(email: string): Promise<void> {
  const { sign_up_proof } = await api<{ sign_up_proof: string }>('/api/identity/sign-up', {
    email,
    password: PASSWORD,
  });
  const [, , code, username] = (await mailedLink(email, '/activate-account/')).split('/');
  await api('/api/identity/confirm-sign-up', { username, code, sign_up_proof });
}

/**
 * An activated account (verified e-mail, both names given), made through the API, and signed in in the browser as
 * a returning member is: the session the API's sign-in answered is what the browser holds, as the login screen
 * would have stored it (the accounts journeys test that screen itself). Ends on a page of the app's origin that
 * runs no app (`/healthz`): the journey goes where it wants from there.
 */
export async function activatedUser(page: Page, email: string, names = { given: 'Grace', family: 'Hopper' }) {
  await verifiedAccount(email);
  const { access_token } = await api<{ access_token: string }>('/api/identity/sign-in', { email, password: PASSWORD });
  await api('/api/identity/update-attributes', { given_name: names.given, family_name: names.family }, access_token);
  await api('/api/identity/sign-out', {}, access_token).catch(() => undefined);
  await signedInBrowser(page, email);
}

/** A verified account that has not given its names yet, signed in in the browser as activatedUser's is. */
export async function unactivatedUser(page: Page, email: string) {
  await verifiedAccount(email);
  await signedInBrowser(page, email);
}

/** Signs `email` in through the API and hands the page that session, stored where the app keeps it. */
export async function signedInBrowser(page: Page, email: string, password = PASSWORD): Promise<void> {
  const session = await api<SessionResponse>('/api/identity/sign-in', { email, password });
  await page.goto('/healthz');
  await page.evaluate(
    ({ keys, session, expiresAt }) => {
      localStorage.setItem(keys.AUTH_USER, JSON.stringify(session.user));
      localStorage.setItem(keys.SESSION_EXPIRY, String(expiresAt));
      // The token last, as the app writes it: it is what says a session is held.
      localStorage.setItem(keys.ACCESS_TOKEN, session.access_token);
    },
    { keys: STORAGE_KEYS, session, expiresAt: Date.now() + SESSION_LENGTH_MS },
  );
}

/** The sandbox billing clock: moves the account's trial and subscription dates back, then runs the tick. */
export function moveBillingClock(email: string, days: number) {
  return api<{ trials_ended: number; provider_events: number }>('/sandbox/billing/clock', { email, days });
}

/** The activation form (/activate-account) filled with a name and a valid phone number and saved, up to its success page. */
export async function completeActivation(page: Page, names = { given: 'Ada', family: 'Lovelace' }) {
  await page.getByLabel('First Name').fill(names.given);
  await page.getByLabel('Last Name').fill(names.family);
  await page.getByLabel('Phone Number').fill('415 555 2671');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/activate-account/success');
}
