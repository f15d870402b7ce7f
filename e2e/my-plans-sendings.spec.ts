import { PROGRESS_MIN_READ_GAP_MS } from '@dpp/shared/rules/progress';
import { MY_PLAN_PROGRESS_MESSAGES, type MyPlan, type MyPlanProgress } from '@dpp/shared/schemas/my-plans';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSandboxTool, httpCaller, startUpload } from '../apps/server/test/sandbox-sending';
import { waitFor } from '../apps/server/test/wait-for';
import { baseUrl, expectAccessible, launchBrowser, newPage } from './browser';
import { freshEmail } from './mailbox';
import { deleteSandboxProject } from './sandbox';
import { activatedUser } from './session';

const FREE_TEMPLATE = 'project-planning-made-easy-with-5-simple-principles';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('My Plans follows every sending of a plan', () => {
  it('lists a plan sent to Asana and to ClickUp, and shows the Asana project deleted there as gone, with no link', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('sendings');
    await activatedUser(page, email);
    // Set up through the API as the page's own session: the copy, then the wizard's calls for each tool.
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const auth = { authorization: `Bearer ${token}` };
    const api = httpCaller(baseUrl());
    const template = (await api.call('GET', `/api/project-plans/${FREE_TEMPLATE}`)).json() as { id: number };
    const copy = (
      await api.call('POST', '/api/my-plans', { source: 'template', templateId: template.id }, auth)
    ).json() as MyPlan;
    const clientId = ((await api.call('POST', '/api/client/get', { email }, auth)).json() as { id: number }).id;
    for (const tool of ['asana', 'clickup'] as const) {
      const { handle, placeId } = await connectSandboxTool(api, auth, tool, email);
      const { jobId } = await startUpload(api, auth, tool, { handle, placeId, planId: `my-plan-${copy.id}`, clientId });
      await waitFor(`the upload to ${tool}`, async () => {
        const job = (await api.call('GET', `/api/upload-jobs/${jobId}`, undefined, auth)).json() as { state: string };
        return job.state === 'succeeded' ? true : undefined;
      });
    }
    // Both first reads (queued at sending) have ended: each sending was read once.
    const read = await waitFor('the first reads of both sendings', async () => {
      const answer = (
        await api.call('GET', `/api/my-plans/${copy.id}/progress`, undefined, auth)
      ).json() as MyPlanProgress;
      return answer.sendings.length === 2 && answer.sendings.every((s) => s.state === 'ok') ? answer : undefined;
    });
    const [clickup, asana] = read.sendings;
    const asanaProject = new URL(asana!.project_url!).hash;
    await deleteSandboxProject('asana', decodeURIComponent(asanaProject.replace('#obj-', '')));

    await page.goto('/my-plans');
    const sendings = page.getByRole('list', { name: `Sendings of ${copy.name}` });
    await sendings.getByRole('listitem').nth(1).waitFor();
    // A Refresh within the rule's gap of the last read answers that read: its own time is let pass, as the server's
    // clock is its own process's and cannot be moved from here.
    const lastRead = Math.max(...read.sendings.map((s) => Date.parse(s.read_at!)));
    await page.waitForTimeout(Math.max(0, lastRead + PROGRESS_MIN_READ_GAP_MS - Date.now()));
    const refreshed = page.waitForResponse(
      (r) => r.url().endsWith(`/api/my-plans/${copy.id}/progress`) && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: `Refresh the progress of ${copy.name}` }).click();
    expect((await refreshed).status()).toBe(200);

    const gone = sendings.getByRole('listitem').filter({ hasText: 'Asana' });
    await gone.getByText(MY_PLAN_PROGRESS_MESSAGES.GONE('Asana')).waitFor();
    // The deleted project: no link at all, and none of its old figures.
    expect(await gone.getByRole('link').count()).toBe(0);
    expect(await page.locator(`a[href$="${asanaProject}"]`).count()).toBe(0);
    expect(await gone.textContent()).not.toMatch(/ of \d+ done/);
    // The ClickUp sending goes on: its link and its figures.
    const live = sendings.getByRole('listitem').filter({ hasText: 'ClickUp' });
    expect(await live.getByRole('link', { name: /^Open the project/ }).getAttribute('href')).toBe(clickup!.project_url);
    await live.getByText(`0 of ${clickup!.total} done`).waitFor();
    expect(await sendings.getByRole('listitem').count()).toBe(2);
    await expectAccessible(page);
    await context.close();
  });
});
