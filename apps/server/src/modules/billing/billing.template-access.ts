import { subscriptionState } from '@dpp/shared/rules/pricing';
import type { Database } from '../../db/client';
import { findClientById } from '../clients';
import { findTemplateRow } from '../templates';
import { hasPaidForTemplate } from './billing.repository';

/**
 * Whether a client may upload a template: a free one, anyone signed in; a paid one, members (trial or
 * paid subscription, by the subscription state of docs/product-rules.md, Pricing) and those who bought it once.
 */
export async function mayUploadTemplate(
  db: Database,
  clientId: number,
  planId: number,
  now: Date = new Date(),
): Promise<boolean> {
  const row = await findTemplateRow(db, planId);
  if (!row?.active) return false;
  if (row.free) return true;
  const client = await findClientById(db, clientId);
  // The same rule the site shows: an expired trial, or any other stored value, is not a membership.
  const unix = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
  const state = subscriptionState(
    client && {
      is_subscribed: client.isSubscribed,
      has_used_free_trial: client.hasUsedFreeTrial,
      trial_start: unix(client.trialStart),
      trial_end: unix(client.trialEnd),
    },
    now.getTime() / 1000,
  );
  if (state !== 'none') return true;
  return hasPaidForTemplate(db, clientId, planId);
}
