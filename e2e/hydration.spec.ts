import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser';
import { activatedUser } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Errors the page reports: React's hydration mismatch (#418) arrives as a console error. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Waits until React has taken the server's markup over and the app says it is ready. */
async function waitForApp(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.ready === 'true' &&
      Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
  );
}

/**
 * Holds the app's code (its entry module, main-*.js) until released, so a test can act on the server's page
 * before the browser has taken it over.
 */
async function holdApp(page: Page): Promise<{ release: () => void; requested: Promise<void> }> {
  let markRequested: () => void = () => {};
  const requested = new Promise<void>((resolve) => {
    markRequested = resolve;
  });
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/main-[^/]*\.js$/, async (route) => {
    markRequested();
    await released;
    // A navigation may have cancelled the request meanwhile.
    await route.continue().catch(() => {});
  });
  return { requested, release };
}

describe('the server-rendered page and the app that takes it over', () => {
  it.each(['visitor', 'member'] as const)(
    'a direct load of /#prices hydrates without a mismatch, for a %s',
    async (who) => {
      const { page, context } = await newPage(browser);
      if (who === 'member') await activatedUser(page, 'hash-prices-member@example.com');
      const errors = collectErrors(page);
      await page.goto('/#prices', { waitUntil: 'networkidle' });
      await waitForApp(page);
      await page.locator('#prices li.lp-price').first().waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('a link clicked before the app has started still navigates', async () => {
    const { page, context } = await newPage(browser);
    const app = await holdApp(page);
    await page.goto('/about');
    await app.requested;
    // The app has not taken the page over: its code is held.
    expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click({ timeout: 5000 });
    await page.waitForURL('**/privacy-policy');
    app.release();
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: /Privacy/ })
      .waitFor();
    await context.close();
  });

  it('a button clicked before the app has started does what it says once the app is up', async () => {
    const { page, context } = await newPage(browser);
    const app = await holdApp(page);
    await page.goto('/');
    await app.requested;
    expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
    const entries = await page.evaluate(() => window.history.length);
    // The hero's call to action, drawn neutral until the app knows who is looking (a visitor here).
    await page.locator('main').getByRole('button', { name: 'Loading' }).first().click({ timeout: 5000 });
    // Nothing can happen while the app's code is held; once it runs, the click is carried out, once.
    app.release();
    await page.waitForURL('**/register');
    await waitForApp(page);
    expect(await page.evaluate(() => window.history.length)).toBe(entries + 1);
    await context.close();
  });

  it('a menu clicked while the app is taking the page over opens, and stays open', async () => {
    const { page, context } = await newPage(browser);
    // A slow machine: the pointer reaches the menu while the app is still taking the page over, and the app
    // plays that hover back once it has (the menu opens), then the held click.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Eight times slower, the app is still taking the page over when the click lands (on a fast machine it may
    // have finished: the menu must open then too).
    await nav.getByRole('button', { name: 'Resources' }).click();
    await waitForApp(page);
    await nav.getByRole('link', { name: 'All Resources' }).click({ timeout: 10_000 });
    await page.waitForURL('**/resources');
    await context.close();
  });

  it('a visitor who scrolled before the app took the page over stays where they were', async () => {
    const { page, context } = await newPage(browser);
    const app = await holdApp(page);
    await page.goto('/terms-of-use');
    await app.requested;
    await page.evaluate(() => window.scrollTo(0, 1500));
    app.release();
    await waitForApp(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(1500);
    await context.close();
  });
});
