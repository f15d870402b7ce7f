import { INSIGHTS_MESSAGES, MEMBER_ADMIN_MESSAGES } from '@dpp/shared/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './admin';
import { baseUrl, chooseOption, DESKTOP, expectAccessible, launchBrowser, settled, waitForTakeover } from './browser';
import { freshEmail } from './mailbox';
import { activatedUser, PASSWORD } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const signIn = (email: string, password: string) =>
  fetch(`${baseUrl()}/api/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

/** The status of a request the page makes with the session it holds. */
const sessionStatus = (page: Page) =>
  page.evaluate(async () => {
    const token = window.localStorage.getItem('accessToken');
    return (await fetch('/api/identity/sessions', { headers: { authorization: `Bearer ${token}` } })).status;
  });

/** The administrator's /admin_panel, signed in through the login page. */
async function adminPanel() {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), acceptDownloads: true });
  const page = await context.newPage();
  await page.goto('/user-login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname !== '/user-login');
  await page.goto('/admin_panel');
  await waitForTakeover(page);
  return { context, page };
}

/**
 * Confirms the action a button of the member's page asks about, and waits for the server's answer to that action
 * (registered before the click, so an answer that comes at once is not missed), then for the page to say it.
 */
async function confirmAction(page: Page, label: string, action: string, done: string) {
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('button', { name: label, exact: true }).click();
  const confirmation = settled(page, '.ant-popconfirm');
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith(`/${action}`),
  );
  await confirmation.getByRole('button', { name: label, exact: true }).click();
  expect((await answered).status()).toBe(200);
  await page.getByText(done, { exact: true }).first().waitFor();
}

describe('the members and insights tabs', () => {
  it('lets an administrator find a locked member, lift the lock and end their sessions', async () => {
    // A member signed in, then locked out by failed attempts from the same address.
    const email = freshEmail('locked-member');
    const memberContext = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    const memberPage = await memberContext.newPage();
    await activatedUser(memberPage, email);
    expect(await sessionStatus(memberPage)).toBe(200);
    for (let attempt = 0; attempt < 6; attempt++) await signIn(email, 'Wrong#Password1');
    expect((await signIn(email, PASSWORD)).status).toBe(429);

    // The administrator finds them with the search and the Locked filter.
    const { context: adminContext, page } = await adminPanel();
    await page.getByRole('tab', { name: MEMBER_ADMIN_MESSAGES.TAB }).click();
    await chooseOption(page.getByLabel('Locked', { exact: true }), 'Locked: yes');
    await page.getByLabel('Search members').fill(email);
    await page.getByLabel('Search members').press('Enter');
    const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await row.getByText('Locked', { exact: true }).waitFor();
    await expectAccessible(page);

    // Their page: the lock is lifted, then every session ended, each after a confirmation.
    await row.getByRole('button', { name: `Open ${email}` }).click();
    await page.getByRole('dialog').getByText('Audit events').waitFor();
    await expectAccessible(page);
    await confirmAction(page, 'Lift the lock', 'lift-lock', MEMBER_ADMIN_MESSAGES.LOCK_LIFTED);
    // The page shows the lock gone before the next action: its redrawing moves the buttons.
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Lift the lock', exact: true })
      .waitFor({ state: 'detached' });
    await confirmAction(page, 'End all sessions', 'end-sessions', MEMBER_ADMIN_MESSAGES.SESSIONS_ENDED);

    // The member's next request is refused; the right password signs them in again.
    expect(await sessionStatus(memberPage)).toBe(401);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
    await adminContext.close();
    await memberContext.close();
  });

  it('shows the administrator the insights of a range of days, charts and tables, each table also as CSV', async () => {
    const { context, page } = await adminPanel();
    await page.getByRole('tab', { name: INSIGHTS_MESSAGES.TAB }).click();
    const downloads = page.getByRole('button', { name: 'Download CSV' });
    await downloads.first().waitFor();
    // The charts arrive after the tables (their code is fetched with the tab): axe checks them drawn.
    for (const name of [/sign-ups and activations per day/, /uploads per tool/, /monthly recurring revenue/]) {
      await page.getByRole('img', { name }).locator('svg').first().waitFor();
    }
    // Most taken templates counts copies taken into My Plans beside the uploads, and says how each counts.
    await page.getByRole('columnheader', { name: 'Copies in My Plans' }).waitFor();
    await page.getByText('Copies in My Plans: the template taken with “Save to My Plans”.', { exact: false }).waitFor();
    await expectAccessible(page);
    const [download] = await Promise.all([page.waitForEvent('download'), downloads.first().click()]);
    expect(download.suggestedFilename()).toMatch(/^insights-[a-z_]+-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    await context.close();
  });
});
