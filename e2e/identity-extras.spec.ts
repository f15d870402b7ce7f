import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticator } from '../apps/server/test/authenticator';
import { baseUrl, expectAccessible, headerMenu, launchBrowser, newPage, notice } from './browser';
import { freshEmail, mailedLink } from './mailbox';
import { completeActivation } from './session';

const PASSWORD = 'Planner#2026';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function api<T>(path: string, body: object, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A verified, activated account made through the API: the journeys start at login. */
async function activatedAccount(email: string, givenName: string, familyName = 'Tester') {
  const { sign_up_proof } = await api<{ sign_up_proof: string }>('/api/identity/sign-up', {
    email,
    password: PASSWORD,
  });
  const [, , code, username] = (await mailedLink(email, '/activate-account/')).split('/');
  await api('/api/identity/confirm-sign-up', { username, code, sign_up_proof });
  const { access_token } = await api<{ access_token: string }>('/api/identity/sign-in', { email, password: PASSWORD });
  await api('/api/identity/update-attributes', { given_name: givenName, family_name: familyName }, access_token);
  // This set-up session is not one of the journey's.
  await api('/api/identity/sign-out', {}, access_token);
}

async function logIn(page: Page, email: string) {
  await page.goto('/user-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function logOut(page: Page, name: string) {
  await headerMenu(page.getByRole('navigation', { name: 'Main' }), new RegExp(name)).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/user-login');
}

async function consentAtSandbox(page: Page, provider: 'Google' | 'Facebook', email: string, name: string) {
  await page.waitForURL(`**/sandbox/${provider.toLowerCase()}/authorize?**`);
  await page.getByRole('heading', { name: `Sign in with ${provider}` }).waitFor();
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Allow' }).click();
}

describe('two-factor authentication', () => {
  it('turns on with the shown secret, asks for the code at login, takes a recovery code once, and turns off', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('two-factor');
    await activatedAccount(email, 'Alan');
    await logIn(page, email);
    await notice(page, 'You have logged in successfully');
    await page.waitForURL('**/project-plans');

    await page.goto('/myAccount');
    const twoFactor = page.getByRole('switch', { name: 'Two-factor authentication' });
    await expect.poll(() => twoFactor.getAttribute('aria-checked')).toBe('false');
    await twoFactor.click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('img', { name: /QR code/ }).waitFor();
    await expectAccessible(page);
    const secret = (await modal.locator('.two-factor__secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const app = authenticator(secret);
    await modal.getByLabel('Authentication code').fill('000000');
    await modal.getByRole('button', { name: 'Turn on' }).click();
    await modal.getByText('The code is not correct, please try again').waitFor();
    await modal.getByLabel('Authentication code').fill(await app.code());
    await modal.getByRole('button', { name: 'Turn on' }).click();
    const codeList = modal.getByRole('list', { name: 'Recovery codes' });
    await codeList.waitFor();
    const recoveryCodes = (await codeList.locator('code').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await expectAccessible(page);
    await modal.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => twoFactor.getAttribute('aria-checked')).toBe('true');

    await logOut(page, 'Alan');
    await logIn(page, email);
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Authentication code').fill(await app.code());
    await page.getByRole('button', { name: 'Verify' }).click();
    await notice(page, 'You have logged in successfully');
    await page.waitForURL('**/project-plans');

    await logOut(page, 'Alan');
    await logIn(page, email);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await notice(page, 'You have logged in successfully');
    await page.waitForURL('**/project-plans');

    await logOut(page, 'Alan');
    await logIn(page, email);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await notice(page, 'The code is not correct, please try again');
    await page.getByLabel('Recovery code').fill(recoveryCodes[1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await notice(page, 'You have logged in successfully');
    await page.waitForURL('**/project-plans');

    await page.goto('/myAccount');
    await expect.poll(() => twoFactor.getAttribute('aria-checked')).toBe('true');
    await page.getByText('Recovery codes left: 8.').waitFor();
    await twoFactor.click();
    await modal.getByLabel('Authentication code').fill(await app.code());
    await modal.getByRole('button', { name: 'Turn off' }).click();
    await notice(page, 'Your account no longer asks for a code at login.');
    await expect.poll(() => twoFactor.getAttribute('aria-checked')).toBe('false');

    await logOut(page, 'Alan');
    await logIn(page, email);
    await notice(page, 'You have logged in successfully');
    await context.close();
  });
});

describe('Google and Facebook sign-in (sandbox provider)', () => {
  it('signs up with Google and lands on activation', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('google');
    await page.goto('/register');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await consentAtSandbox(page, 'Google', email, 'Grace Hopper');
    await notice(page, 'Activate Account');
    await page.waitForURL((url) => url.pathname === '/activate-account');
    // Nothing of the hand-over is left in the address or the history.
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    await completeActivation(page, { given: 'Grace', family: 'Hopper' });
    await context.close();
  });

  it('asks for the second factor after a Google sign-in when it is on', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('google-two-factor');
    await activatedAccount(email, 'Hedy');
    const { access_token } = await api<{ access_token: string }>('/api/identity/sign-in', {
      email,
      password: PASSWORD,
    });
    const { secret } = await api<{ secret: string }>('/api/identity/mfa/setup', {}, access_token);
    const app = authenticator(secret);
    await api('/api/identity/mfa/enable', { code: await app.code() }, access_token);

    await page.goto('/user-login');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await consentAtSandbox(page, 'Google', email, 'Hedy Lamarr');
    await page.waitForURL('**/social-sign-in');
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Authentication code').fill(await app.code());
    await page.getByRole('button', { name: 'Verify' }).click();
    await notice(page, 'You have logged in successfully');
    await page.waitForURL('**/project-plans');
    await context.close();
  });

  it('says when the person denies the request', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/user-login');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.waitForURL('**/sandbox/google/authorize?**');
    await page.getByRole('button', { name: 'Deny' }).click();
    await notice(page, 'The sign-in was cancelled');
    await page.waitForURL('**/user-login');
    await context.close();
  });

  it('signs in with Facebook into an existing account, which shows the link and can unlink it', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('facebook');
    await activatedAccount(email, 'Katherine');
    await page.goto('/user-login');
    await page.getByRole('link', { name: 'Continue with Facebook' }).click();
    await consentAtSandbox(page, 'Facebook', email, 'Katherine Johnson');
    await notice(page, 'You have logged in successfully');
    await page.waitForURL('**/project-plans');

    await page.goto('/myAccount');
    await page.getByText(`you can log in with Facebook as ${email}`, { exact: false }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Unlink Facebook' }).click();
    await notice(page, 'Account unlinked');
    await expect.poll(() => page.getByRole('button', { name: 'Unlink Facebook' }).count()).toBe(0);
    await context.close();
  });
});

describe('active sessions', () => {
  it('lists the devices, ends another session, and that session’s next request is refused', async () => {
    const email = freshEmail('sessions');
    await activatedAccount(email, 'Barbara');
    const first = await newPage(browser);
    const second = await newPage(browser);
    const third = await newPage(browser);
    for (const { page } of [first, second, third]) {
      await logIn(page, email);
      await page.waitForURL('**/project-plans');
    }

    await first.page.goto('/myAccount');
    const section = first.page.getByRole('region', { name: 'Active sessions' });
    await expect.poll(() => section.getByRole('listitem').count()).toBe(3);
    await section.getByText('This device').waitFor();
    await section
      .getByText(/Place \(IP\): 127\.0\.0\.1/)
      .first()
      .waitFor();
    await expectAccessible(first.page);

    await section.getByRole('button', { name: 'End', exact: true }).first().click();
    await notice(first.page, 'That device has been logged out.');
    await expect.poll(() => section.getByRole('listitem').count()).toBe(2);

    // Whichever of the two others was ended is refused at its next request and logged out.
    const refused = async (page: Page) => {
      const answer = page.waitForResponse((r) => r.url().includes('/api/identity/current-user'));
      await page.goto('/myAccount');
      return (await answer).status();
    };
    const statuses = [await refused(second.page), await refused(third.page)];
    expect(statuses.sort()).toEqual([200, 401]);
    const ended = statuses.indexOf(401) === 0 ? second.page : third.page;
    const kept = ended === second.page ? third.page : second.page;
    await ended.waitForURL('**/user-login');
    expect(await ended.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

    await section.getByRole('button', { name: 'End all other sessions' }).click();
    await notice(first.page, 'Every other device has been logged out.');
    await expect.poll(() => section.getByRole('listitem').count()).toBe(1);
    const answer = kept.waitForResponse((r) => r.url().includes('/api/identity/current-user'));
    await kept.reload();
    expect((await answer).status()).toBe(401);
    await kept.waitForURL('**/user-login');

    for (const { context } of [first, second, third]) await context.close();
  });
});
