import type { MyPlan, MyPlanDocument } from '@dpp/shared/schemas/my-plans';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, settled } from './browser';
import { freshEmail } from './mailbox';
import { FREE_TEMPLATE } from './plan-editor';
import { connectSandboxAsana, findNode, type TreeNode } from './sandbox';
import { activatedUser } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A call of the API with the page's own session. */
async function asMember(page: Page, method: 'GET' | 'PUT', path: string, body?: unknown): Promise<Response> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  return fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

/** The first two tasks with a start and a priority each (the editor's own journeys set them by hand). */
function withStartsAndPriorities(plan: MyPlanDocument): MyPlanDocument {
  const edits = [
    { start_date: '2027-03-01', due_date: '2027-03-04', priority: 'high' },
    { start_date: '2027-03-02', due_date: '2027-03-09', priority: 'low' },
  ] as const;
  let n = 0;
  return {
    ...plan,
    sections: plan.sections.map((s) => ({
      ...s,
      tasks: s.tasks.map((t) => {
        const edit = edits[n++];
        return edit ? { ...t, ...edit } : t;
      }),
    })),
  };
}

const TOOLS = [
  { tool: 'asana', name: 'Asana', success: '/upload-action/asana/upload/success' },
  { tool: 'clickup', name: 'ClickUp', success: '/upload-action/clickup/upload/success' },
  { tool: 'monday', name: 'monday.com', success: '/upload-action/upload/success' },
] as const;

/** From the copy's editor through the wizard into a tool's sandbox, until the success page. */
async function send(page: Page, id: number, email: string, target: (typeof TOOLS)[number]) {
  await page.goto(`/my-plans/${id}`);
  await page.getByRole('button', { name: 'Send to a task tool' }).click();
  await settled(page).getByRole('button', { name: 'Choose the tool' }).click();
  // The wizard's code is fetched only now. Where it never opens, the page and its notices say why.
  await page
    .waitForURL((url) => url.pathname === '/upload-action')
    .catch(async (error: Error) => {
      const notices = await page.locator('.ant-notification-notice, [role="alert"]').allTextContents();
      throw new Error(`${error.message}\nThe page stayed at ${page.url()}; its notices: ${JSON.stringify(notices)}`);
    });
  await page.getByRole('radio', { name: target.name }).check();
  await page.getByRole('button', { name: 'Next Step' }).click();
  if (target.tool === 'asana') {
    await connectSandboxAsana(page, email);
  } else {
    await page.getByRole('button', { name: `Connect with ${target.name}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/sandbox/${target.tool}/`));
    await page.getByLabel('Sandbox account e-mail').fill(email);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.pathname === '/upload-action/select-workspace');
    await page.getByRole('radio').first().check();
  }
  await page.getByRole('button', { name: 'Upload action plan' }).click();
  await page.waitForURL((url) => url.pathname === target.success);
}

/** The plan's tasks in a tool's sandbox, as its page's JSON twin has them. */
async function sentTasks(tool: string, email: string, project: string): Promise<TreeNode[]> {
  const index = (await (await fetch(`${baseUrl()}/sandbox/${tool}/index.json`)).json()) as {
    accounts: { email: string; tree: TreeNode[] }[];
  };
  const root = findNode(index.accounts.find((a) => a.email === email)!.tree, (n) => n.name === project);
  expect(root).toBeDefined();
  return root!.children.flatMap((section) => section.children);
}

/** The text of a task's line on a sandbox page (its list item, without its subtasks). */
async function pageLine(page: Page, tool: string, email: string, taskName: string): Promise<string> {
  await page.goto(`/sandbox/${tool}/`);
  const item = page
    .getByRole('region', { name: email })
    .locator('li')
    .filter({ has: page.getByRole('button', { name: `Mark done: ${taskName}`, exact: true }) })
    .last();
  return item.evaluate((li) => {
    const copy = li.cloneNode(true) as HTMLElement;
    for (const list of Array.from(copy.querySelectorAll('ul'))) list.remove();
    return copy.textContent ?? '';
  });
}

describe('sending carries what the plan holds', () => {
  it('sends a plan with start dates and priorities to the Asana, ClickUp and monday.com sandboxes, and each has them', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('send-fields');
    await activatedUser(page, email);
    await page.goto(`/project-plans/${FREE_TEMPLATE}`);
    await page.getByRole('button', { name: 'Save to My Plans' }).click();
    await page.waitForURL((url) => /^\/my-plans\/\d+$/.test(url.pathname));
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const copy = (await (await asMember(page, 'GET', `/api/my-plans/${id}`)).json()) as MyPlan;
    const name = 'Bakery launch with starts';
    const saved = await asMember(page, 'PUT', `/api/my-plans/${id}`, {
      version: copy.version,
      name,
      plan: withStartsAndPriorities(copy.plan),
    });
    expect(saved.status).toBe(200);
    const [first, second] = copy.plan.sections.flatMap((s) => s.tasks);

    for (const target of TOOLS) await send(page, id, email, target);

    // Asana: start_on beside the due date; the priority atop the notes (Asana has no priority field of its own).
    const asana = await sentTasks('asana', email, name);
    expect(asana[0]!.details).toMatchObject({ start_on: '2027-03-01', due_on: '2027-03-04' });
    expect(String(asana[0]!.details.notes)).toMatch(/^Priority: High\n/);
    expect(asana[1]!.details).toMatchObject({ start_on: '2027-03-02', due_on: '2027-03-09' });
    expect(String(asana[1]!.details.notes)).toMatch(/^Priority: Low\n/);
    const asanaLine = await pageLine(page, 'asana', email, first!.name);
    expect(asanaLine).toContain('start_on: 2027-03-01');
    expect(asanaLine).toContain('Priority: High');

    // ClickUp: start_date in milliseconds (midday UTC, no time) and ClickUp's own priorities.
    const clickup = await sentTasks('clickup', email, name);
    const midday = (day: string) => String(Date.parse(`${day}T12:00:00Z`));
    expect(clickup[0]!.details).toMatchObject({ start_date: midday('2027-03-01'), priority: 'high' });
    expect(clickup[1]!.details).toMatchObject({ start_date: midday('2027-03-02'), priority: 'low' });
    const clickupLine = await pageLine(page, 'clickup', email, second!.name);
    expect(clickupLine).toContain(`start_date: ${midday('2027-03-02')}`);
    expect(clickupLine).toContain('priority: low');

    // monday.com: the board's Start date and Priority columns.
    const monday = await sentTasks('monday', email, name);
    expect(monday[0]!.details.columns).toMatchObject({ 'Start date': '2027-03-01', Priority: 'High' });
    expect(monday[1]!.details.columns).toMatchObject({ 'Start date': '2027-03-02', Priority: 'Low' });
    const mondayLine = await pageLine(page, 'monday', email, first!.name);
    expect(mondayLine).toContain('Start date: 2027-03-01');
    expect(mondayLine).toContain('Priority: High');
    await context.close();
  });
});
