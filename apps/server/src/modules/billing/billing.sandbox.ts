import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clients } from '../clients';
import { billingSubscriptions } from './billing.tables';

/**
 * The sandbox clock's part in our records: moves one account's trial and subscription dates `days` back, as
 * if that time had passed. The local card provider moves its own dates (its sandbox capability).
 */
export async function moveBillingDatesBack(db: Database, clientId: number, days: number): Promise<void> {
  const shift = sql`${`${days} days`}::interval`;
  await db.transaction(async (tx) => {
    await tx
      .update(clients)
      .set({ trialStart: sql`${clients.trialStart} - ${shift}`, trialEnd: sql`${clients.trialEnd} - ${shift}` })
      .where(eq(clients.id, clientId));
    await tx
      .update(billingSubscriptions)
      .set({
        startedAt: sql`${billingSubscriptions.startedAt} - ${shift}`,
        trialEnd: sql`${billingSubscriptions.trialEnd} - ${shift}`,
        currentPeriodEnd: sql`${billingSubscriptions.currentPeriodEnd} - ${shift}`,
      })
      .where(eq(billingSubscriptions.clientId, clientId));
  });
}
