import { addDays, type MyPlan, type MyPlanDocument, newTask, todayUtc } from '@dpp/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, expectNoSidewaysScroll, launchBrowser, newPage, PHONE } from './browser';
import { freshEmail } from './mailbox';
import { FREE_TEMPLATE, openTakenCopy, savedAbove, savedVersion } from './plan-editor';
import { activatedUser } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const FLOUR = 'Buy flour, sugar and butter from the wholesaler before the test bake';
const BAKE = 'Bake a test batch';
const OPEN_DAY = 'Open day';
const UNDATED = 'Ask the neighbours what they would buy';

/** A bakery's plan over 90 days: three linked steps, a milestone to be, an undated task and a review at the end. */
const bakery = (): MyPlanDocument => ({
  start_date: '2027-03-01',
  sections: [
    {
      id: 'sec-bake',
      name: 'Bake',
      description: '',
      tasks: [
        newTask('flour', { name: FLOUR, start_date: '2027-03-01', due_date: '2027-03-05' }),
        newTask('bake', { name: BAKE, start_date: '2027-03-08', due_date: '2027-03-09' }),
        newTask('open', { name: OPEN_DAY, due_date: '2027-03-12', depends_on: ['bake'] }),
      ],
    },
    {
      id: 'sec-later',
      name: 'Later',
      description: '',
      tasks: [
        newTask('ask', { name: UNDATED }),
        newTask('review', { name: 'Review the quarter', due_date: '2027-05-29' }),
      ],
    },
  ],
});

const token = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));

async function storedCopy(page: Page, id: number): Promise<MyPlan> {
  const response = await fetch(`${baseUrl()}/api/my-plans/${id}`, {
    headers: { authorization: `Bearer ${await token(page)}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as MyPlan;
}

/** A member's copy holding the bakery's plan, opened in the editor. */
async function bakeryCopy(page: Page, who: string, plan = bakery()): Promise<number> {
  await activatedUser(page, freshEmail(who));
  const copy = await openTakenCopy(page, FREE_TEMPLATE);
  const response = await fetch(`${baseUrl()}/api/my-plans/${copy.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await token(page)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ version: copy.version, name: 'Bakery', plan }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  await page.goto(`/my-plans/${copy.id}`);
  await page.getByRole('textbox', { name: 'Plan name' }).waitFor();
  return copy.id;
}

const tasksOf = (copy: MyPlan) => Object.fromEntries(copy.plan.sections.flatMap((s) => s.tasks).map((t) => [t.id, t]));

/** Presses keys on a focused control, one after another, as a person does. */
async function press(control: Locator, ...keys: string[]): Promise<void> {
  await control.focus();
  for (const key of keys) await control.press(key);
}

describe('the plan timeline', () => {
  it('is used by keyboard alone: links and a milestone set in the outline, zoom and fit, resize, a conflict moved later', async () => {
    const { page, context } = await newPage(browser, { width: 1280, height: 900 });
    const id = await bakeryCopy(page, 'timeline-keys');

    // The outline: Bake waits on Flour (typed and chosen with Enter); Open day becomes a milestone (Space).
    let version = await savedVersion(page);
    await press(page.getByRole('button', { name: `Details of ${BAKE}` }), 'Enter');
    const waits = page.getByRole('combobox', { name: /^Waits on/ });
    await waits.focus();
    await page.keyboard.type('wholesaler');
    await page.locator('.ant-select-item-option').filter({ hasText: 'wholesaler' }).waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await press(page.getByRole('button', { name: `Details of ${BAKE}` }), 'Enter');
    await press(page.getByRole('button', { name: `Details of ${OPEN_DAY}` }), 'Enter');
    await press(page.getByRole('checkbox', { name: /^Milestone/ }), 'Space');
    await savedAbove(page, version);
    let stored = tasksOf(await storedCopy(page, id));
    expect([stored.bake!.depends_on, stored.open!.milestone]).toEqual([['flour'], true]);

    // A task may not wait on one that waits on it: Flour's field offers Bake disabled, with the reason.
    await press(page.getByRole('button', { name: `Details of ${OPEN_DAY}` }), 'Enter');
    await press(page.getByRole('button', { name: `Details of ${FLOUR}` }), 'Enter');
    await page.getByRole('combobox', { name: /^Waits on/ }).focus();
    await page.keyboard.type('Open day');
    const blocked = page.getByRole('option', { name: /^Open day/ });
    expect(await blocked.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');

    // The timeline: full names and dates beside the bars, a diamond, the links as arrows, a lane without dates.
    await page.getByRole('tab', { name: 'Timeline' }).click();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByRole('slider').first().waitFor();
    await expectAccessible(page);
    expect(await timeline.locator('text').allTextContents()).toContain(`${FLOUR} · 1 Mar – 5 Mar`);
    expect(
      await timeline
        .getByRole('slider', { name: `${OPEN_DAY} (milestone)` })
        .locator('path')
        .count(),
    ).toBe(1);
    expect(await timeline.locator('.plan-timeline__arrow').count()).toBe(2);
    expect(await timeline.getByText('No dates (1)').count()).toBe(1);

    // Zoom by keys (+ to days), then Fit: the 90 days fit the frame.
    const frame = timeline.locator('.plan-timeline__frame');
    const overflow = () => frame.evaluate((f) => f.scrollWidth - f.clientWidth);
    const flour = timeline.getByRole('slider', { name: FLOUR });
    await press(flour, '+', '+');
    expect(await timeline.getByRole('radio', { name: 'Day' }).isChecked()).toBe(true);
    expect(await overflow()).toBeGreaterThan(0);
    await press(timeline.getByRole('button', { name: 'Fit' }), 'Enter');
    await expect.poll(overflow).toBeLessThanOrEqual(0);

    // Resize by keys: Alt+Right a day more at the end, Shift+Alt+Left a day earlier at the start.
    const bake = timeline.getByRole('slider', { name: BAKE });
    version = await savedVersion(page);
    await press(bake, 'Alt+ArrowRight', 'Shift+Alt+ArrowLeft');
    await expect.poll(() => bake.getAttribute('aria-valuetext')).toBe('From 7 March 2027 to 10 March 2027');
    await savedAbove(page, version);
    stored = tasksOf(await storedCopy(page, id));
    expect([stored.bake!.start_date, stored.bake!.due_date]).toEqual(['2027-03-07', '2027-03-10']);

    // Flour a week later: Bake now starts before Flour is due. The warning offers to move the waiting tasks, and
    // moving Bake moves Open day, which waits on it, too.
    version = await savedVersion(page);
    await press(flour, 'Shift+ArrowRight');
    const warning = timeline.getByRole('alert');
    await warning.getByText('A task starts before a task it waits on is due.').waitFor();
    expect(await timeline.locator('.plan-timeline__arrow--conflict').count()).toBe(1);
    await expect
      .poll(() => timeline.getByRole('slider', { name: /^Bake a test batch \(.*starts before/ }).count())
      .toBe(1);
    await press(warning.getByRole('button', { name: 'Move waiting tasks later' }), 'Enter');
    await expect.poll(() => bake.getAttribute('aria-valuetext')).toBe('From 13 March 2027 to 16 March 2027');
    await expect.poll(() => warning.count()).toBe(0);
    await savedAbove(page, version);
    stored = tasksOf(await storedCopy(page, id));
    expect([stored.bake!.start_date, stored.bake!.due_date, stored.open!.due_date]).toEqual([
      '2027-03-13',
      '2027-03-16',
      '2027-03-17',
    ]);

    // By pointer: the bar's last day dragged two days on makes it longer; its start stays.
    const box = (await bake.locator('rect').boundingBox())!;
    const dayWidth = (box.width + 2) / 4;
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 2 + 2 * dayWidth, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => bake.getAttribute('aria-valuetext')).toBe('From 13 March 2027 to 18 March 2027');

    // The cursor says what a press does there: resize at either end of a bar (its first and last 7 px), move between.
    const longer = (await bake.locator('rect').boundingBox())!;
    const cursorAt = async (x: number) => {
      await page.mouse.move(x, longer.y + longer.height / 2);
      return bake.evaluate((bar) => getComputedStyle(bar).cursor);
    };
    expect(await cursorAt(longer.x + longer.width - 2)).toBe('ew-resize');
    expect(await cursorAt(longer.x + longer.width / 2)).toBe('grab');
    expect(await cursorAt(longer.x + 2)).toBe('ew-resize');

    // The undated task gets a due date from its lane (the plan's start), and a bar.
    await press(timeline.getByRole('button', { name: `Give ${UNDATED} a due date` }), 'Enter');
    await timeline.getByRole('slider', { name: UNDATED }).waitFor();

    // Back in the outline, Backspace in Bake's Waits on field removes its link.
    version = await savedVersion(page);
    await page.getByRole('tab', { name: 'Outline' }).click();
    await press(page.getByRole('button', { name: `Details of ${BAKE}` }), 'Enter');
    const bakeWaits = page.locator('li[data-task-id="bake"]').getByRole('combobox', { name: /^Waits on/ });
    await press(bakeWaits, 'Backspace');
    await savedAbove(page, version);
    expect(tasksOf(await storedCopy(page, id)).bake!.depends_on).toEqual([]);
    await context.close();
  });

  it('draws only the rows in view of a long plan, keeps the focused bar, and Tab scrolls each next task into view', async () => {
    const { page, context } = await newPage(browser, { width: 1280, height: 900 });
    const step = (n: number) => `Step ${n}`;
    const long: MyPlanDocument = {
      start_date: '2027-03-01',
      sections: Array.from({ length: 4 }, (_, s) => ({
        id: `stage-${s}`,
        name: `Stage ${s + 1}`,
        description: '',
        tasks: Array.from({ length: 30 }, (_, t) =>
          newTask(`step-${s * 30 + t}`, { name: step(s * 30 + t + 1), due_date: addDays('2027-03-01', s * 30 + t) }),
        ),
      })),
    };
    await bakeryCopy(page, 'timeline-long', long);
    await page.getByRole('tab', { name: 'Timeline' }).click();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    const bars = timeline.getByRole('slider');
    await bars.first().waitFor();
    const bar = (n: number) => timeline.getByRole('slider', { name: step(n), exact: true });
    const frame = timeline.locator('.plan-timeline__frame');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    const seen = async (n: number) => {
      const [box, view] = await Promise.all([bar(n).boundingBox(), frame.boundingBox()]);
      return box !== null && view !== null && box.y >= view.y && box.y + box.height <= view.y + view.height;
    };
    // The frame's view and a few rows on each side: far fewer than the 120 tasks.
    const drawn = await bars.count();
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(60);
    await expectAccessible(page);

    // Tab from the last bar drawn (scrolled into view as it takes the focus) reaches the next task, seen whole.
    await press(bar(drawn), 'Tab');
    await expect.poll(focused).toBe(step(drawn + 1));
    expect(await seen(drawn + 1)).toBe(true);

    // The focused bar stays drawn when the chart scrolls away from it, and its keys still work.
    await frame.evaluate((element) => element.scrollTo(0, 0));
    await bar(1).focus();
    await frame.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await bar(120).waitFor();
    expect(await bar(2).count()).toBe(0);
    expect(await focused()).toBe(step(1));
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => bar(1).getAttribute('aria-valuetext')).toBe('Due 2 March 2027');
    // Tab goes on to the next task, not drawn until then, rather than to the next bar drawn.
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe(step(2));
    expect(await seen(2)).toBe(true);
    await context.close();
  });

  it('fits a phone with a late task and the today line: no sideways scroll of the page, axe finds nothing', async () => {
    const { page, context } = await newPage(browser, PHONE);
    // A task due ten days ago and not done is late: said on its bar, in words.
    const plan = bakery();
    plan.sections[1]!.tasks.push(newTask('late', { name: 'Order the oven', due_date: addDays(todayUtc(), -10) }));
    await bakeryCopy(page, 'timeline-phone', plan);
    await page.getByRole('tab', { name: 'Timeline' }).click();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByRole('slider').first().waitFor();
    await timeline.getByRole('slider', { name: 'Order the oven (late)' }).waitFor();
    expect(await timeline.locator('.plan-timeline__late').allTextContents()).toEqual(['Late · ']);
    await timeline.getByText('Today', { exact: true }).waitFor();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page, 'the timeline at 390 px');
    await press(timeline.getByRole('button', { name: 'Fit' }), 'Enter');
    await expectNoSidewaysScroll(page, 'the fitted timeline at 390 px');
    await context.close();
  });
});
