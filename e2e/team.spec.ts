import type { MyPlan, MyPlanOpened } from '@dpp/shared/schemas/my-plans';
import { PLAN_ACCESS_MESSAGES, TEAM_MESSAGES } from '@dpp/shared/schemas/team';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, chooseOption, expectAccessible, launchBrowser, newPage, notice } from './browser';
import { freshEmail, mailedLink } from './mailbox';
import { FREE_TEMPLATE, openTakenCopy, savedAbove, savedVersion, editorStatus as status } from './plan-editor';
import { activatedUser, PASSWORD } from './session';

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

/** The copy as the server gives it to the page's own session: its document, the caller's role and its people. */
async function openedCopy(page: Page, id: number): Promise<{ status: number; copy: MyPlanOpened }> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await fetch(`${baseUrl()}/api/my-plans/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, copy: (await response.json()) as MyPlanOpened };
}

/** A task's row in the editor's outline. */
const taskRow = (page: Page, taskId: string) => page.locator(`[data-task-id="${taskId}"]`).first();

/** An option of the open list of a select or a typeahead, as drawn (antd titles it with its label). */
const listOption = (page: Page, label: string) =>
  page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`);

/** The Share dialog's access field of a teammate. */
const accessField = (page: Page, name: string) =>
  page.getByRole('dialog').getByRole('combobox', { name: `Access of ${name}` });

/** Gives a teammate a role on the plan open in the editor, through its Share dialog, and waits for its answer. */
async function shareAs(page: Page, name: string, option: string, said: string): Promise<void> {
  await page.getByRole('button', { name: 'Share' }).click();
  await chooseOption(accessField(page, name), option);
  await notice(page, said);
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

/**
 * Presses the arrow down in the field of an open list until its option `index` is the active one: an arrow pressed
 * while a busy page is still drawing the list is pressed again.
 */
async function arrowDownTo(field: Locator, index: number): Promise<void> {
  await expect
    .poll(async () => {
      await field.press('ArrowDown');
      return field.getAttribute('aria-activedescendant');
    })
    .toMatch(new RegExp(`_list_${index}$`));
}

/**
 * Chooses a person for a task's Owner field with the keyboard alone: types the start of their name, goes down to
 * the one suggestion with the arrow and takes it with Enter; waits for the note under the field that says so.
 */
async function assignByKeyboard(row: Locator, typed: string, option: string, note: string): Promise<void> {
  const page = row.page();
  const owner = row.getByRole('combobox', { name: 'Owner' });
  await owner.fill('');
  await owner.pressSequentially(typed);
  await listOption(page, option).waitFor();
  // The name typed leaves one suggestion: the arrow reaches it however often it is pressed.
  await arrowDownTo(owner, 0);
  await owner.press('Enter');
  await row.getByText(note, { exact: true }).waitFor();
}

// One journey in steps, each within the journeys' time limit on a busy machine: a member and their teammate, each in a
// browser of their own, from the invitation to the teammate's removal.
describe('a team', () => {
  /** The member's page, and their teammate Tess's. */
  let owner: Page;
  let tess: Page;
  let invitation: string;
  let taken: MyPlan;

  it('is joined by a teammate who signs up through the mailed invitation, verifies and accepts', async () => {
    const member = await newPage(browser);
    const teammate = await newPage(browser);
    contexts.push(member.context, teammate.context);
    owner = member.page;
    tess = teammate.page;
    const ownerEmail = freshEmail('team-owner');
    await activatedUser(owner, ownerEmail, { given: 'Olga', family: 'Owner' });

    // The member invites a teammate from My Plans.
    const tessEmail = freshEmail('team-tess');
    await owner.goto('/my-plans');
    const team = owner.getByRole('region', { name: 'Team' });
    await team.getByLabel('Name').fill('Tess');
    await team.getByLabel('E-mail').fill(tessEmail);
    await team.getByRole('button', { name: 'Invite' }).click();
    await notice(owner, TEAM_MESSAGES.INVITED(tessEmail));
    await team.getByText(`Tess (${tessEmail})`).waitFor();
    await expectAccessible(owner);

    // The teammate, without an account, follows the mailed link and creates one through the normal sign-up.
    invitation = await mailedLink(tessEmail, '/team/accept/');
    await tess.goto(invitation);
    await tess.getByText('Olga invites Tess to their team').waitFor();
    await expectAccessible(tess);
    await tess.getByRole('button', { name: 'Create account' }).click();
    await tess.waitForURL('**/register');
    await tess.getByLabel('Email').fill(tessEmail);
    await tess.getByLabel('Password').fill(PASSWORD);
    await tess.getByRole('checkbox').check();
    await tess.getByRole('button', { name: 'Sign Up' }).click();
    await tess.waitForURL('**/register/success');
    // The verification link carries the invitation back: it brings the new account there even from a browser that
    // remembers nothing of the invitation, which this one is made to be.
    const verification = await mailedLink(tessEmail, '/activate-account/');
    expect(new URL(verification, baseUrl()).searchParams.get('next')).toBe(invitation);
    await tess.evaluate(() => {
      localStorage.removeItem('redirectUri');
      localStorage.removeItem('redirectUriStates');
    });
    await tess.goto(verification);
    await tess.waitForURL('**/user-login');
    await tess.getByLabel('Email').fill(tessEmail);
    await tess.getByLabel('Password').fill(PASSWORD);
    await tess.getByRole('button', { name: 'Login' }).click();
    await tess.waitForURL((url) => url.pathname === '/activate-account');
    await tess.getByLabel('First Name').fill('Tess');
    await tess.getByLabel('Last Name').fill('Teammate');
    await tess.getByLabel('Phone Number').fill('415 555 2671');
    await tess.getByRole('button', { name: 'Save' }).click();
    await tess.waitForURL((url) => url.pathname === invitation);
    await tess.getByRole('button', { name: 'Accept the invitation' }).click();
    await tess.waitForURL((url) => url.pathname === '/my-plans');
    // The link works once.
    await tess.goto(invitation);
    await notice(tess, TEAM_MESSAGES.USED);
    await expectAccessible(tess);
  });

  it('shares a plan with the teammate as editor, by keyboard', async () => {
    taken = await openTakenCopy(owner, FREE_TEMPLATE);
    await owner.getByRole('button', { name: 'Share' }).click();
    await expectAccessible(owner);
    // By keyboard: the field opened with the arrow, the option reached with the arrows and taken with Enter.
    const tessAccess = accessField(owner, 'Tess');
    await tessAccess.focus();
    await tessAccess.press('ArrowDown');
    await listOption(owner, 'Editor: can edit').waitFor();
    await arrowDownTo(tessAccess, 2);
    await tessAccess.press('Enter');
    await notice(owner, 'Tess can now edit this plan.');
    await owner.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    await owner.getByRole('dialog').waitFor({ state: 'hidden' });
  });

  it('assigns tasks to the teammate and to the member with the typeahead, or to someone outside by name', async () => {
    const [first, second, third, fourth] = taken.plan.sections.flatMap((s) => s.tasks);
    const before = await savedVersion(owner);
    for (const [task, typed, option, note] of [
      [first!, 'Te', 'Tess · editor', 'Assigned to Tess, the editor.'],
      [second!, 'tes', 'Tess · editor', 'Assigned to Tess, the editor.'],
      [third!, 'olg', "Olga Owner · plan's owner", "Assigned to Olga Owner, the plan's owner."],
    ] as const) {
      const row = taskRow(owner, task.id);
      const details = row.getByRole('button', { name: `Details of ${task.name}` });
      await details.click();
      await assignByKeyboard(row, typed, option, note);
      // Closed again: the page stays as light as a member's usually is.
      await details.click();
      await expect.poll(() => details.getAttribute('aria-expanded')).toBe('false');
    }
    const outside = taskRow(owner, fourth!.id);
    await outside.getByRole('button', { name: `Details of ${fourth!.name}` }).click();
    await outside.getByRole('combobox', { name: 'Owner' }).fill('Pat from the agency');
    await outside.getByText("Not one of this plan's people: the name is kept as written.").waitFor();
    await expectAccessible(owner);
    await savedAbove(owner, before);
    const tessId = (await openedCopy(owner, taken.id)).copy.team.find((p) => p.name === 'Tess')!.id;
    const assigned = (await openedCopy(owner, taken.id)).copy.plan.sections.flatMap((s) => s.tasks);
    expect(
      assigned.slice(0, 4).map((t) => [t.owner, t.assignee_id === null ? null : t.assignee_id === tessId]),
    ).toEqual([
      ['Tess', true],
      ['Tess', true],
      ['Olga Owner', false],
      ['Pat from the agency', null],
    ]);
  });

  it('is found by the teammate under Shared with me, and edited by her', async () => {
    const first = taken.plan.sections[0]!.tasks[0]!;
    await tess.goto('/my-plans');
    const sharedWithMe = tess.getByRole('region', { name: 'Shared with me' });
    await sharedWithMe.getByText("Olga Owner's plan · you can edit it").waitFor();
    await expectAccessible(tess);
    await sharedWithMe.getByRole('link', { name: taken.name }).click();
    await tess.getByText('Olga Owner shares this plan with you as an editor', { exact: false }).waitFor();
    expect(await tess.getByRole('button', { name: 'Send to a task tool' }).count()).toBe(0);
    expect(await tess.getByRole('button', { name: 'Share' }).count()).toBe(0);
    const edited = await savedVersion(tess);
    await taskRow(tess, first!.id).getByRole('textbox', { name: 'Task name', exact: true }).fill('Tess rewrote this');
    await savedAbove(tess, edited);
    expect((await openedCopy(owner, taken.id)).copy.plan.sections[0]!.tasks[0]!.name).toBe('Tess rewrote this');
  });

  it('made a viewer, the teammate cannot save, and the plan opens read-only', async () => {
    const first = taken.plan.sections[0]!.tasks[0]!;
    // The member makes Tess a viewer while her editor is open.
    await shareAs(owner, 'Tess', 'Viewer: can view', 'Tess can now view this plan, not change it.');
    await taskRow(tess, first!.id).getByRole('textbox', { name: 'Task name', exact: true }).fill('Tess again');
    await notice(tess, PLAN_ACCESS_MESSAGES.VIEWER_CANNOT_SAVE);
    await expect.poll(() => status(tess).getAttribute('data-status')).toBe('failed');
    await tess.reload();
    await tess.getByText(PLAN_ACCESS_MESSAGES.READ_ONLY_NOTE('Olga Owner')).waitFor();
    expect(await tess.getByRole('textbox', { name: 'Plan name' }).isDisabled()).toBe(true);
    const names = tess.getByRole('textbox', { name: 'Task name', exact: true });
    expect(await names.first().inputValue()).toBe('Tess rewrote this');
    expect(await names.evaluateAll((all) => all.every((n) => (n as HTMLInputElement).disabled))).toBe(true);
    for (const control of ['Undo', 'Send to a task tool', 'Share', `Delete task Tess rewrote this`]) {
      expect(await tess.getByRole('button', { name: control, exact: true }).count(), control).toBe(0);
    }
    expect(await tess.locator('[data-add]').count()).toBe(0);
    // Her task's details are read, not changed.
    await taskRow(tess, first!.id).getByRole('button', { name: 'Details of Tess rewrote this' }).click();
    const owned = taskRow(tess, first!.id).getByRole('combobox', { name: 'Owner' });
    expect([await owned.inputValue(), await owned.isDisabled()]).toEqual(['Tess', true]);
    await expectAccessible(tess);
    expect((await openedCopy(owner, taken.id)).copy.plan.sections[0]!.tasks[0]!.name).toBe('Tess rewrote this');
  });

  it('removed from the team, the teammate reads "not found" at once, and her tasks are unassigned', async () => {
    await owner.goto('/my-plans');
    const teammates = owner.getByRole('region', { name: 'Team' });
    await teammates.getByRole('button', { name: 'Remove Tess' }).click();
    await owner.getByRole('button', { name: 'Remove', exact: true }).click();
    await teammates.getByText('No teammates yet.').waitFor();
    await tess.reload();
    await tess.getByText('Unfortunately, we can not find this page.').waitFor();
    expect((await openedCopy(tess, taken.id)).status).toBe(404);
    const after = (await openedCopy(owner, taken.id)).copy;
    expect(after.plan.sections[0]!.tasks.slice(0, 2).map((t) => [t.owner, t.assignee_id])).toEqual([
      ['Tess', null],
      ['Tess', null],
    ]);
    await tess.goto('/my-plans');
    await tess.getByRole('heading', { name: 'My Plans' }).waitFor();
    expect(await tess.getByRole('region', { name: 'Shared with me' }).count()).toBe(0);
  });
});
