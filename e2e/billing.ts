import type { Page } from 'playwright-core';
import { expect } from 'vitest';

type PlanCard = 'Essential' | 'Growth' | 'Premium';

/** The pricing card's button of a plan on the landing page. */
export async function pricingButton(page: Page, plan: PlanCard) {
  await page.goto('/#prices');
  const button = page.getByRole('button', { name: new RegExp(`: ${plan} plan$`) });
  await button.waitFor();
  return button;
}

/** The button's label depends on the subscription state, which loads after the card renders. */
export async function expectPricingLabel(page: Page, plan: PlanCard, label: string) {
  const button = await pricingButton(page, plan);
  await expect.poll(() => button.textContent()).toBe(label);
  return button;
}

/** Fills the sandbox card form with one of Stripe's test numbers and submits it. */
export async function payWithCard(page: Page, number: string) {
  await page
    .getByText('Loading, please wait')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill(`12 / ${(new Date().getUTCFullYear() + 2) % 100}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Submit' }).click();
}
