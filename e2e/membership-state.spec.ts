import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPricingLabel } from './billing';
import { expectAccessible, launchBrowser, newPage } from './browser';
import { freshEmail } from './mailbox';
import { activatedUser } from './session';

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
