import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newPage } from './browser';
import { activatedUser } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const TABS = ['SMART Goals Creation', 'Project Generation', 'Task Generator', 'Detailed Project Plans'];

const tour = (page: Page) => page.locator('section.lp-features');
const selectedTab = (page: Page) =>
  tour(page).getByRole('tab', { selected: true }).locator('.lp-tab__label').textContent();
const visiblePanel = (page: Page) => tour(page).locator('[role="tabpanel"]:not(.lp-features__panel--hidden)');

/**
 * The tour as the visitor watches it (its clock moved on by the test): the demo refreshes every 2 s, the tabs
 * turn every 5 s, a pointer over the tour stops it and moving away lets it go on, Pause stops it, the arrow keys
 * move between tabs.
 */
async function watchTheTour(page: Page) {
  await page.mouse.move(1, 1);
  await tour(page).scrollIntoViewIfNeeded();
  // The tour starts when it is seen (its timer bar runs); from then the test moves the page's clock itself. When
  // it started is the page's business (a busy machine sees it late), so the test starts it again at a known
  // moment: another tab and back starts the first tab's demo and rotation afresh, once neither pointer nor
  // focus holds the tour.
  await tour(page).locator('.lp-tab__timer--running').waitFor();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
  await tour(page).getByRole('tab', { name: TABS[1] }).click();
  await tour(page).getByRole('tab', { name: TABS[0] }).click();
  await page.mouse.move(1, 1);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  expect(await selectedTab(page)).toBe(TABS[0]);
  await visiblePanel(page).getByText('Writing your SMART goal…').waitFor();
  await page.clock.runFor(4_100);
  await visiblePanel(page).getByText('SMART goal ready').waitFor();
  expect(await selectedTab(page)).toBe(TABS[0]);
  await page.clock.runFor(1_000);
  await expect.poll(() => selectedTab(page)).toBe(TABS[1]);
  await visiblePanel(page).getByText('Scoring…').first().waitFor();
  await page.clock.runFor(2_100);
  await visiblePanel(page).getByText('96% match').waitFor();

  await tour(page).locator('.lp-features__stage').hover();
  await page.clock.runFor(6_000);
  expect(await selectedTab(page)).toBe(TABS[1]);
  await page.mouse.move(1, 1);
  await page.clock.runFor(5_100);
  await expect.poll(() => selectedTab(page)).toBe(TABS[2]);
  await visiblePanel(page).getByText('1 of 8 tasks complete').waitFor();
  await page.clock.runFor(4_100);
  await visiblePanel(page).getByText('2 of 8 tasks complete').waitFor();
  expect(await selectedTab(page)).toBe(TABS[2]);

  await tour(page).getByRole('button', { name: 'Pause the feature tour' }).click();
  await tour(page).getByRole('button', { name: 'Play the feature tour' }).waitFor();
  // Neither the pointer nor the focus holds it now: Pause alone does.
  await page.mouse.move(1, 1);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.clock.runFor(11_000);
  expect(await selectedTab(page)).toBe(TABS[2]);

  await tour(page).getByRole('tab', { name: TABS[0] }).click();
  await expect.poll(() => selectedTab(page)).toBe(TABS[0]);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => selectedTab(page)).toBe(TABS[3]);
  expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(TABS[3]);
  await visiblePanel(page).locator('.lp-plan__percent', { hasText: '29%' }).waitFor();

  // Play: the demo refreshes again (one more step done), and the tabs turn.
  await tour(page).getByRole('button', { name: 'Play the feature tour' }).click();
  await page.mouse.move(1, 1);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.clock.runFor(2_100);
  await visiblePanel(page).locator('.lp-plan__percent', { hasText: '43%' }).waitFor();
  await page.clock.runFor(3_000);
  await expect.poll(() => selectedTab(page)).toBe(TABS[0]);
}

describe('the feature tour', () => {
  it("runs on the server's page as an island React does not take over", async () => {
    const { page, context } = await newPage(browser, DESKTOP, { motion: true });
    await page.clock.install();
    await page.goto('/');
    await watchTheTour(page);
    const island = page.locator('[data-island="feature-tabs"]');
    expect(await island.getAttribute('data-island-ready')).toBe('');
    expect(await island.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__react')))).toBe(
      false,
    );
    await context.close();
  });

  it('runs in the app the same way', async () => {
    const { page, context } = await newPage(browser, DESKTOP, { motion: true });
    await activatedUser(page, 'feature-tour-member@example.com');
    await page.clock.install();
    // The app draws the landing page itself when a member goes there from one of its pages.
    await page.goto('/myAccount');
    await page.getByRole('link', { name: 'Digital Project Planner home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.locator('[data-island]').first().getAttribute('data-island-slot')).toBeNull();
    await watchTheTour(page);
    await context.close();
  });

  it('stands still, finished, when less motion is preferred', async () => {
    const { page, context } = await newPage(browser);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await tour(page).scrollIntoViewIfNeeded();
    await visiblePanel(page).getByText('SMART goal ready').waitFor();
    expect(await tour(page).getByRole('button', { name: 'Pause the feature tour' }).count()).toBe(0);
    await page.clock.runFor(11_000);
    expect(await selectedTab(page)).toBe(TABS[0]);
    await context.close();
  });
});
