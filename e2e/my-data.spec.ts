import { readFileSync } from 'node:fs';
import { AUTH_MESSAGES, MY_DATA_MESSAGES } from '@dpp/shared/messages';
import JSZip from 'jszip';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, expectAccessible, launchBrowser, waitForTakeover } from './browser';
import { freshEmail, mailedLink } from './mailbox';
import { activatedUser, completeActivation, PASSWORD } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('my data', () => {
  it('lets a member download their archive and delete their account, after which the e-mail starts afresh', async () => {
    const email = freshEmail('my-data');
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), acceptDownloads: true });
    const page = await context.newPage();
    await activatedUser(page, email);

    await page.goto('/myAccount');
    // A click before the app has taken the page over would do nothing.
    await waitForTakeover(page);
    const section = page.getByRole('region', { name: MY_DATA_MESSAGES.SECTION_TITLE });
    await section.waitFor();
    await expectAccessible(page);

    // The archive: a job, then one download that holds the member's e-mail.
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: MY_DATA_MESSAGES.DOWNLOAD_BUTTON }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await JSZip.loadAsync(readFileSync((await file.path())!));
    expect(Object.keys(zip.files)).toContain('README.txt');
    const profile = JSON.parse(await zip.file('profile.json')!.async('string'));
    expect(profile.users[0].email).toBe(email);
    await page.getByText(MY_DATA_MESSAGES.DOWNLOAD_READY_TITLE).first().waitFor();

    // The deletion: a wrong password is refused and deletes nothing, the right one deletes and logs out.
    await section.getByRole('button', { name: MY_DATA_MESSAGES.DELETE_BUTTON }).click();
    const dialog = page.getByRole('dialog', { name: MY_DATA_MESSAGES.DELETE_CONFIRM_TITLE });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByLabel(MY_DATA_MESSAGES.DELETE_PASSWORD_LABEL).fill('Wrong#Pass1');
    await dialog.getByRole('button', { name: MY_DATA_MESSAGES.DELETE_CONFIRM_OK }).click();
    await dialog.getByText(MY_DATA_MESSAGES.WRONG_PASSWORD).waitFor();
    await dialog.getByLabel(MY_DATA_MESSAGES.DELETE_PASSWORD_LABEL).fill(PASSWORD);
    await dialog.getByRole('button', { name: MY_DATA_MESSAGES.DELETE_CONFIRM_OK }).click();
    await page.getByText(MY_DATA_MESSAGES.DELETED_TITLE).first().waitFor();
    await page.waitForURL((url) => url.pathname !== '/myAccount');

    // The old credentials no longer sign in.
    await page.goto('/user-login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText(AUTH_MESSAGES.CREDENTIALS_MISMATCH).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/user-login');

    // The e-mail signs up afresh, as a new member.
    const signUp = await fetch(`${baseUrl()}/api/identity/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(signUp.status).toBe(200);
    await context.close();
  });

  it('deletes an account made with Google, without a password or a second factor, through the link it mails', async () => {
    const email = freshEmail('my-data-google');
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    const page = await context.newPage();
    // Signed up through the sandbox Google, then activated.
    await page.goto('/register');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.waitForURL('**/sandbox/google/authorize?**');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.pathname === '/activate-account');
    await completeActivation(page);

    await page.goto('/myAccount');
    await waitForTakeover(page);
    const section = page.getByRole('region', { name: MY_DATA_MESSAGES.SECTION_TITLE });
    await section.getByRole('button', { name: MY_DATA_MESSAGES.DELETE_BUTTON }).click();
    const dialog = page.getByRole('dialog', { name: MY_DATA_MESSAGES.DELETE_CONFIRM_TITLE });
    await dialog.getByText(MY_DATA_MESSAGES.DELETE_LINK_INTRO).waitFor();
    // Nothing to type: the e-mail any session can read proves nothing.
    expect(await dialog.getByRole('textbox').count()).toBe(0);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: MY_DATA_MESSAGES.DELETE_LINK_BUTTON }).click();
    const sent = page.getByRole('dialog', { name: MY_DATA_MESSAGES.LINK_SENT_TITLE });
    await sent.getByText(/We sent a link to .* within 30 minutes/).waitFor();
    await expectAccessible(page);
    await sent.getByRole('button', { name: 'Done' }).click();
    // Nothing is deleted until the link is followed.
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const currentUser = () =>
      fetch(`${baseUrl()}/api/identity/current-user`, { headers: { authorization: `Bearer ${token}` } });
    expect((await currentUser()).status).toBe(200);

    // The link, opened in this browser, signed in: the account goes, and the browser is signed out.
    await page.goto(await mailedLink(email, '/delete-account/'));
    await page.getByText(MY_DATA_MESSAGES.DELETED_TITLE).first().waitFor();
    await page.waitForURL((url) => !url.pathname.startsWith('/delete-account/'));
    expect((await currentUser()).status).toBe(401);
    await context.close();
  });
});
