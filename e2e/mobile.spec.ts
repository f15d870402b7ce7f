import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, MOBILE, newPage } from './browser';

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
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(MOBILE.width);
    }
    await context.close();
  });
});
