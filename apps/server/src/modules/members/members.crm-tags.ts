import { PLAN_NAMES } from '@dpp/shared';
import type { UploadedPlanId } from '@dpp/shared/schemas/ids';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { CRM_TAGS, type CrmTag } from '../../ports/crm.port';
import { liveSubscriptions } from '../billing';
import type { ClientRow } from '../clients';
import { hasUploadedPlan } from '../integrations';

const CRM_TAG_MESSAGES = {
  UNKNOWN: 'This tag cannot be added: only the premium membership, lifetime deal and uploaded plan tags can.',
  NO_PREMIUM: 'The premium tag needs a Premium Monthly Membership on this account.',
  NO_LIFETIME_DEAL: 'This account has no lifetime deal.',
  NOT_UPLOADED: 'This plan has not been uploaded from this account.',
} as const;

/**
 * The premium tag follows a premium purchase (docs/product-rules.md, Members): the plan name billing set from a live
 * subscription. The name alone is not enough, since a trial without a card carries it too.
 */
async function assertPremiumPurchase(db: Database, client: ClientRow): Promise<void> {
  const bought = client.planName === PLAN_NAMES.PREMIUM_MONTHLY && (await liveSubscriptions(db, client.id)).length > 0;
  if (!bought) throw new AppError('FORBIDDEN', CRM_TAG_MESSAGES.NO_PREMIUM);
}

export function assertLifetimeDeal(client: ClientRow): void {
  if (!client.isAppsumoUser) throw new AppError('FORBIDDEN', CRM_TAG_MESSAGES.NO_LIFETIME_DEAL);
}

/**
 * The plan-uploaded tag follows a finished upload of that plan by this client (docs/product-rules.md, Members):
 * a template by its id, an AI plan by its `ai-<id>`, as the upload path named it.
 */
async function assertUploaded(db: Database, client: ClientRow, projectPlanId: UploadedPlanId): Promise<void> {
  if (!(await hasUploadedPlan(db, client.id, String(projectPlanId)))) {
    throw new AppError('FORBIDDEN', CRM_TAG_MESSAGES.NOT_UPLOADED);
  }
}

/**
 * The tags the product's own flows put on a contact, each only when our records justify it. The CRM's
 * toolkit and digipremium tags open paid areas, so no request of a member ever sets them: marketing does.
 */
export const justifiedTags = {
  premium: async (db: Database, client: ClientRow): Promise<CrmTag> => {
    await assertPremiumPurchase(db, client);
    return CRM_TAGS.premium;
  },
  planUploaded: async (db: Database, client: ClientRow, projectPlanId: UploadedPlanId): Promise<CrmTag> => {
    await assertUploaded(db, client, projectPlanId);
    return CRM_TAGS.planUploaded(projectPlanId);
  },
  /** A tag asked for by name (POST /api/active-campaign/tag): one of the above, or refused. */
  byName: async (db: Database, client: ClientRow, name: string, projectPlanId: UploadedPlanId): Promise<CrmTag> => {
    if (name === CRM_TAGS.premium.name) return justifiedTags.premium(db, client);
    if (name === CRM_TAGS.planUploaded(projectPlanId).name)
      return justifiedTags.planUploaded(db, client, projectPlanId);
    if (name === CRM_TAGS.lifetimeDeal.name) {
      assertLifetimeDeal(client);
      return CRM_TAGS.lifetimeDeal;
    }
    throw new AppError('VALIDATION_FAILED', CRM_TAG_MESSAGES.UNKNOWN);
  },
};
