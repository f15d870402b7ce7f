import {
  CANCEL_MIN_MONTHS,
  CENTS_PER_DOLLAR,
  FREE_TRIAL_DAYS,
  MONTHLY_PLAN_IDS,
  PLAN_IDS,
  PLAN_NAMES,
} from '../constants';
import { BILLING_MESSAGES } from '../messages';
import { type PricingButtonInput, pricingButtonText, type SubscriptionState } from './pricing';

/** What pressing a pricing card's button does (docs/product-rules.md, Pricing). */
export type PricingAction =
  /** A visitor signs up first. */
  | 'register'
  /** A paid user's current plan: nothing happens. */
  | 'none'
  /** The card form on /subscribe. */
  | 'subscribe'
  /** A no-credit-card trial; on refusal or error the user goes to /subscribe. */
  | 'trial'
  /** The free plan (Essential): the free templates. Its plan id is no template id, so nothing is uploaded. */
  | 'free-templates';

export interface PricingButtonFacts extends PricingButtonInput {
  signedIn: boolean;
  /** The card's plan costs nothing (Essential): there is nothing to try or pay. */
  isFreePlan?: boolean;
}

export interface PricingButton {
  text: string;
  action: PricingAction;
}

/**
 * Text and action of a pricing card's button, every cell of the table in docs/product-rules.md, Pricing:
 * trial — same plan 'Upgrade to Paid Plan', other 'Get Started' (both to /subscribe);
 * paid — same plan 'Current Plan' (nothing), other 'Get Started' (/subscribe);
 * other — 'Get Started' when the trial was used or the plan is Premium (/subscribe), else
 * 'Start Free 7-Day Trial' (the no-card trial). A visitor sees the 'other' text and goes to /register.
 * The free plan keeps the table's text but a member goes to the free templates: it has no trial to start.
 */
export function pricingButton({
  signedIn,
  state,
  samePlan,
  hasUsedTrial,
  isPremiumPlan,
  isFreePlan = false,
}: PricingButtonFacts): PricingButton {
  const effective: SubscriptionState = signedIn ? state : 'none';
  // The text is the pricing table's (pricingButtonText); only where the button leads is decided here.
  const text = pricingButtonText({ state: effective, samePlan, hasUsedTrial, isPremiumPlan });
  if (signedIn && isFreePlan) return { text, action: 'free-templates' };
  if (effective === 'trial') return { text, action: 'subscribe' };
  if (effective === 'paid') return { text, action: samePlan ? 'none' : 'subscribe' };
  if (!signedIn) return { text, action: 'register' };
  return { text, action: hasUsedTrial || isPremiumPlan ? 'subscribe' : 'trial' };
}

/** 'month' for the monthly plans (ids 6 and 7), otherwise 'year'. */
export function subscriptionType(planId: number): 'month' | 'year' {
  return MONTHLY_PLAN_IDS.includes(planId) ? 'month' : 'year';
}

export const isPremiumPlanId = (planId: number): boolean => planId === PLAN_IDS.PREMIUM;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a trial started at `start` ends: 7 days later. */
export function trialEndsAt(start: Date): Date {
  return new Date(start.getTime() + FREE_TRIAL_DAYS * DAY_MS);
}

/** The same day `months` calendar months later (the last day of a shorter month when it has no such day). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** The next billing date after `from` for an interval. */
export function nextPeriodEnd(from: Date, interval: 'month' | 'year'): Date {
  return addMonths(from, interval === 'year' ? 12 : 1);
}

/** A subscription may be cancelled only once two months have passed since it started. */
export function canCancelSubscription(startedAt: Date, now: Date): boolean {
  return addMonths(startedAt, CANCEL_MIN_MONTHS).getTime() <= now.getTime();
}

/** Cents as the decimal string a payment-button provider expects: 4900 -> '49.00'. */
export function centsToAmount(cents: number): string {
  return (cents / CENTS_PER_DOLLAR).toFixed(2);
}

export interface MembershipFacts {
  state: SubscriptionState;
  planName: string;
  /** Unix seconds. */
  trialEnd: number | null;
}

const dateText = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The membership label the trial-info call returns. */
export function trialInfoText({ state, planName, trialEnd }: MembershipFacts): string {
  if (state === 'paid') return planName || BILLING_MESSAGES.PAID_MEMBERSHIP;
  if (state === 'trial') {
    const plan = planName ? ` (${planName})` : '';
    return trialEnd ? `7-Day Free Trial${plan}, ends ${dateText(trialEnd)}` : `7-Day Free Trial${plan}`;
  }
  return BILLING_MESSAGES.BASIC_MEMBERSHIP;
}

/** A card form or provider error as the browser receives it. */
export interface CardError {
  type?: string;
  code?: string;
  message?: string;
}

/**
 * The text shown for a card error: the provider's own message for card and validation errors,
 * otherwise the generic one (worded differently on the trial path: docs/product-rules.md, Billing).
 */
export function cardErrorMessage(error: CardError | null | undefined, path: 'subscribe' | 'trial'): string {
  if (error && (error.type === 'card_error' || error.type === 'validation_error') && error.message)
    return error.message;
  return path === 'trial' ? BILLING_MESSAGES.UNEXPECTED_TRIAL : BILLING_MESSAGES.UNEXPECTED;
}

/** Query parameters of /subscribe/success. */
export interface SubscribeSuccessQuery {
  client_id?: string | null;
  price_id?: string | null;
  setup_intent_id?: string | null;
  /** The provider adds setup_intent and setup_intent_client_secret when it returns the browser. */
  setup_intent?: string | null;
  setup_intent_client_secret?: string | null;
  trial_upgrade?: string | null;
  trial_upgrade_success?: string | null;
  no_credit_card?: string | null;
}

export type SubscribeSuccessStep =
  /** no_credit_card=true: back to the template list. */
  | { kind: 'redirect'; to: string }
  /** The trial was upgraded (or the no-card path finished): show the success view. */
  | { kind: 'done' }
  /** A trial user's card: the upgrade call, then the same page with trial_upgrade_success=true. */
  | { kind: 'upgrade-trial'; clientId: string; priceId: string; setupIntentId: string }
  /** A new subscriber's card: create the subscription (unless on a trial), save the payment, convert. */
  | { kind: 'subscribe'; clientId: string; priceId: string; setupIntentId: string; createSubscription: boolean };

/** What /subscribe/success does with its query parameters and the trial state the server reports now. */
export function subscribeSuccessStep(query: SubscribeSuccessQuery, onTrial: boolean): SubscribeSuccessStep {
  if (query.no_credit_card === 'true') return { kind: 'redirect', to: '/project-plans' };
  if (query.trial_upgrade_success === 'true') return { kind: 'done' };
  const setupIntentId = query.setup_intent_id || query.setup_intent || '';
  const clientId = query.client_id ?? '';
  const priceId = query.price_id ?? '';
  if (!query.setup_intent_client_secret || !setupIntentId || !clientId || !priceId)
    return { kind: 'redirect', to: '/' };
  // trial_upgrade was written when the card form opened; the trial may have ended since (timer, another tab).
  if (query.trial_upgrade === 'true' && onTrial) return { kind: 'upgrade-trial', clientId, priceId, setupIntentId };
  return { kind: 'subscribe', clientId, priceId, setupIntentId, createSubscription: !onTrial };
}

/** Where the free plan leads a member: the free templates, where they pick one themselves. */
export const FREE_TEMPLATES_PATH = '/project-plans';

/**
 * Where /subscribe sends the user before showing the card form; null shows the form. A plan costing nothing
 * goes to the free templates: its plan id names no template, so it must never start an upload.
 */
export function subscribePageRedirect(
  state: { price?: number | null; planId?: number | null; id?: number | null } | null | undefined,
): { to: string } | null {
  if (!state) return { to: '/' };
  if (state.price === 0) return { to: FREE_TEMPLATES_PATH };
  return null;
}

/** The plan a membership name belongs to (the client record carries the name, the pricing cards the id). */
export function membershipPlanId(planName: string | null | undefined): number | null {
  if (planName === PLAN_NAMES.PRO_MONTHLY) return PLAN_IDS.GROWTH;
  if (planName === PLAN_NAMES.PREMIUM_MONTHLY) return PLAN_IDS.PREMIUM;
  if (planName === 'Premium Yearly Membership') return PLAN_IDS.YEARLY;
  return null;
}
