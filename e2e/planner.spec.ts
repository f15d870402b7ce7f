import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDatabase } from '../apps/server/src/db/seed';
import { clients } from '../apps/server/src/modules/clients/clients.tables';
import { waitFor } from '../apps/server/test/wait-for';
import { chooseOption, DESKTOP, expectAccessible, launchBrowser } from './browser';
import { connectSandboxAsana } from './sandbox';
import { completeActivation } from './session';

/**
 * The planner needs a member on a paid plan, and subscriptions are billing's. This journey runs its own
 * server on a database prepared with a Premium client record for the account it then signs up, and with
 * the offline planner streaming fast.
 */
const SERVER_ENTRY = new URL('../apps/server/dist/main.js', import.meta.url).pathname;
const PASSWORD = 'Planner#2026';

interface SandboxNode {
  name: string;
  children: SandboxNode[];
}
const namesIn = (nodes: SandboxNode[]): string[] => nodes.flatMap((n) => [n.name, ...namesIn(n.children)]);
const EMAIL = `planner.${Date.now()}@example.com`;
const ROOM_EMAIL = `planner.room.${Date.now()}@example.com`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

let browser: Browser;
let server: ChildProcess;
let dataDir: string;
let baseURL: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dpp-planner-e2e-'));
  const handle = await openDatabase({ dataDir, poolSize: 1 });
  await migrateDatabase(handle);
  await seedDatabase(handle.db);
  await handle.db.insert(clients).values([
    { email: EMAIL, isSubscribed: '2', planName: 'Premium Monthly Membership' },
    { email: ROOM_EMAIL, isSubscribed: '2', planName: 'Premium Monthly Membership' },
  ]);
  await handle.close();
  const port = await freePort();
  server = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      // Where the task tools' simulators send the browser back after their consent page.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AI_OFFLINE_DELAY_MS: '1',
      // As on the journeys' shared server (global-setup.ts): the worker pool's limit is one for a hang.
      WORKER_TASK_SECONDS: '300',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  baseURL = `http://127.0.0.1:${port}`;
  const healthy = await waitFor(
    'the planner server to become healthy',
    async () => (server.exitCode !== null ? false : (await fetch(`${baseURL}/healthz`)).ok || undefined),
    { timeoutMs: 150_000, intervalMs: 250 },
  );
  if (!healthy) throw new Error(`The planner server exited with code ${server.exitCode}`);
  browser = await launchBrowser();
  // Two embedded databases start on a shared machine: WebAssembly start-up alone can take tens of seconds.
}, 240_000);
afterAll(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

async function mailedLink(to: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  const messages = (await res.json()) as { links: string[] }[];
  const link = messages.flatMap((m) => m.links).find((l) => l.includes('/activate-account/'));
  if (!link) throw new Error(`no activation link for ${to}`);
  return new URL(link).pathname;
}

/** Sign-up, verification, login and activation, as in the accounts journey. */
async function activatedMember(page: Page, email = EMAIL) {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/register/success');
  await page.goto(await mailedLink(email));
  await page.waitForURL('**/user-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/activate-account');
  await completeActivation(page);
}

/**
 * antd animates buttons between disabled and enabled: contrast is measured once no transition is running
 * (endless ones, such as a spinner's, never settle and are left out).
 */
async function expectAccessibleSettled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  await expectAccessible(page);
}

describe('the AI planner', () => {
  it('walks a member through the five steps with the offline planner, downloads and transfers the plan', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL, acceptDownloads: true });
    const page = await context.newPage();
    await activatedMember(page);

    await page.goto('/ai');
    await page.getByRole('heading', { name: 'Project Planning+AI' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go to the AI planner', exact: true }).click();
    await page.waitForURL('**/ai/preview');
    await page.getByRole('heading', { name: /Hi Ada/ }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.waitForURL('**/ai/generate');

    // 1. Goal Clarity Wizard
    await chooseOption(page.getByLabel('1. What industry is your business in?'), 'Real Estate');
    await page.getByLabel('2. What products or services').fill('Luxury condo sales in Miami');
    await chooseOption(page.getByLabel('3. What do you need help with right now?'), 'Team & Hiring');
    await page.getByLabel('Contractors & virtual assistants').check();
    await page.getByLabel('4. What specific problem').fill('I spend 20 hours a week on admin');
    await page.getByLabel('5. How will you know it worked?').fill('Cut admin to 5 hours a week by June');
    await page.getByLabel('Action Plan').check();
    await expectAccessibleSettled(page);
    await page.getByRole('button', { name: 'Make it S.M.A.R.T.' }).click();
    const goal = page.getByTestId('smart-goal');
    await expect.poll(() => goal.textContent()).toContain('Time-Bound:');
    expect(await page.getByRole('button', { name: 'Make it S.M.A.R.T.' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Edit Goal' }).click();
    const editor = page.getByLabel('SMART goal');
    await editor.fill(`${await editor.inputValue()}\nOwner: Ada Lovelace`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => goal.textContent()).toContain('Owner: Ada Lovelace');
    await expectAccessibleSettled(page);
    await page.getByRole('button', { name: 'Get Projects' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();

    // 2. Recommendation Engine
    await page.getByRole('heading', { name: 'Recommendation Engine' }).waitFor();
    const options = page.locator('.planner-projects input[type="radio"]');
    await expect.poll(() => options.count()).toBe(5);
    const footer = page.locator('.planner-footer');
    expect(await footer.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    const project = 'Hire a transaction coordinator';
    await page.getByLabel(project).check();
    await expectAccessibleSettled(page);
    await footer.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(`Are you ready to proceed with ${project}?`).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();

    // 3. My Success Plan
    await page.getByRole('heading', { name: 'My Success Plan' }).waitFor();
    for (const name of ['Purpose', 'Description', 'Roles/Resources', 'Success Criteria', 'Potential Tools']) {
      await page.getByRole('heading', { name, exact: true }).waitFor();
    }
    await expect.poll(() => page.locator('.planner-sections > li[data-finished="true"]').count()).toBe(5);
    await page.getByText('100%').waitFor();
    await expect.poll(() => page.locator('.planner-sections').textContent()).toContain(project);
    await expectAccessibleSettled(page);
    await page.getByRole('button', { name: 'Generate Task List' }).click();

    // 4. Task List Generator
    await page.getByRole('heading', { name: 'Task List Generator' }).waitFor();
    const tasks = page.locator('.planner-task');
    await expect.poll(() => page.locator('.planner-task ul').count()).toBe(8);
    const taskNames = await tasks.locator('h3').allTextContents();
    expect(new Set(taskNames).size).toBe(8);
    for (const color of ['blue', 'green', 'amber', 'purple']) {
      expect(await page.locator(`.planner-task--${color}`).count()).toBe(2);
    }
    await expectAccessibleSettled(page);
    const docxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download to Continue' }).click();
    const docx = readFileSync((await (await docxDownload).path())!);
    const xml = await (await JSZip.loadAsync(docx)).file('word/document.xml')!.async('string');
    expect(xml).toContain('Owner: Ada Lovelace');
    for (const name of taskNames) expect(xml).toContain(name.replace(/&/g, '&amp;'));

    // Save to My Plans, from the same plan resumed in a second tab: the copy opens in the editor with its tasks.
    const copyTab = await context.newPage();
    await copyTab.goto('/ai/generate');
    await copyTab.getByRole('heading', { name: 'Task List Generator' }).waitFor();
    await copyTab.getByRole('button', { name: 'Save to My Plans' }).click();
    await copyTab.waitForURL((url) => /^\/my-plans\/\d+$/.test(url.pathname));
    await expect
      .poll(() =>
        copyTab
          .getByRole('textbox', { name: 'Task name', exact: true })
          .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
      )
      .toEqual(taskNames);
    await copyTab.close();

    await page.getByRole('button', { name: 'Send Task List' }).click();

    // 5. Transfer
    await page.getByRole('heading', { name: 'Project Management Tool Transfer' }).waitFor();
    await expectAccessibleSettled(page);
    await page.getByLabel('Download a spreadsheet').check();
    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await (await xlsxDownload).path())!) as unknown as ArrayBuffer);
    const sheetTasks = new Set<string>();
    book.getWorksheet('Tasks')!.eachRow((row, i) => {
      if (i > 1) sheetTasks.add(String(row.getCell(1).value));
    });
    expect([...sheetTasks]).toEqual(taskNames);
    expect(JSON.stringify(book.getWorksheet('Plan')!.getSheetValues())).toContain('Owner: Ada Lovelace');

    await page.getByLabel('Asana').check();
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL('**/upload-action/connect');
    expect(await page.evaluate(() => localStorage.getItem('selectedTool'))).toBe('1');
    expect(await page.evaluate(() => localStorage.getItem('aiPlanID'))).toMatch(/^\d+$/);

    // On into the Asana simulator: consent, workspace, team, and the plan's eight tasks arrive there.
    await connectSandboxAsana(page, EMAIL);
    // The AI plan's campaign tag follows its upload, and a refusal would show in the console.
    const tagged = page.waitForResponse((r) => r.url().endsWith('/api/active-campaign/create-tag'));
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.getByRole('button', { name: 'Upload action plan' }).click();
    await page.waitForURL((url) => url.pathname === '/upload-action/asana/upload/success');
    const tag = await tagged;
    expect(tag.request().postDataJSON()).toMatchObject({ project_plan_id: expect.stringMatching(/^ai-\d+$/) });
    expect(tag.status(), await tag.text()).toBe(200);
    expect(warnings.filter((w) => w.includes('campaign tag'))).toEqual([]);
    const index = (await (await fetch(`${baseURL}/sandbox/asana/index.json`)).json()) as {
      accounts: { email: string; tree: SandboxNode[] }[];
    };
    const uploaded = namesIn(index.accounts.find((a) => a.email === EMAIL)!.tree);
    for (const name of taskNames) expect(uploaded).toContain(name);

    // A later visit resumes the plan where it was.
    await page.goto('/ai/generate');
    await page.getByText('We kept your plan from last time.').waitFor();
    await page.getByRole('heading', { name: 'Project Management Tool Transfer' }).waitFor();
    await context.close();
  });

  it('opens the membership modal for a member whose plan hides the planner', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL });
    const page = await context.newPage();
    await activatedMember(page, `essential.${Date.now()}@example.com`);
    await page.goto('/ai/preview');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('dialog').getByText('Upgrade to use the AI planner').waitFor();
    await expectAccessibleSettled(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/ai/generate');
    await page.waitForURL('**/no-permissions');
    await context.close();
  });

  it('answers the older wizard at /openairoom under S, M, A, R, T headings', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL });
    const page = await context.newPage();
    await activatedMember(page, ROOM_EMAIL);
    await page.goto('/openairoom');
    await page.getByRole('heading', { name: 'Goal Clarity Wizard' }).waitFor();
    await chooseOption(page.getByLabel('What industry are you in?'), 'Health & Wellness');
    await page.getByLabel('What goal or problem do you want to work on?').fill('More rebookings');
    await page.getByLabel('Who is your target audience?').fill('busy parents');
    await page.getByRole('button', { name: 'Make it S.M.A.R.T.' }).click();
    const headings = ['S - Specific', 'M - Measurable', 'A - Achievable', 'R - Relevant', 'T - Time-bound'];
    for (const name of headings) await page.getByRole('heading', { name, exact: true }).waitFor();
    // Every part gets its text once the answer has finished streaming.
    await expect
      .poll(async () => (await page.locator('.planner-smart p').allTextContents()).filter((t) => t.trim()).length)
      .toBe(5);
    expect(await page.locator('.planner-smart').textContent()).toContain('busy parents');
    await expectAccessibleSettled(page);
    await context.close();
  });

  it('sends visitors of /ai/preview to sign-up', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL });
    const page = await context.newPage();
    await page.goto('/ai/preview');
    await page.waitForURL('**/register');
    await context.close();
  });
});
