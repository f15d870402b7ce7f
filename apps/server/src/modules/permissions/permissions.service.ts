import { LIFETIME_DEAL_PLAN_NAME, MY_PLANS_PERMISSION, myPlansLimit, PLAN_IDS, TEAM_PERMISSION } from '@dpp/shared';
import { subscriptionState } from '@dpp/shared/rules/pricing';
import type { Database } from '../../db/client';
import type { ClientRow } from '../clients';
import { planIdForMembership, planPermissionEntry } from './permissions.repository';

/** The plan whose permissions apply to a client, as /api/client/permissions reads it: Essential without one. */
export async function permissionPlanOf(db: Database, client: ClientRow | null): Promise<number> {
  // Subscribers and trial users have their plan's name; lifetime-deal holders the Pro plan; others Essential.
  const membership =
    client && (client.isSubscribed !== '' || client.isAppsumoUser) ? client.planName || LIFETIME_DEAL_PLAN_NAME : '';
  return (membership && (await planIdForMembership(db, membership))) || PLAN_IDS.ESSENTIAL;
}

/**
 * How many plan copies a client may keep (null: no limit): the `my-plans` entry of its plan, hidden meaning none,
 * no entry meaning no limit (the permission rule allows what is not listed); a trial at most the trial's number.
 */
export async function myPlansLimitOf(db: Database, client: ClientRow, now: Date = new Date()): Promise<number | null> {
  const entry = await planPermissionEntry(db, await permissionPlanOf(db, client), MY_PLANS_PERMISSION);
  const planLimit = entry ? (entry.isDisplayed ? entry.limit : 0) : null;
  const unix = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
  const state = subscriptionState(
    {
      is_subscribed: client.isSubscribed,
      has_used_free_trial: client.hasUsedFreeTrial,
      trial_start: unix(client.trialStart),
      trial_end: unix(client.trialEnd),
    },
    now.getTime() / 1000,
  );
  return myPlansLimit(planLimit, state === 'trial');
}

/**
 * How many teammates a client may have, pending invitations included (null: no limit): the `team` entry of its
 * plan, as the plan count is read (hidden meaning none, no entry meaning no limit).
 */
export async function teammatesLimitOf(db: Database, client: ClientRow): Promise<number | null> {
  const entry = await planPermissionEntry(db, await permissionPlanOf(db, client), TEAM_PERMISSION);
  return entry ? (entry.isDisplayed ? entry.limit : 0) : null;
}
