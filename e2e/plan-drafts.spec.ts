import type { MyPlan } from '@dpp/shared/schemas/my-plans';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TEMPLATES } from '../apps/server/src/db/seed-data/templates';
import { baseUrl, expectAccessible, launchBrowser, newPage } from './browser';
import { freshEmail } from './mailbox';
import { FREE_TEMPLATE, savedAbove, savedVersion } from './plan-editor';
import { activatedUser, PASSWORD } from './session';

const template = SEED_TEMPLATES.find((t) => t.slug === FREE_TEMPLATE)!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const { token, ...rest } = init;
  const response = await fetch(`${baseUrl()}${path}`, {
    ...rest,
    headers: {
      ...(rest.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The copy as the server holds it, read with a session of its own (the page's may have ended). */
async function storedCopy(email: string, id: number): Promise<MyPlan> {
  const { access_token } = await api<{ access_token: string }>('/api/identity/sign-in', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return api<MyPlan>(`/api/my-plans/${id}`, { token: access_token });
}

/** The free template's page, Save to My Plans: the new copy opens in the editor; its id. */
async function takeFreeTemplate(page: Page): Promise<number> {
  await page.goto(`/project-plans/${FREE_TEMPLATE}`);
  await page.getByRole('button', { name: 'Save to My Plans' }).click();
  await page.waitForURL((url) => /^\/my-plans\/\d+$/.test(url.pathname));
  await page.getByRole('textbox', { name: 'Plan name' }).waitFor();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

const taskName = (page: Page, index: number) =>
  page.getByRole('textbox', { name: 'Task name', exact: true }).nth(index);

describe('the plan editor never loses an edit', () => {
  it('keeps an edit made after the session ended, says so, and saves it once the member signs in again', async () => {
    const { page } = await newPage(browser);
    const email = freshEmail('drafts-session');
    await activatedUser(page, email);
    const id = await takeFreeTemplate(page);
    const taken = await savedVersion(page);

    // Every session of the member ends elsewhere ("sign out everywhere else" from another device).
    const other = await api<{ access_token: string }>('/api/identity/sign-in', {
      method: 'POST',
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    await api('/api/identity/sessions/revoke-others', { method: 'POST', body: '{}', token: other.access_token });
    await api('/api/identity/sign-out', { method: 'POST', body: '{}', token: other.access_token });

    // The next edit's save is refused: the page stays, says why, and keeps the edit.
    await taskName(page, 0).fill('Edited after the session ended');
    const ended = page.getByRole('alert').filter({ hasText: 'Your session has ended.' });
    await ended.waitFor();
    expect(await ended.textContent()).toContain('Sign in again to save your changes — they are kept on this device.');
    expect(new URL(page.url()).pathname).toBe(`/my-plans/${id}`);
    expect(await taskName(page, 0).inputValue()).toBe('Edited after the session ended');
    await expectAccessible(page);
    expect((await storedCopy(email, id)).version).toBe(taken);

    // Sign in again: back in the same editor, which finds the kept edit and saves it.
    await ended.getByRole('button', { name: 'Sign in again' }).click();
    await page.waitForURL('**/user-login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === `/my-plans/${id}`);
    await savedAbove(page, taken);
    expect(await taskName(page, 0).inputValue()).toBe('Edited after the session ended');
    const stored = await storedCopy(email, id);
    expect(stored.plan.sections[0]!.tasks[0]!.name).toBe('Edited after the session ended');
    expect(stored.version).toBe(taken + 1);
  });

  it('keeps both tabs’ work when the later save is refused, and says which change could not be kept', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('drafts-tabs');
    await activatedUser(page, email);
    const id = await takeFreeTemplate(page);
    const [firstTask, secondTask, thirdTask] = template.plan.sections[0]!.tasks;
    const second = await context.newPage();
    await second.goto(`/my-plans/${id}`);
    await second.getByRole('textbox', { name: 'Plan name' }).waitFor();

    // The first tab renames the first task and deletes the third one; its save wins.
    const taken = await savedVersion(page);
    await taskName(page, 0).fill('Text from the first tab');
    await page.getByRole('button', { name: `Delete task ${thirdTask!.name}` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => taskName(page, 2).inputValue()).not.toBe(thirdTask!.name);
    await savedAbove(page, taken);
    const firstSaved = await savedVersion(page);

    // The second tab, still at the older version, renames the second task and the third (deleted meanwhile).
    await taskName(second, 1).fill('Text from the second tab');
    await taskName(second, 2).fill('Renamed in the second tab');
    // Its save is refused, then made again on top of the latest copy: saved above the first tab's version, or
    // stopped at the conflict (the old behaviour, which the checks below then fail on).
    await second.waitForFunction((before) => {
      const region = document.querySelector<HTMLElement>('.plan-editor__status');
      return (
        (region?.dataset.status === 'saved' && Number(region.dataset.version) > before) ||
        region?.dataset.status === 'conflict'
      );
    }, firstSaved);
    const merged = await storedCopy(email, id);
    const names = merged.plan.sections[0]!.tasks.map((t) => t.name);
    expect(names.slice(0, 2)).toEqual(['Text from the first tab', 'Text from the second tab']);
    expect(names).not.toContain('Renamed in the second tab');
    expect(names).not.toContain(thirdTask!.name);
    expect(names).not.toContain(firstTask!.name);
    expect(names).not.toContain(secondTask!.name);
    // The page shows the latest with its own changes, and names the change it could not keep.
    expect(await taskName(second, 0).inputValue()).toBe('Text from the first tab');
    const skipped = second.getByRole('alert').filter({ hasText: 'could not be kept' });
    await skipped.waitFor();
    expect(await skipped.textContent()).toContain(thirdTask!.name);
    await expectAccessible(second);

    // Editing on in the second tab saves again, from the version the last save answered.
    const merged1 = await savedVersion(second);
    await taskName(second, 1).fill('Text from the second tab, edited on');
    await savedAbove(second, merged1);
    const last = await storedCopy(email, id);
    expect(last.plan.sections[0]!.tasks.map((t) => t.name).slice(0, 2)).toEqual([
      'Text from the first tab',
      'Text from the second tab, edited on',
    ]);
  });
});
