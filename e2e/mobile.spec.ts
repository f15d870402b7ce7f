import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoSidewaysScroll, launchBrowser, MOBILE, newPage, PHONE } from './browser';
import { freshEmail } from './mailbox';
import { FREE_TEMPLATE, openTakenCopy } from './plan-editor';
import { activatedUser } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('a 375 px wide phone', () => {
  it('replaces the header bar with a drawer menu that navigates and closes', async () => {
    const { page, context } = await newPage(browser, MOBILE);
    await page.goto('/about');
    await page.locator('h1').waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    for (const name of ['Templates', 'Pricing', 'AI Planner', 'Blog', 'Hire an Expert', 'Login']) {
      expect(await drawer.getByRole('link', { name }).isVisible(), name).toBe(true);
    }
    await expectAccessible(page);
    await drawer.getByRole('link', { name: 'Templates' }).click();
    await page.waitForURL('**/project-plans');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await context.close();
  });

  it('never scrolls sideways', async () => {
    const { page, context } = await newPage(browser, MOBILE);
    for (const path of ['/', '/project-plans', '/support', '/terms-of-use', '/project-plans/1']) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(page, path);
    }
    await context.close();
  });
});

describe('a 390 px wide phone, signed in', () => {
  it('shows the plan editor and My Plans within its width, accessible', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await activatedUser(page, freshEmail('phone-plans'));
    const copy = await openTakenCopy(page, FREE_TEMPLATE);
    // The Add buttons name their section or task: long names once made the page wider than the phone.
    await expectNoSidewaysScroll(page, 'the plan editor');
    await expectAccessible(page);
    const firstTask = copy.plan.sections[0]!.tasks[0]!.name;
    await page.getByRole('button', { name: `Details of ${firstTask}` }).click();
    await page.getByRole('button', { name: `Add subtask to ${firstTask}` }).waitFor();
    await expectNoSidewaysScroll(page, "a task's details");

    await page.goto('/my-plans');
    await page.getByRole('link', { name: `Open ${copy.name}` }).waitFor();
    await expectNoSidewaysScroll(page, 'My Plans');
    await expectAccessible(page);
    await context.close();
  });
});
