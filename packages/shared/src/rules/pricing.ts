import { CENTS_PER_DOLLAR, LANDING_PLAN_IDS, PLAN_IDS, SUBSCRIPTION_PLAN_TYPE } from '../constants';
import type { Plan } from '../schemas/plans';

/**
 * Pricing cards of the landing page: plans 4, 6 and 7 in that order, only those having a price;
 * Growth and Premium only when they are subscriptions (type '5').
 */
export function pricingCards(plans: readonly Plan[]): Plan[] {
  return LANDING_PLAN_IDS.flatMap((id) => {
    const plan = plans.find((p) => p.id === id);
    if (!plan || plan.prices.length === 0) return [];
    if (id !== PLAN_IDS.ESSENTIAL && plan.type !== SUBSCRIPTION_PLAN_TYPE) return [];
    return [plan];
  });
}

/** Monthly price in dollars, from the first price in cents. */
export function monthlyPriceDollars(plan: Plan): number {
  return (plan.prices[0]?.price ?? 0) / CENTS_PER_DOLLAR;
}

export type SubscriptionState = 'trial' | 'paid' | 'none';

export interface SubscriptionFacts {
  is_subscribed?: string | null;
  has_used_free_trial?: boolean | null;
  trial_start?: number | null;
  trial_end?: number | null;
}

/** Subscription state from is_subscribed ('1' trial, '2' paid; docs/product-rules.md, Pricing). */
export function subscriptionState(user: SubscriptionFacts | null | undefined, nowSeconds: number): SubscriptionState {
  if (!user) return 'none';
  if (user.is_subscribed === '2') return 'paid';
  if (user.is_subscribed === '1') {
    if (user.has_used_free_trial) return 'trial';
    if (user.trial_start && user.trial_end && nowSeconds < user.trial_end) return 'trial';
  }
  return 'none';
}

export interface PricingButtonInput {
  state: SubscriptionState;
  /** The user's current plan is the card's plan. */
  samePlan: boolean;
  hasUsedTrial: boolean;
  isPremiumPlan: boolean;
}

/** Text of a pricing card's button (docs/product-rules.md, Pricing). */
export function pricingButtonText({ state, samePlan, hasUsedTrial, isPremiumPlan }: PricingButtonInput): string {
  if (state === 'trial') return samePlan ? 'Upgrade to Paid Plan' : 'Get Started';
  if (state === 'paid') return samePlan ? 'Current Plan' : 'Get Started';
  return hasUsedTrial || isPremiumPlan ? 'Get Started' : 'Start Free 7-Day Trial';
}

/** Call-to-action of the landing and /ai pages. */
export function callToActionText(user: { subscribed: boolean; isLifetimeDeal: boolean }): string {
  return user.subscribed || user.isLifetimeDeal ? 'Get Started' : 'Start Free 7-Day Trial';
}
