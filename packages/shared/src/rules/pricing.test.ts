import { describe, expect, it } from 'vitest';
import type { Plan } from '../schemas/plans';
import { callToActionText, monthlyPriceDollars, pricingButtonText, pricingCards, subscriptionState } from './pricing';

const plan = (id: number, type: string, cents: number[] = [1000]): Plan => ({
  id,
  name: `Plan ${id}`,
  description: '',
  type,
  prices: cents.map((price, i) => ({ id: i, price, stripe_price_id: `price_${id}`, interval: 'month' })),
  meta: [],
});

describe('pricingCards', () => {
  it('shows plans 4, 6, 7 in order and never plan 9', () => {
    const cards = pricingCards([plan(9, '5'), plan(7, '5'), plan(4, '1', [0]), plan(6, '5')]);
    expect(cards.map((p) => p.id)).toEqual([4, 6, 7]);
  });
  it('drops plans without a price and paid plans that are not subscriptions', () => {
    expect(pricingCards([plan(4, '1', []), plan(6, '3'), plan(7, '5')]).map((p) => p.id)).toEqual([7]);
  });
  it('shows cents as dollars per month', () => {
    expect(monthlyPriceDollars(plan(6, '5', [2900]))).toBe(29);
  });
});

describe('subscriptionState', () => {
  const now = 1_800_000_000;
  it('reads trial, paid and none', () => {
    expect(subscriptionState({ is_subscribed: '1', has_used_free_trial: true }, now)).toBe('trial');
    expect(subscriptionState({ is_subscribed: '1', trial_start: now - 10, trial_end: now + 10 }, now)).toBe('trial');
    expect(subscriptionState({ is_subscribed: '1', trial_start: now - 20, trial_end: now - 10 }, now)).toBe('none');
    expect(subscriptionState({ is_subscribed: '2' }, now)).toBe('paid');
    expect(subscriptionState({ is_subscribed: '' }, now)).toBe('none');
    expect(subscriptionState(null, now)).toBe('none');
  });
});

describe('pricingButtonText', () => {
  const base = { samePlan: false, hasUsedTrial: false, isPremiumPlan: false };
  it('follows the pricing table', () => {
    expect(pricingButtonText({ ...base, state: 'trial', samePlan: true })).toBe('Upgrade to Paid Plan');
    expect(pricingButtonText({ ...base, state: 'trial' })).toBe('Get Started');
    expect(pricingButtonText({ ...base, state: 'paid', samePlan: true })).toBe('Current Plan');
    expect(pricingButtonText({ ...base, state: 'paid' })).toBe('Get Started');
    expect(pricingButtonText({ ...base, state: 'none' })).toBe('Start Free 7-Day Trial');
    expect(pricingButtonText({ ...base, state: 'none', hasUsedTrial: true })).toBe('Get Started');
    expect(pricingButtonText({ ...base, state: 'none', isPremiumPlan: true })).toBe('Get Started');
  });
  it('words the call to action for subscribers and lifetime-deal users', () => {
    expect(callToActionText({ subscribed: true, isLifetimeDeal: false })).toBe('Get Started');
    expect(callToActionText({ subscribed: false, isLifetimeDeal: true })).toBe('Get Started');
    expect(callToActionText({ subscribed: false, isLifetimeDeal: false })).toBe('Start Free 7-Day Trial');
  });
});
