import { PLAN_IDS } from '@dpp/shared/constants';
import { FREE_TEMPLATES_PATH, membershipPlanId, type PricingButton, pricingButton } from '@dpp/shared/rules/billing';
import { subscriptionState } from '@dpp/shared/rules/pricing';
import type { Plan } from '@dpp/shared/schemas/plans';
import { useState } from 'react';
import { usePageNavigate } from '../navigation';
import { useSession } from '../session';
import { reloadClientRecord, startNoCardTrial } from './billing.api';

/** The navigation state /subscribe reads (docs/product-rules.md, Pricing). */
export interface SubscribeState {
  id: number;
  /** In cents. */
  price: number;
  title: string;
  stripe_price_id: string;
  planId: number;
  type: string;
}

export function subscribeStateOf(plan: Plan): SubscribeState {
  const price = plan.prices[0];
  return {
    id: plan.id,
    price: price?.price ?? 0,
    title: plan.name,
    stripe_price_id: price?.stripe_price_id ?? '',
    planId: plan.id,
    type: plan.type,
  };
}

/**
 * The pricing buttons' text and the plan-choice flow (docs/product-rules.md, Pricing): visitors register, a paid
 * user's current plan does nothing, the free plan leads a member to the free templates, trial and paid users
 * and Premium go to /subscribe, others get the no-card trial (falling back to /subscribe when it is refused or
 * fails).
 */
export function usePlanChoice() {
  const navigate = usePageNavigate();
  const { user, client, identity, known } = useSession();
  const [pending, setPending] = useState<number | null>(null);

  const buttonFor = (plan: Plan): PricingButton =>
    pricingButton({
      signedIn: user !== null,
      state: subscriptionState(client, Date.now() / 1000),
      samePlan: client !== null && membershipPlanId(client.plan_name) === plan.id,
      hasUsedTrial: client?.has_used_free_trial === true,
      isPremiumPlan: plan.id === PLAN_IDS.PREMIUM,
      isFreePlan: (plan.prices[0]?.price ?? 0) === 0,
    });

  const choose = async (plan: Plan) => {
    // Until the account is known the button shows no offer, and pressing it makes none.
    if (!known) return;
    const { action } = buttonFor(plan);
    const toSubscribe = () => navigate('/subscribe', { state: subscribeStateOf(plan) });
    if (action === 'register') return navigate('/register');
    if (action === 'none') return;
    if (action === 'free-templates') return navigate(FREE_TEMPLATES_PATH);
    if (action === 'subscribe') return toSubscribe();
    setPending(plan.id);
    try {
      const result = await startNoCardTrial({
        client_id: client?.username || identity?.username || '',
        plan_id: plan.id,
      });
      if (!result.is_free_trial) return toSubscribe();
      if (identity) await reloadClientRecord(identity.attributes.email);
      return navigate('/trial-success');
    } catch (error) {
      // A failed trial creation is logged and the user goes to /subscribe (docs/product-rules.md, Pricing).
      console.error('The free trial could not be started', error);
      return toSubscribe();
    } finally {
      setPending(null);
    }
  };

  /** `known` false: show a placeholder instead of the buttons' text (see Session.known). */
  return { buttonFor, choose, pending, known };
}
