import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '../messages';
import {
  addMonths,
  canCancelSubscription,
  cardErrorMessage,
  centsToAmount,
  membershipPlanId,
  nextPeriodEnd,
  type PricingButtonFacts,
  pricingButton,
  subscribePageRedirect,
  subscribeSuccessStep,
  subscriptionType,
  trialEndsAt,
  trialInfoText,
} from './billing';

describe('pricingButton: every cell of the pricing table', () => {
  const facts = (patch: Partial<PricingButtonFacts>): PricingButtonFacts => ({
    signedIn: true,
    state: 'none',
    samePlan: false,
    hasUsedTrial: false,
    isPremiumPlan: false,
    ...patch,
  });

  it.each([
    // Trial row
    [{ state: 'trial', samePlan: true }, 'Upgrade to Paid Plan', 'subscribe'],
    [{ state: 'trial', samePlan: false }, 'Get Started', 'subscribe'],
    [{ state: 'trial', samePlan: true, isPremiumPlan: true, hasUsedTrial: true }, 'Upgrade to Paid Plan', 'subscribe'],
    [{ state: 'trial', samePlan: false, isPremiumPlan: true }, 'Get Started', 'subscribe'],
    // Paid row
    [{ state: 'paid', samePlan: true }, 'Current Plan', 'none'],
    [{ state: 'paid', samePlan: false }, 'Get Started', 'subscribe'],
    [{ state: 'paid', samePlan: true, isPremiumPlan: true }, 'Current Plan', 'none'],
    [{ state: 'paid', samePlan: false, isPremiumPlan: true }, 'Get Started', 'subscribe'],
    // Other row, same plan and other plan read the same
    [{ samePlan: true }, 'Start Free 7-Day Trial', 'trial'],
    [{ samePlan: false }, 'Start Free 7-Day Trial', 'trial'],
    [{ samePlan: true, hasUsedTrial: true }, 'Get Started', 'subscribe'],
    [{ samePlan: false, hasUsedTrial: true }, 'Get Started', 'subscribe'],
    [{ samePlan: true, isPremiumPlan: true }, 'Get Started', 'subscribe'],
    [{ samePlan: false, isPremiumPlan: true }, 'Get Started', 'subscribe'],
    [{ hasUsedTrial: true, isPremiumPlan: true }, 'Get Started', 'subscribe'],
  ] as const)('%o -> %s / %s', (patch, text, action) => {
    expect(pricingButton(facts(patch))).toEqual({ text, action });
  });

  it('sends a visitor to sign-up with the other-row text', () => {
    expect(pricingButton(facts({ signedIn: false }))).toEqual({ text: 'Start Free 7-Day Trial', action: 'register' });
    expect(pricingButton(facts({ signedIn: false, isPremiumPlan: true }))).toEqual({
      text: 'Get Started',
      action: 'register',
    });
    expect(pricingButton(facts({ signedIn: false, isFreePlan: true })).action).toBe('register');
    // A stale subscription state does not matter once signed out.
    expect(pricingButton(facts({ signedIn: false, state: 'paid', samePlan: true })).action).toBe('register');
  });
});

describe('pricingButton: the free plan', () => {
  it('keeps the table text but leads a member to the free templates in every state, never to a trial', () => {
    const free = { signedIn: true, samePlan: false, hasUsedTrial: false, isPremiumPlan: false, isFreePlan: true };
    expect(pricingButton({ ...free, state: 'none' })).toEqual({
      text: 'Start Free 7-Day Trial',
      action: 'free-templates',
    });
    expect(pricingButton({ ...free, state: 'trial' })).toEqual({ text: 'Get Started', action: 'free-templates' });
    expect(pricingButton({ ...free, state: 'paid' })).toEqual({ text: 'Get Started', action: 'free-templates' });
    expect(pricingButton({ ...free, state: 'none', hasUsedTrial: true }).action).toBe('free-templates');
  });
});

describe('subscriptionType', () => {
  it('is month for plans 6 and 7, year otherwise', () => {
    expect(subscriptionType(6)).toBe('month');
    expect(subscriptionType(7)).toBe('month');
    expect(subscriptionType(4)).toBe('year');
    expect(subscriptionType(9)).toBe('year');
  });
});

describe('dates', () => {
  it('ends a trial 7 days after it started', () => {
    expect(trialEndsAt(new Date('2026-01-01T10:00:00Z')).toISOString()).toBe('2026-01-08T10:00:00.000Z');
  });
  it('adds calendar months, keeping the day or the last day of a shorter month', () => {
    expect(addMonths(new Date('2026-01-15T00:00:00Z'), 2).toISOString()).toBe('2026-03-15T00:00:00.000Z');
    expect(addMonths(new Date('2026-12-31T00:00:00Z'), 2).toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(nextPeriodEnd(new Date('2026-01-31T00:00:00Z'), 'month').toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(nextPeriodEnd(new Date('2026-01-31T00:00:00Z'), 'year').toISOString()).toBe('2027-01-31T00:00:00.000Z');
  });
  it('allows cancelling a subscription only after two months', () => {
    const start = new Date('2026-01-10T12:00:00Z');
    expect(canCancelSubscription(start, new Date('2026-03-10T11:59:59Z'))).toBe(false);
    expect(canCancelSubscription(start, new Date('2026-03-10T12:00:00Z'))).toBe(true);
    expect(canCancelSubscription(start, new Date('2026-01-20T00:00:00Z'))).toBe(false);
  });
});

describe('centsToAmount', () => {
  it('writes cents as a two-decimal dollar string', () => {
    expect(centsToAmount(4900)).toBe('49.00');
    expect(centsToAmount(1999)).toBe('19.99');
    expect(centsToAmount(5)).toBe('0.05');
  });
});

describe('trialInfoText', () => {
  it('labels paid, trial and no membership', () => {
    expect(trialInfoText({ state: 'paid', planName: 'Pro Monthly Membership', trialEnd: null })).toBe(
      'Pro Monthly Membership',
    );
    expect(trialInfoText({ state: 'trial', planName: 'Pro Monthly Membership', trialEnd: 1_767_830_400 })).toBe(
      '7-Day Free Trial (Pro Monthly Membership), ends January 8, 2026',
    );
    expect(trialInfoText({ state: 'none', planName: '', trialEnd: null })).toBe('Basic Membership');
  });
});

describe('cardErrorMessage', () => {
  it("shows the provider's message for card and validation errors", () => {
    expect(cardErrorMessage({ type: 'card_error', message: 'Your card was declined.' }, 'subscribe')).toBe(
      'Your card was declined.',
    );
    expect(
      cardErrorMessage({ type: 'validation_error', message: "Your card's expiration year is in the past." }, 'trial'),
    ).toBe("Your card's expiration year is in the past.");
  });
  it('shows the generic text otherwise, spelled as each path spells it', () => {
    expect(cardErrorMessage({ type: 'api_error', message: 'boom' }, 'subscribe')).toBe('An unexpected error occured.');
    expect(cardErrorMessage(null, 'trial')).toBe('An unexpected error occurred.');
    expect(BILLING_MESSAGES.CANCEL_SUBSCRIPTION_TOO_EARLY).toBe('You cannot unsubscribe before two months.');
  });
});

describe('subscribeSuccessStep', () => {
  const full = {
    client_id: 'u1',
    price_id: 'price_1',
    setup_intent_id: 'seti_1',
    setup_intent_client_secret: 'seti_1_secret_x',
  };
  it('sends the no-card path to the template list', () => {
    expect(subscribeSuccessStep({ no_credit_card: 'true' }, false)).toEqual({ kind: 'redirect', to: '/project-plans' });
  });
  it('shows success after a trial upgrade', () => {
    expect(subscribeSuccessStep({ trial_upgrade_success: 'true' }, true)).toEqual({ kind: 'done' });
  });
  it('goes home without a client secret or the ids', () => {
    expect(subscribeSuccessStep({ ...full, setup_intent_client_secret: null }, false)).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(subscribeSuccessStep({ ...full, client_id: '' }, false)).toEqual({ kind: 'redirect', to: '/' });
    expect(subscribeSuccessStep({}, false)).toEqual({ kind: 'redirect', to: '/' });
  });
  it('upgrades a trial with trial_upgrade=true', () => {
    expect(subscribeSuccessStep({ ...full, trial_upgrade: 'true' }, true)).toEqual({
      kind: 'upgrade-trial',
      clientId: 'u1',
      priceId: 'price_1',
      setupIntentId: 'seti_1',
    });
  });
  it('subscribes anew when trial_upgrade=true but the trial has ended since the card form opened', () => {
    expect(subscribeSuccessStep({ ...full, trial_upgrade: 'true' }, false)).toMatchObject({
      kind: 'subscribe',
      createSubscription: true,
    });
  });
  it('creates the subscription, except for a user in a free trial', () => {
    expect(subscribeSuccessStep(full, false)).toMatchObject({ kind: 'subscribe', createSubscription: true });
    expect(subscribeSuccessStep(full, true)).toMatchObject({ kind: 'subscribe', createSubscription: false });
    // The provider's own setup_intent parameter stands in for setup_intent_id.
    expect(subscribeSuccessStep({ ...full, setup_intent_id: null, setup_intent: 'seti_2' }, false)).toMatchObject({
      setupIntentId: 'seti_2',
    });
  });
});

describe('subscribePageRedirect', () => {
  it('goes home without state, to the free templates with a free plan (never an upload), and shows the form otherwise', () => {
    expect(subscribePageRedirect(null)).toEqual({ to: '/' });
    expect(subscribePageRedirect({ price: 0, planId: 4 })).toEqual({ to: '/project-plans' });
    expect(subscribePageRedirect({ price: 2900, planId: 6 })).toBeNull();
  });
});

describe('membershipPlanId', () => {
  it('maps membership names to the pricing cards', () => {
    expect(membershipPlanId('Pro Monthly Membership')).toBe(6);
    expect(membershipPlanId('Premium Monthly Membership')).toBe(7);
    expect(membershipPlanId('Premium Yearly Membership')).toBe(9);
    expect(membershipPlanId("Implementer's Club")).toBeNull();
    expect(membershipPlanId('')).toBeNull();
  });
});
