import { addDays, todayUtc } from '@dpp/shared/rules/my-plans';
import { PROGRESS_MIN_READ_GAP_MS } from '@dpp/shared/rules/progress';
import { MY_PLAN_PROGRESS_MESSAGES, type MyPlan, type MyPlanProgress } from '@dpp/shared/schemas/my-plans';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSandboxTool, httpCaller, startUpload } from '../apps/server/test/sandbox-sending';
import { waitFor } from '../apps/server/test/wait-for';
import { baseUrl, expectAccessible, launchBrowser, newPage } from './browser';
import { freshEmail } from './mailbox';
import { FREE_TEMPLATE } from './plan-editor';
import { deleteSandboxProject, findNode, type TreeNode } from './sandbox';
import { activatedUser } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('My Plans follows every sending of a plan', () => {
  it('lists a plan sent to Asana and to ClickUp, shows the Asana project deleted there as gone with no link, and the editor marks done and late tasks', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('sendings');
    await activatedUser(page, email);
    // Set up through the API as the page's own session: the copy, then the wizard's calls for each tool.
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const auth = { authorization: `Bearer ${token}` };
    const api = httpCaller(baseUrl());
    const template = (await api.call('GET', `/api/project-plans/${FREE_TEMPLATE}`)).json() as { id: number };
    // Started 20 days ago: its first tasks are due in the past.
    const start_date = addDays(todayUtc(), -20);
    const copy = (
      await api.call('POST', '/api/my-plans', { source: 'template', templateId: template.id, start_date }, auth)
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
    // The project's address is Asana's own (/0/<gid>/list), at the simulator.
    const asanaProject = /^\/sandbox\/asana\/0\/(\d+)\/list$/.exec(new URL(asana!.project_url!).pathname)![1]!;
    await deleteSandboxProject('asana', asanaProject);
    // The plan's first task is ticked done in ClickUp, on the simulator's page as a person would.
    const [first, ...others] = copy.plan.sections.flatMap((s) => s.tasks);
    const index = (await (await fetch(`${baseUrl()}/sandbox/clickup/index.json`)).json()) as {
      accounts: { email: string; tree: TreeNode[] }[];
    };
    const ticked = findNode(index.accounts.find((a) => a.email === email)!.tree, (n) => n.name === first!.name)!;
    const tick = await fetch(`${baseUrl()}/sandbox/clickup/-/tasks/${ticked.id}/done`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'done=true',
    });
    expect(tick.status).toBe(303);

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
    await live.getByText(`1 of ${clickup!.total} done`).waitFor();
    expect(await sendings.getByRole('listitem').count()).toBe(2);
    await expectAccessible(page);

    // The editor marks the task done in ClickUp as done, and an open one due before today as late, in words.
    const late = others.find((t) => t.due_date !== null && t.due_date < todayUtc())!;
    await page.goto(`/my-plans/${copy.id}`);
    const row = (id: string) => page.locator(`[data-task-id="${id}"] > .plan-editor__row`);
    await row(first!.id).getByText('Done', { exact: true }).waitFor();
    await row(late.id).getByText('Late', { exact: true }).waitFor();
    expect(await row(first!.id).getByText('Late', { exact: true }).count()).toBe(0);
    await expectAccessible(page);
    await context.close();
  });
});
