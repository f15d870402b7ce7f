import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPricingLabel, payWithCard } from './billing';
import { expectAccessible, launchBrowser, newPage } from './browser';
import { freshEmail } from './mailbox';
import { activatedUser, moveBillingClock } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const path = (page: Page) => new URL(page.url()).pathname;

/** Starts the no-card trial of Growth from its pricing card. */
async function startGrowthTrial(page: Page) {
  await (await expectPricingLabel(page, 'Growth', 'Start Free 7-Day Trial')).click();
  await page.waitForURL('**/trial-success');
}

describe('the Essential plan', () => {
  it('sends a visitor to sign-up and a member to the free templates, never to an upload', async () => {
    const { page, context } = await newPage(browser);
    const uploads: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && path(page).startsWith('/upload-action')) uploads.push(page.url());
    });
    await (await expectPricingLabel(page, 'Essential', 'Start Free 7-Day Trial')).click();
    await page.waitForURL((url) => url.pathname === '/register');

    await activatedUser(page, freshEmail('essential'));
    const trialCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/stripe/no-credit-card-trial')) trialCalls.push(request.url());
    });
    await (await expectPricingLabel(page, 'Essential', 'Start Free 7-Day Trial')).click();
    await page.waitForURL((url) => url.pathname === '/project-plans');
    await page.getByRole('heading', { name: 'Free Templates' }).waitFor();
    await expectAccessible(page);

    // On a trial the Essential card reads 'Get Started', and leads to the free templates as well.
    await startGrowthTrial(page);
    await (await expectPricingLabel(page, 'Essential', 'Get Started')).click();
    await page.waitForURL((url) => url.pathname === '/project-plans');
    await page.getByRole('heading', { name: 'Free Templates' }).waitFor();
    expect(trialCalls.length).toBe(1);
    expect(uploads).toEqual([]);
    await context.close();
  });
});

describe('membership state after a page load', () => {
  it('reads the record fresh: a trial ended by the timer offers a new subscription, which succeeds', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('trial-ended');
    await activatedUser(page, email);
    await startGrowthTrial(page);
    await expectPricingLabel(page, 'Growth', 'Upgrade to Paid Plan');

    // The trial ends on the server while the browser still holds the record that says trial.
    expect((await moveBillingClock(email, 8)).trials_ended).toBe(1);
    await page.reload();
    const growth = await expectPricingLabel(page, 'Growth', 'Get Started');
    await growth.click();
    await page.waitForURL('**/subscribe');
    await payWithCard(page, '4242 4242 4242 4242');
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await context.close();
  });

  it('pays on /subscribe for what the server says at that moment, even when the trial ended meanwhile', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('trial-ends-on-pay');
    await activatedUser(page, email);
    await startGrowthTrial(page);
    await (await expectPricingLabel(page, 'Growth', 'Upgrade to Paid Plan')).click();
    await page.waitForURL('**/subscribe');
    await page.getByLabel('Card number').waitFor();

    expect((await moveBillingClock(email, 8)).trials_ended).toBe(1);
    await payWithCard(page, '4242 4242 4242 4242');
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    expect(await page.getByText('An error occurred while upgrading your trial.').count()).toBe(0);
    await expectAccessible(page);
    await context.close();
  });
});

describe('account-dependent parts of a server-rendered page', () => {
  it("never show a trial member the visitor's call to action", async () => {
    const { page, context } = await newPage(browser);
    await activatedUser(page, freshEmail('no-flash'));
    await startGrowthTrial(page);
    // Every text any button of the page shows, from the first byte of the page on.
    await page.addInitScript(() => {
      const seen = new Set<string>();
      (window as unknown as { seenButtonTexts: Set<string> }).seenButtonTexts = seen;
      const record = () => {
        document.querySelectorAll('button').forEach((button) => {
          seen.add((button.textContent ?? '').trim());
        });
      };
      new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const seenTexts = () =>
      page.evaluate(() => [...(window as unknown as { seenButtonTexts: Set<string> }).seenButtonTexts]);

    await page.goto('/');
    await page.locator('.lp-hero__cta').filter({ hasText: 'Get Started' }).waitFor();
    await expectAccessible(page);
    expect(await seenTexts()).not.toContain('Start Free 7-Day Trial');

    await page.goto('/ai');
    await expectPricingLabel(page, 'Growth', 'Upgrade to Paid Plan');
    await page.locator('.lp-closing__cta').filter({ hasText: 'Get Started' }).waitFor();
    await expectAccessible(page);
    expect(await seenTexts()).not.toContain('Start Free 7-Day Trial');

    // The placeholder is no dead end for a visitor: the call to action appears once the page knows them.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/');
    await page.locator('.lp-hero__cta').filter({ hasText: 'Start Free 7-Day Trial' }).waitFor();
    await context.close();
  });
});

describe('a way into the areas', () => {
  const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

  it('gives a Premium Monthly subscriber the Premium entry to the members area', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('premium-monthly');
    await activatedUser(page, email);
    await (await expectPricingLabel(page, 'Premium', 'Get Started')).click();
    await page.waitForURL('**/subscribe');
    await payWithCard(page, '4242 4242 4242 4242');
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/ai');
    await mainNav(page).getByRole('link', { name: 'Premium', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/membership-area');
    await page.getByRole('heading', { name: 'Welcome to your Digital Project Planner membership' }).waitFor();
    await expectAccessible(page);

    await context.close();
  });
});
