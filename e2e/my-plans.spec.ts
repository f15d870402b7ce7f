import { readFileSync } from 'node:fs';
import { addDays, todayUtc } from '@dpp/shared/rules/my-plans';
import { PROGRESS_MIN_READ_GAP_MS } from '@dpp/shared/rules/progress';
import { MY_PLANS_MESSAGES, type MyPlan } from '@dpp/shared/schemas/my-plans';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TEMPLATES } from '../apps/server/src/db/seed-data/templates';
import { baseUrl, expectAccessible, launchBrowser, newPage, settled } from './browser';
import { freshEmail } from './mailbox';
import { FREE_TEMPLATE, openTakenCopy, savedAbove, savedVersion, editorStatus as status } from './plan-editor';
import { connectSandboxAsana, findNode, type TreeNode, tickSandboxTask } from './sandbox';
import { activatedUser } from './session';

const template = SEED_TEMPLATES.find((t) => t.slug === FREE_TEMPLATE)!;

/** A day as the timeline's bars say it: 1 March 2027. */
const dayName = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The copy as the server holds it, read with the page's own session. */
async function storedCopy(page: Page, id: number): Promise<MyPlan> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await fetch(`${baseUrl()}/api/my-plans/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as MyPlan;
}

/** The free template's page, Save to My Plans: the new copy opens in the editor; its id. */
async function takeFreeTemplate(page: Page): Promise<number> {
  await page.goto(`/project-plans/${FREE_TEMPLATE}`);
  await page.getByRole('button', { name: 'Save to My Plans' }).click();
  await page.waitForURL((url) => /^\/my-plans\/\d+$/.test(url.pathname));
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/**
 * Types a day into a date picker and confirms it with Enter, as a person does. On a busy machine the picker's
 * panel may open after the text is typed and put the old day back; the typing is repeated until the field holds
 * the new day, which only the typing can produce.
 */
async function typeDay(field: Locator, day: string): Promise<void> {
  await expect
    .poll(async () => {
      await field.click();
      await field.fill(day);
      await field.press('Enter');
      return field.inputValue();
    })
    .toBe(day);
}

const taskNames = (page: Page) =>
  page
    .getByRole('textbox', { name: 'Task name', exact: true })
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
const sectionNames = (page: Page) =>
  page
    .getByRole('textbox', { name: 'Section name', exact: true })
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

describe('My Plans and the plan editor', () => {
  it('takes a free template, edits it by pointer and keyboard, keeps the edits, survives a second tab, sends it', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('my-plans');
    await activatedUser(page, email);

    // Take the template: its page's Save to My Plans opens the new copy in the editor.
    const id = await takeFreeTemplate(page);
    await page.getByRole('textbox', { name: 'Plan name' }).waitFor();
    expect(await status(page).textContent()).toBe('Saved');
    const taken = await savedVersion(page);
    const [first, second] = template.plan.sections;
    expect(await sectionNames(page)).toEqual(template.plan.sections.map((s) => s.name));
    await expectAccessible(page);

    // Rename a task.
    const firstTask = first!.tasks[0]!;
    await page.getByRole('textbox', { name: 'Task name', exact: true }).first().fill('Write the goal in one line');
    // Delete a subtask of that task (confirmed).
    await page.getByRole('button', { name: 'Details of Write the goal in one line' }).click();
    // The task's details (dates, owner, priority, subtasks) pass axe too.
    await page.getByRole('textbox', { name: 'Due date', exact: true }).waitFor();
    await expectAccessible(page);
    const doomed = firstTask.subtasks[0]!.name;
    await page.getByRole('button', { name: `Delete subtask ${doomed}` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('textbox', { name: 'Subtask name' }).first().waitFor();
    expect(
      await page
        .getByRole('textbox', { name: 'Subtask name' })
        .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
    ).toEqual(firstTask.subtasks.slice(1).map((s) => s.name));
    // Add a task to the second section.
    await page.getByRole('button', { name: `Add task to ${second!.name}` }).click();
    await page
      .getByRole('list', { name: `Tasks of ${second!.name}` })
      .getByRole('textbox', { name: 'Task name', exact: true })
      .last()
      .fill('Book the kickoff meeting');
    // Move the second section above the first.
    await page.getByRole('button', { name: `Move section ${second!.name} up` }).click();
    await expect
      .poll(() => sectionNames(page))
      .toEqual([second!.name, first!.name, ...template.plan.sections.slice(2).map((s) => s.name)]);
    // Set the plan's start date: ten days ago, so that its first tasks are due before today.
    const startDate = addDays(todayUtc(), -10);
    const start = page.getByLabel('Plan start date');
    await typeDay(start, startDate);
    // Every edit above saved before the drag below.
    await savedAbove(page, taken);
    const beforeDrag = await savedVersion(page);

    // The keyboard alone: the renamed task's handle, picked up with Space, moved down one place, dropped. The
    // handle is brought to the top of the window first: a place below its middle is reached by scrolling the page
    // under the item (dnd-kit scrolls smoothly), which a loaded machine may not finish before the check.
    // Its details are closed first: open, they make the item taller than the one-line overlay dnd-kit drags, which
    // is then nearer the task above than itself.
    const details = page.getByRole('button', { name: 'Details of Write the goal in one line' });
    await details.click();
    await expect.poll(() => details.getAttribute('aria-expanded')).toBe('false');
    const handle = page.getByRole('button', { name: 'Move task Write the goal in one line' });
    await handle.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await handle.focus();
    await page.keyboard.press('Space');
    // dnd-kit's live region says where the item is (it is drawn visually hidden).
    const announced = (text: string) =>
      page.getByRole('status').filter({ hasText: text }).waitFor({ state: 'attached' });
    await announced('Write the goal in one line is over Write the goal in one line.');
    // dnd-kit starts listening for the arrows a task after the pickup: an arrow pressed in that instant on a busy
    // machine is lost, the item still over itself. Pressed again only then, so the item moves one place.
    const secondTask = first!.tasks[1]!.name;
    const liveRegion = page.getByRole('status').filter({ hasText: ' is over ' });
    await expect
      .poll(
        async () => {
          const now = await liveRegion.textContent();
          if (now?.includes('is over Write the goal in one line.')) await page.keyboard.press('ArrowDown');
          return now;
        },
        { interval: 1000 },
      )
      .toContain(`is over ${secondTask}`);
    await page.keyboard.press('Space');
    const firstList = page.getByRole('list', { name: `Tasks of ${first!.name}` });
    const namesIn = () =>
      firstList
        .getByRole('textbox', { name: 'Task name', exact: true })
        .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    const [, t2, t3, ...rest] = first!.tasks.map((t) => t.name);
    await expect.poll(namesIn).toEqual([t2, 'Write the goal in one line', t3, ...rest]);
    // Then Alt+Arrow Down on the same handle: one more place down at once.
    await handle.focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(namesIn).toEqual([t2, t3, 'Write the goal in one line', ...rest]);
    await savedAbove(page, beforeDrag);

    const expectedSections = [second!.name, first!.name, ...template.plan.sections.slice(2).map((s) => s.name)];
    const editedFirst = [t2!, t3!, 'Write the goal in one line', ...rest];
    const expectedTasks = [
      ...second!.tasks.map((t) => t.name),
      'Book the kickoff meeting',
      ...editedFirst,
      ...template.plan.sections.slice(2).flatMap((s) => s.tasks.map((t) => t.name)),
    ];

    // Reloaded, the page shows what the server kept.
    await page.reload();
    await page.getByRole('textbox', { name: 'Plan name' }).waitFor();
    expect(await sectionNames(page)).toEqual(expectedSections);
    expect(await taskNames(page)).toEqual(expectedTasks);
    expect(await page.getByLabel('Plan start date').inputValue()).toBe(startDate);
    const kept = await storedCopy(page, id);
    expect(kept.plan.start_date).toBe(startDate);
    const keptFirst = kept.plan.sections[1]!.tasks.find((t) => t.name === 'Write the goal in one line')!;
    expect(keptFirst.subtasks.map((s) => s.name)).toEqual(firstTask.subtasks.slice(1).map((s) => s.name));
    // Its due date moved with the start date: the template's day count from the new start.
    expect(keptFirst.due_date).toBe(addDays(startDate, firstTask.due_in_days));

    // The timeline shows each dated task's bar at its due day from the new start, in the edited order (the task
    // added without dates has no bar).
    await page.getByRole('tab', { name: 'Timeline' }).click();
    const bars = page.getByRole('region', { name: 'Timeline' }).getByRole('slider');
    const dated = kept.plan.sections.flatMap((s) => s.tasks).filter((t) => t.due_date !== null);
    expect(dated.length).toBe(expectedTasks.length - 1);
    await expect.poll(() => bars.count()).toBe(dated.length);
    expect(await bars.evaluateAll((all) => all.map((b) => b.getAttribute('aria-valuetext')))).toEqual(
      dated.map((t) => `Due ${dayName(t.due_date!)}`),
    );
    await page.getByRole('tab', { name: 'Outline' }).click();

    // The downloads are the edited copy.
    const excel = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Excel' }).click();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await (await excel).path())!) as unknown as ArrayBuffer);
    const sheet = JSON.stringify(book.worksheets[0]!.getSheetValues());
    expect(sheet).toContain('Book the kickoff meeting');
    expect(sheet).not.toContain(doomed);
    const word = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Word' }).click();
    expect((await word).suggestedFilename()).toMatch(/\.docx$/);

    // Two tabs: the first save wins; the later one is refused, takes the latest copy, makes its own change again on
    // it and saves that, so both tabs' text is kept.
    const other = await context.newPage();
    await other.goto(`/my-plans/${id}`);
    await other.getByRole('textbox', { name: 'Plan name' }).waitFor();
    const beforeFirstTab = await savedVersion(page);
    await page.getByRole('textbox', { name: 'Plan name' }).fill('Plan from the first tab');
    await savedAbove(page, beforeFirstTab);
    const firstTabSaved = await savedVersion(page);
    const otherTask = other.getByRole('textbox', { name: 'Task name', exact: true }).first();
    await otherTask.fill('Task from the second tab');
    await savedAbove(other, firstTabSaved);
    const bothTabs = await storedCopy(other, id);
    expect(bothTabs.name).toBe('Plan from the first tab');
    expect(bothTabs.plan.sections[0]!.tasks[0]!.name).toBe('Task from the second tab');
    expect(bothTabs.version).toBe(firstTabSaved + 1);
    // The second tab shows the first tab's name beside its own change.
    expect(await other.getByRole('textbox', { name: 'Plan name' }).inputValue()).toBe('Plan from the first tab');
    expect(await otherTask.inputValue()).toBe('Task from the second tab');
    await other.close();
    const name = 'Plan from the first tab';

    // My Plans lists it, with the membership's count.
    await page.goto('/my-plans');
    await page.getByRole('link', { name, exact: true }).waitFor();
    expect(await page.getByTestId('my-plans-count').textContent()).toBe('1 of 3 plans');
    const row = page.getByRole('row').filter({ hasText: name });
    expect(await row.textContent()).toContain('Template');
    expect(await row.textContent()).toContain(String(expectedTasks.length));
    expect(await row.textContent()).toContain('Not sent yet');
    await expectAccessible(page);

    // Sent to the sandbox Asana: the project there is the edited plan, in its order.
    await page.getByRole('link', { name: `Open ${name}` }).click();
    await page.waitForURL((url) => url.pathname === `/my-plans/${id}`);
    await page.getByRole('button', { name: 'Send to a task tool' }).click();
    await page.getByRole('dialog').getByText('Sending it again makes another new project').waitFor();
    await settled(page).getByRole('button', { name: 'Choose the tool' }).click();
    // The wizard's code is fetched only now: on a busy machine that takes a while.
    await page.waitForURL((url) => url.pathname === '/upload-action');
    await page.getByRole('button', { name: 'Next Step' }).click();
    await connectSandboxAsana(page, email);
    await page.getByRole('button', { name: 'Upload action plan' }).click();
    await page.waitForURL((url) => url.pathname === '/upload-action/asana/upload/success');

    const sent = await storedCopy(page, id);
    const index = (await (await fetch(`${baseUrl()}/sandbox/asana/index.json`)).json()) as {
      accounts: { email: string; tree: TreeNode[] }[];
    };
    const tree = index.accounts.find((a) => a.email === email)!.tree;
    const project = findNode(tree, (n) => n.kind === 'project' && n.name === name);
    expect(project).toBeDefined();
    // Every name in its order, each task's and subtask's description (Asana's notes) and each due date.
    const shape = (nodes: TreeNode[]): unknown =>
      nodes.map((n) =>
        n.kind === 'section'
          ? { name: n.name, children: shape(n.children) }
          : {
              name: n.name,
              notes: n.details.notes ?? '',
              due_on: n.details.due_on ?? null,
              children: shape(n.children),
            },
      );
    expect(shape(project!.children)).toEqual(
      sent.plan.sections.map((s) => ({
        name: s.name,
        children: s.tasks.map((t) => ({
          name: t.name,
          notes: t.description,
          due_on: t.due_date,
          children: t.subtasks.map((st) => ({ name: st.name, notes: st.description, due_on: null, children: [] })),
        })),
      })),
    );
    // My Plans says where and when it went.
    expect(sent.last_sent?.tool).toBe('asana');
    await page.goto('/my-plans');
    const sentRow = page.getByRole('row').filter({ hasText: name });
    await sentRow.getByText(/^Asana, /).waitFor();
    // The first read, queued at sending, shows by itself (the list looks again while it waits). Ticking before it
    // ran would race it: a Refresh within PROGRESS_MIN_READ_GAP_MS of a read answers that read.
    const sentTasks = sent.plan.sections.flatMap((s) => s.tasks);
    await sentRow.getByText(`0 of ${sentTasks.length} done`).waitFor();
    const firstReadSeen = Date.now();

    // Three tasks ticked done in the sandbox Asana; Refresh in My Plans reads them back: 3 of N done, and an open
    // task whose due day has passed is late.
    for (const task of sentTasks.slice(0, 3)) await tickSandboxTask(page, 'asana', task.name, email);
    await page.goto('/my-plans');
    // The rule's own time is let pass, as the server's clock is its own process's and cannot be moved from here.
    await page.waitForTimeout(Math.max(0, firstReadSeen + PROGRESS_MIN_READ_GAP_MS - Date.now()));
    const refreshed = page.waitForResponse(
      (r) => r.url().endsWith(`/api/my-plans/${id}/progress`) && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: `Refresh the progress of ${name}` }).click();
    // The read's own answer first: a refused or lost Refresh says so here, not as a row that never changes.
    expect((await refreshed).status()).toBe(200);
    const progressRow = page.getByRole('row').filter({ hasText: name });
    await progressRow.getByText(`3 of ${sentTasks.length} done`).waitFor();
    const today = todayUtc();
    const late = sentTasks.slice(3).filter((t) => t.due_date !== null && t.due_date < today);
    expect(late.length).toBeGreaterThan(0);
    await progressRow.getByText(`${late.length} late`).waitFor();
    await page.getByRole('button', { name: `Progress details of ${name}` }).click();
    const lateList = page.getByRole('region', { name: 'Late' });
    await lateList.getByRole('listitem').first().waitFor();
    expect(await lateList.getByRole('listitem').allTextContents()).toEqual(
      late.map((t) => expect.stringContaining(t.name)),
    );
    await page
      .getByRole('img', { name: /^Burn-up chart of / })
      .locator('svg')
      .first()
      .waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('moves a section, and a task to another section, by dragging their handles with the pointer', async () => {
    const { page, context } = await newPage(browser);
    await activatedUser(page, freshEmail('my-plans-drag'));
    const id = await takeFreeTemplate(page);
    await page.getByRole('textbox', { name: 'Plan name' }).waitFor();
    const taken = await savedVersion(page);
    const [first, second] = template.plan.sections;
    const handle = (name: string) => page.getByRole('button', { name: `Move section ${name}`, exact: true });
    const from = (await handle(second!.name).boundingBox())!;
    const to = (await handle(first!.name).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 10, { steps: 10 });
    await page
      .getByRole('status')
      .filter({ hasText: `is over ${first!.name}` })
      .waitFor({ state: 'attached' });
    await page.mouse.up();
    const names = [second!.name, first!.name, ...template.plan.sections.slice(2).map((s) => s.name)];
    await expect.poll(() => sectionNames(page)).toEqual(names);
    await savedAbove(page, taken);
    expect((await storedCopy(page, id)).plan.sections.map((s) => s.name)).toEqual(names);

    // A task dragged onto a task of another section takes its place there.
    const moving = first!.tasks[0]!.name;
    const onto = second!.tasks[0]!.name;
    const sectionsMoved = await savedVersion(page);
    const taskFrom = (await page.getByRole('button', { name: `Move task ${moving}`, exact: true }).boundingBox())!;
    const taskTo = (await page.getByRole('button', { name: `Move task ${onto}`, exact: true }).boundingBox())!;
    await page.mouse.move(taskFrom.x + taskFrom.width / 2, taskFrom.y + taskFrom.height / 2);
    await page.mouse.down();
    await page.mouse.move(taskFrom.x + taskFrom.width / 2, taskFrom.y + taskFrom.height / 2 - 10, { steps: 4 });
    await page.mouse.move(taskTo.x + taskTo.width / 2, taskTo.y + taskTo.height / 2, { steps: 10 });
    await page
      .getByRole('status')
      .filter({ hasText: `is over ${onto}` })
      .waitFor({ state: 'attached' });
    await page.mouse.up();
    await expect
      .poll(() => taskNames(page))
      .toEqual([
        moving,
        ...second!.tasks.map((t) => t.name),
        ...first!.tasks.slice(1).map((t) => t.name),
        ...template.plan.sections.slice(2).flatMap((s) => s.tasks.map((t) => t.name)),
      ]);
    await savedAbove(page, sectionsMoved);
    const stored = await storedCopy(page, id);
    expect(stored.plan.sections[0]!.tasks.map((t) => t.name)).toEqual([moving, ...second!.tasks.map((t) => t.name)]);
    expect(stored.plan.sections[1]!.tasks.map((t) => t.name)).toEqual(first!.tasks.slice(1).map((t) => t.name));

    // Leaving the editor at once after a change still saves it.
    await page.getByRole('textbox', { name: 'Plan name' }).fill('Renamed on the way out');
    await page.getByRole('main').getByRole('link', { name: 'My Plans' }).click();
    await page.getByRole('link', { name: 'Renamed on the way out', exact: true }).waitFor();
    expect((await storedCopy(page, id)).name).toBe('Renamed on the way out');
    await context.close();
  });

  it('shows the plan on a timeline with each task at its date, and a bar moved by keyboard moves its task', async () => {
    const { page, context } = await newPage(browser);
    await activatedUser(page, freshEmail('my-plans-timeline'));
    const id = await takeFreeTemplate(page);
    const copy = await storedCopy(page, id);
    await page.getByRole('tab', { name: 'Timeline' }).click();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.waitFor();
    await expectAccessible(page);

    // Each task is a bar on its due date (a template's tasks have a due date only), in the plan's order.
    const tasks = copy.plan.sections.flatMap((section) => section.tasks);
    const bars = timeline.getByRole('slider');
    expect(await bars.count()).toBe(tasks.length);
    expect(await bars.evaluateAll((all) => all.map((b) => b.getAttribute('aria-valuetext')))).toEqual(
      tasks.map((t) => `Due ${dayName(t.due_date!)}`),
    );
    // Drawn left to right by date: a later due date is further right.
    const xs = await bars.evaluateAll((all) => all.map((b) => Number(b.querySelector('rect')?.getAttribute('x'))));
    for (let i = 1; i < tasks.length; i++) {
      const order = Math.sign(Date.parse(tasks[i]!.due_date!) - Date.parse(tasks[i - 1]!.due_date!));
      expect(Math.sign(xs[i]! - xs[i - 1]!), `bar ${i}`).toBe(order);
    }

    // The keyboard alone: focus the first bar, a week later (Shift+Right), then a day back (Left).
    const first = tasks[0]!;
    const before = await savedVersion(page);
    await bars.first().focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('ArrowLeft');
    const moved = new Date(`${first.due_date}T00:00:00Z`);
    moved.setUTCDate(moved.getUTCDate() + 6);
    const expected = moved.toISOString().slice(0, 10);
    await expect.poll(() => bars.first().getAttribute('aria-valuetext')).toBe(`Due ${dayName(expected)}`);
    await savedAbove(page, before);
    const stored = await storedCopy(page, id);
    expect(stored.plan.sections.flatMap((s) => s.tasks)[0]).toMatchObject({ id: first.id, due_date: expected });
    await context.close();
  });

  it('offers a newcomer three first steps; New blank plan opens an empty plan that takes a first task', async () => {
    const { page, context } = await newPage(browser);
    await activatedUser(page, freshEmail('my-plans-blank'));
    await page.goto('/my-plans');
    const steps = page.getByRole('region', { name: 'Where to start' });
    expect(await steps.getByRole('link', { name: 'Browse templates' }).getAttribute('href')).toBe('/project-plans');
    expect(await steps.getByRole('link', { name: 'Open the AI Planner' }).getAttribute('href')).toBe('/ai');
    await expectAccessible(page);
    await steps.getByRole('button', { name: 'New blank plan' }).click();
    await page.waitForURL((url) => /^\/my-plans\/\d+$/.test(url.pathname));
    await page.getByRole('textbox', { name: 'Section name', exact: true }).waitFor();
    expect(await sectionNames(page)).toEqual([MY_PLANS_MESSAGES.BLANK_SECTION_NAME]);
    expect(await taskNames(page)).toEqual([]);
    const version = await savedVersion(page);
    await page.getByRole('button', { name: `Add task to ${MY_PLANS_MESSAGES.BLANK_SECTION_NAME}` }).click();
    await page.getByRole('textbox', { name: 'Task name', exact: true }).fill('Find a bakery space');
    await savedAbove(page, version);
    await page.goto('/my-plans');
    const row = page.getByRole('row').filter({ hasText: MY_PLANS_MESSAGES.BLANK_PLAN_NAME });
    await row.getByText('Blank plan').waitFor();
    // Once there are plans, a blank one is started from the list's head.
    await page.getByRole('button', { name: 'New blank plan' }).waitFor();
    await context.close();
  });

  it('is used by the keyboard alone: a new task named by typing, a delete confirmed with Enter, undo and redo saved', async () => {
    const { page, context } = await newPage(browser);
    await activatedUser(page, freshEmail('my-plans-keys'));
    const copy = await openTakenCopy(page, FREE_TEMPLATE);
    const section = copy.plan.sections[0]!;
    const tasksOfSection = page
      .getByRole('list', { name: `Tasks of ${section.name}` })
      .getByRole('textbox', { name: 'Task name', exact: true });
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLInputElement | null;
        return `${element?.getAttribute('aria-label') ?? element?.textContent}: ${element?.value ?? ''}`;
      });

    // Add task, then typing: the new task's name takes the text (its "New task" selected, so replaced).
    await page.getByRole('button', { name: `Add task to ${section.name}` }).press('Enter');
    await page.keyboard.type('Order flour');
    await expect.poll(() => tasksOfSection.last().inputValue()).toBe('Order flour');
    expect(await tasksOfSection.count()).toBe(section.tasks.length + 1);

    // Its Delete button opens a confirmation that has the focus: Escape keeps the task and goes back to the button;
    // Enter, Enter deletes it, and the focus goes to the task before it.
    const remove = page.getByRole('button', { name: 'Delete task Order flour' });
    await remove.press('Enter');
    await expect.poll(focused).toBe('Delete: ');
    await page.keyboard.press('Escape');
    await expect.poll(focused).toBe('Delete task Order flour: ');
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('Delete: ');
    await page.keyboard.press('Enter');
    await remove.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe(`Task name: ${section.tasks.at(-1)!.name}`);

    // A rename undone with Ctrl+Z, then redone with Ctrl+Shift+Z: each saved as a new version.
    const planName = page.getByRole('textbox', { name: 'Plan name' });
    const before = await savedVersion(page);
    await planName.fill('Bakery opening');
    await savedAbove(page, before);
    const renamed = await savedVersion(page);
    await page.keyboard.press('Control+z');
    await expect.poll(() => planName.inputValue()).toBe(copy.name);
    await savedAbove(page, renamed);
    expect((await storedCopy(page, copy.id)).name).toBe(copy.name);
    const undone = await savedVersion(page);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => planName.inputValue()).toBe('Bakery opening');
    await savedAbove(page, undone);
    const stored = await storedCopy(page, copy.id);
    expect(stored.name).toBe('Bakery opening');
    expect(stored.plan.sections[0]!.tasks.map((t) => t.name)).toEqual(section.tasks.map((t) => t.name));
    // Nothing left to redo; Undo, then Ctrl+Y or the Redo button go forward the same way.
    const redo = page.getByRole('button', { name: 'Redo' });
    expect(await redo.isDisabled()).toBe(true);
    await page.keyboard.press('Control+z');
    await expect.poll(() => planName.inputValue()).toBe(copy.name);
    await page.keyboard.press('Control+y');
    await expect.poll(() => planName.inputValue()).toBe('Bakery opening');
    await page.getByRole('button', { name: 'Undo' }).click();
    await redo.click();
    await expect.poll(() => planName.inputValue()).toBe('Bakery opening');
    await context.close();
  });

  it('refuses a plan beyond the membership count in the server’s words', async () => {
    const { page, context } = await newPage(browser);
    await activatedUser(page, freshEmail('my-plans-limit'));
    for (let taken = 0; taken < 3; taken++) {
      await takeFreeTemplate(page);
    }
    await page.goto(`/project-plans/${FREE_TEMPLATE}`);
    await page.getByRole('button', { name: 'Save to My Plans' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: MY_PLANS_MESSAGES.LIMIT_REACHED(3) })
      .waitFor();
    await page.goto('/my-plans');
    await page.getByTestId('my-plans-count').filter({ hasText: '3 of 3 plans' }).waitFor();
    // Delete one (confirmed): the count follows.
    await page
      .getByRole('button', { name: `Delete ${template.product_name}` })
      .first()
      .click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByTestId('my-plans-count').filter({ hasText: '2 of 3 plans' }).waitFor();
    await context.close();
  });
});
