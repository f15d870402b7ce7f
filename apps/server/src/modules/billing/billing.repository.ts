import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingCustomers, billingSubscriptions, templatePurchases } from './billing.tables';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Db = Database | Tx;
type BillingSubscriptionRow = typeof billingSubscriptions.$inferSelect;

/** Subscription statuses that keep a membership alive. */
const LIVE_STATUSES = ['trialing', 'active', 'past_due'] as const;

export async function findCustomer(db: Db, clientId: number, provider: string) {
  const [row] = await db
    .select()
    .from(billingCustomers)
    .where(and(eq(billingCustomers.clientId, clientId), eq(billingCustomers.provider, provider)));
  return row ?? null;
}

export async function saveCustomer(db: Db, clientId: number, provider: string, providerCustomerId: string) {
  await db.insert(billingCustomers).values({ clientId, provider, providerCustomerId }).onConflictDoNothing();
  return (await findCustomer(db, clientId, provider))!;
}

export async function findSubscription(db: Db, provider: string, providerSubscriptionId: string) {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.provider, provider),
        eq(billingSubscriptions.providerSubscriptionId, providerSubscriptionId),
      ),
    );
  return row ?? null;
}

/** The client's subscriptions that still count (trialing, active, past due), newest first. */
export async function liveSubscriptions(db: Db, clientId: number): Promise<BillingSubscriptionRow[]> {
  return db
    .select()
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.clientId, clientId), inArray(billingSubscriptions.status, [...LIVE_STATUSES])))
    .orderBy(sql`${billingSubscriptions.startedAt} desc`);
}

export async function upsertSubscription(db: Db, row: typeof billingSubscriptions.$inferInsert) {
  const [saved] = await db
    .insert(billingSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: [billingSubscriptions.provider, billingSubscriptions.providerSubscriptionId],
      set: {
        status: row.status,
        trialEnd: row.trialEnd ?? null,
        currentPeriodEnd: row.currentPeriodEnd,
        canceledAt: row.canceledAt ?? null,
        ...(row.setupIntentId && { setupIntentId: row.setupIntentId }),
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return saved!;
}

/** True when the client completed a purchase of the template. */
export async function hasPaidForTemplate(db: Db, clientId: number, projectPlanId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: templatePurchases.id })
    .from(templatePurchases)
    .where(
      and(
        eq(templatePurchases.clientId, clientId),
        eq(templatePurchases.projectPlanId, projectPlanId),
        eq(templatePurchases.status, 'COMPLETED'),
      ),
    )
    .limit(1);
  return row !== undefined;
}
