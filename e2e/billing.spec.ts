import { MY_PLANS_MESSAGES } from '@dpp/shared/schemas/my-plans';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './admin';
import { expectPricingLabel, payWithCard } from './billing';
import { baseUrl, expectAccessible, launchBrowser, newPage, notice } from './browser';
import { freshEmail } from './mailbox';
import { activatedUser, moveBillingClock } from './session';

let browser: Browser;
let adminToken: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const signIn = await fetch(`${baseUrl()}/api/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  });
  adminToken = ((await signIn.json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  await browser.close();
});

const path = (page: Page) => new URL(page.url()).pathname;

/** What the local CRM received for an address (the administrators' view of it). */
async function crmEvents(email: string) {
  const res = await fetch(`${baseUrl()}/api/active-campaign/events?email=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { kind: string; detail: Record<string, unknown> }[];
}

async function firstPaidTemplate() {
  const templates = (await (await fetch(`${baseUrl()}/api/project-plans-without-pagination`)).json()) as {
    id: number;
    free: boolean;
    price: number;
    product_name: string;
  }[];
  return templates.find((t) => !t.free && t.price > 0)!;
}

async function membershipLabel(page: Page) {
  await page.goto('/myAccount');
  const label = page.locator('.account-membership');
  await label.waitFor();
  // Ready only once this visit's reading of the record is done (aria-busy) and the trial it names is known.
  await page.waitForFunction(() => {
    const label = document.querySelector('.account-membership');
    return label?.getAttribute('aria-busy') === 'false' && !label.querySelector('.ant-spin');
  });
  return (await label.textContent())?.trim();
}

/** Every control on the page that goes back: the header's arrow and the page's own Back. */
const backControls = (page: Page) =>
  page.getByRole('button', { name: /back/i }).or(page.getByRole('link', { name: /^back$/i }));

describe('billing', () => {
  it('shows one back control on /trial-success, /subscribe and /payment/:id', async () => {
    const { page, context } = await newPage(browser);
    await activatedUser(page, freshEmail('one-back'));
    await page.goto('/trial-success');
    await page.getByRole('heading', { name: 'Your Free Trial is Active' }).waitFor();
    expect(await backControls(page).count()).toBe(1);
    await backControls(page).click();
    await page.waitForURL((url) => url.pathname === '/ai');

    await (await expectPricingLabel(page, 'Premium', 'Get Started')).click();
    await page.waitForURL('**/subscribe');
    await page.getByRole('heading', { name: 'Payment Methods' }).waitFor();
    expect(await backControls(page).count()).toBe(1);
    await expectAccessible(page);

    const paid = await firstPaidTemplate();
    await page.goto(`/payment/${paid.id}`);
    await page.getByRole('heading', { name: 'Payment' }).waitFor();
    expect(await backControls(page).count()).toBe(1);
    await expectAccessible(page);
    await context.close();
  });

  it('starts the no-card trial from the pricing card, then explores', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('trial');
    await activatedUser(page, email);
    await expectPricingLabel(page, 'Growth', 'Start Free 7-Day Trial');
    await expectPricingLabel(page, 'Premium', 'Get Started');
    await (await expectPricingLabel(page, 'Growth', 'Start Free 7-Day Trial')).click();
    await page.waitForURL('**/trial-success');
    await page.getByRole('heading', { name: 'Your Free Trial is Active' }).waitFor();
    await page.getByText('Congratulations! Your free trial starts today!').waitFor();
    await page.getByText('No credit card required!').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Start Exploring' }).click();
    await page.waitForURL((url) => url.pathname === '/ai');
    // /subscribe needs a chosen plan; the return page needs the provider's client secret.
    await page.goto('/subscribe');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/subscribe/success?client_id=1&price_id=price_dpp_growth_monthly&setup_intent_id=seti_1');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/subscribe/success?no_credit_card=true');
    await page.waitForURL((url) => url.pathname === '/project-plans');
    // The trial's own plan now offers the upgrade.
    await expectPricingLabel(page, 'Growth', 'Upgrade to Paid Plan');
    expect(await membershipLabel(page)).toMatch(/^7-Day Free Trial \(Pro Monthly Membership\), ends /);
    await context.close();
  });

  it('cancels a trial, subscribes to Growth with a card, is refused cancelling before two months and cancels after', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('growth');
    await activatedUser(page, email);
    await (await expectPricingLabel(page, 'Growth', 'Start Free 7-Day Trial')).click();
    await page.waitForURL('**/trial-success');

    await page.goto('/myAccount');
    await page.getByRole('button', { name: 'Cancel Trial' }).click();
    await notice(page, 'Processing');
    await notice(page, 'Trial ended');
    await page.getByText('Not a subscriber').waitFor();
    expect(await membershipLabel(page)).toBe('Basic Membership');

    const growth = await expectPricingLabel(page, 'Growth', 'Get Started');
    await growth.click();
    await page.waitForURL('**/subscribe');
    await page.getByRole('tab', { name: 'Credit Card' }).waitFor();
    await page.getByLabel('Card number').waitFor();
    await expectAccessible(page);
    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL('**/subscribe/success?**');
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/ai');
    expect(await membershipLabel(page)).toBe('Pro Monthly Membership');
    await expectPricingLabel(page, 'Growth', 'Current Plan');

    await page.goto('/myAccount');
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await notice(page, 'Cannot unsubscribe!');
    await page.getByText('You cannot unsubscribe before two months.').first().waitFor();
    await page.getByRole('button', { name: 'Cancel Subscription' }).waitFor();

    await moveBillingClock(email, 61);
    await page.reload();
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await notice(page, 'Subscription cancelled');
    await page.getByText('Not a subscriber').waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('upgrades a trial with a card, charged when the trial ends', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('upgrade');
    await activatedUser(page, email);
    await (await expectPricingLabel(page, 'Growth', 'Start Free 7-Day Trial')).click();
    await page.waitForURL('**/trial-success');
    await (await expectPricingLabel(page, 'Growth', 'Upgrade to Paid Plan')).click();
    await page.waitForURL('**/subscribe');
    await payWithCard(page, '4242424242424242');
    await page.waitForURL('**/subscribe/success?trial_upgrade_success=true');
    await page.getByRole('heading', { name: 'Your trial is upgraded' }).waitFor();
    expect(await membershipLabel(page)).toMatch(/^7-Day Free Trial/);
    await moveBillingClock(email, 7);
    await page.reload();
    expect(await membershipLabel(page)).toBe('Pro Monthly Membership');
    await page.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
    await context.close();
  });

  it("shows the provider's message for a declined card and records nothing", async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('declined');
    await activatedUser(page, email);
    await (await expectPricingLabel(page, 'Premium', 'Get Started')).click();
    await page.waitForURL('**/subscribe');
    await payWithCard(page, '4000 0000 0000 0002');
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).first().waitFor();
    expect(path(page)).toBe('/subscribe');
    await page.getByLabel('Expiry (MM / YY)').fill('01 / 20');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('alert').filter({ hasText: "Your card's expiration year is in the past." }).first().waitFor();
    await expectAccessible(page);
    expect(await membershipLabel(page)).toBe('Basic Membership');
    await page.getByText('Not a subscriber').waitFor();
    await context.close();
  });

  it('buys a paid template once, then goes straight to the upload', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('buyer');
    await activatedUser(page, email);
    const templates = (await (await fetch(`${baseUrl()}/api/project-plans-without-pagination`)).json()) as {
      id: number;
      free: boolean;
      price: number;
      product_name: string;
    }[];
    const paid = templates.find((t) => !t.free && t.price > 0)!;
    await page.goto(`/project-plans/${paid.id}`);
    await page.getByRole('button', { name: 'Get Project Plan' }).click();
    const modal = page.getByRole('dialog', { name: 'Choose Membership' });
    await modal.waitFor();
    await modal.getByRole('heading', { name: 'Growth Plan' }).waitFor();
    await modal.getByRole('heading', { name: 'Premium Plan' }).waitFor();
    await expectAccessible(page);
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('planID'))).toBeNull();

    // Save to My Plans is refused in words that say "Buy it": its Buy button leads to the purchase.
    await page.getByRole('button', { name: 'Save to My Plans' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: MY_PLANS_MESSAGES.SOURCE_NOT_ALLOWED });
    await refusal.getByRole('button', { name: 'Buy' }).click();
    await page.waitForURL(`**/payment/${paid.id}`);
    await page.getByRole('heading', { name: 'Payment' }).waitFor();
    await page.goto(`/project-plans/${paid.id}`);

    await page.getByRole('button', { name: 'Get Project Plan' }).click();
    await modal.getByRole('link', { name: /once for/ }).click();
    await page.waitForURL(`**/payment/${paid.id}`);
    await page.getByRole('heading', { name: 'Payment' }).waitFor();
    await page.getByText('Total amount:').waitFor();
    await page.getByText('One time purchase').waitFor();
    await page.getByText(`$${Math.round(paid.price / 100)}`, { exact: true }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((url) => url.pathname === '/upload-action');

    await page.goto(`/project-plans/${paid.id}`);
    await page.getByRole('button', { name: 'Get Project Plan' }).click();
    await page.waitForURL((url) => url.pathname === '/upload-action');
    await context.close();
  });

  it('tags a Premium card subscription as premium in the CRM', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('premium');
    await activatedUser(page, email);
    await (await expectPricingLabel(page, 'Premium', 'Get Started')).click();
    await page.waitForURL('**/subscribe');
    await payWithCard(page, '4242 4242 4242 4242');
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await expect
      .poll(async () => (await crmEvents(email)).filter((e) => e.kind === 'tag_added').map((e) => e.detail.tag))
      .toEqual(['DPP Premium Member']);
    await context.close();
  });

  it('shows the cancel-trial failure notices and keeps the trial', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('cancel-fails');
    await activatedUser(page, email);
    await (await expectPricingLabel(page, 'Growth', 'Start Free 7-Day Trial')).click();
    await page.waitForURL('**/trial-success');
    await page.goto('/myAccount');
    const cancel = page.getByRole('button', { name: 'Cancel Trial' });

    // The provider says no: the refusal notice.
    await page.route('**/api/stripe/cancel-trial', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: false }) }),
    );
    await cancel.click();
    await notice(page, 'Cannot end trial!');
    await notice(page, 'There was an error ending your trial.');
    // The call fails: the error notice.
    await page.unroute('**/api/stripe/cancel-trial');
    await page.route('**/api/stripe/cancel-trial', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UPSTREAM_FAILED', message: 'The provider could not be reached.' } }),
      }),
    );
    await cancel.click();
    await notice(page, 'Failed to end trial. Please try again.');
    await page.unroute('**/api/stripe/cancel-trial');
    await cancel.waitFor();
    expect(await membershipLabel(page)).toMatch(/^7-Day Free Trial/);
    await context.close();
  });

  it('refreshes the toolkit flag on Get Project Plan; a toolkit user gets no trial call to action', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('toolkit');
    await activatedUser(page, email);
    // The lower sections load on demand; the prices anchor asks for them.
    await page.goto('/#prices');
    const closing = page.locator('.lp-closing');
    await closing.scrollIntoViewIfNeeded();
    await closing.getByRole('button', { name: 'Start Free 7-Day Trial' }).waitFor();

    // Bought the toolkit meanwhile (marketing's list in the CRM); Get Project Plan asks the CRM again.
    const flags = await fetch(`${baseUrl()}/api/active-campaign/flags`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ email, toolkit: true }),
    });
    expect(flags.status).toBe(200);
    await page.goto(`/project-plans/${(await firstPaidTemplate()).id}`);
    const checked = page.waitForResponse('**/api/active-campaign/check-toolkit-user');
    await page.getByRole('button', { name: 'Get Project Plan' }).click();
    expect((await (await checked).json()).is_toolkit_user).toBe(true);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('dppUser') ?? ''))
      .toContain('"is_toolkit_user":true');

    await page.goto('/#prices');
    await closing.scrollIntoViewIfNeeded();
    await closing.locator('.lp-closing__link').waitFor();
    expect(await closing.getByRole('button', { name: 'Start Free 7-Day Trial' }).count()).toBe(0);
    expect(await closing.getByRole('button', { name: 'Get Started' }).count()).toBe(0);
    await context.close();
  });
});
