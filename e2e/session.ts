import type { Page } from 'playwright-core';
import { baseUrl } from './browser';
import { mailedLink } from './mailbox';

export const PASSWORD = 'Planner#2026';

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * An activated account (verified e-mail, both names given), made through the API, then logged in through
 * the login screen so the browser holds a real session. Ends on the page login leads to.
 */
export async function activatedUser(page: Page, email: string, names = { given: 'Grace', family: 'Hopper' }) {
  const { sign_up_proof } = await api<{ sign_up_proof: string }>('/api/identity/sign-up', {
    email,
    password: PASSWORD,
  });
  const [, , code, username] = (await mailedLink(email, '/activate-account/')).split('/');
  await api('/api/identity/confirm-sign-up', { username, code, sign_up_proof });
  const { access_token } = await api<{ access_token: string }>('/api/identity/sign-in', { email, password: PASSWORD });
  await api('/api/identity/update-attributes', { given_name: names.given, family_name: names.family }, access_token);
  await api('/api/identity/sign-out', {}, access_token).catch(() => undefined);

  await page.goto('/user-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/project-plans');
}

/** The sandbox billing clock: moves the account's trial and subscription dates back, then runs the tick. */
export function moveBillingClock(email: string, days: number) {
  return api<{ trials_ended: number; provider_events: number }>('/sandbox/billing/clock', { email, days });
}
