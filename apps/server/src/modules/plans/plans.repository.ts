import type { Plan } from '@dpp/shared';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { planMeta, planPrices, plans } from './plans.tables';

type DbOrTx = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export async function listPlans(db: Database): Promise<Plan[]> {
  const [planRows, priceRows, metaRows] = await Promise.all([
    db.select().from(plans).orderBy(asc(plans.id)),
    db.select().from(planPrices).orderBy(asc(planPrices.id)),
    db.select().from(planMeta).orderBy(asc(planMeta.position), asc(planMeta.id)),
  ]);
  return planRows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    type: p.type,
    prices: priceRows
      .filter((r) => r.planId === p.id)
      .map((r) => ({ id: r.id, price: r.price, stripe_price_id: r.stripePriceId, interval: r.interval })),
    meta: metaRows.filter((m) => m.planId === p.id).map((m) => ({ id: m.id, name: m.name })),
  }));
}

/** Every plan's id and name, by id. */
export async function planNames(db: Database): Promise<{ id: number; name: string }[]> {
  return (await db.select().from(plans).orderBy(asc(plans.id))).map((p) => ({ id: p.id, name: p.name }));
}

/** The price a payment provider knows by its price id; undefined when there is none. */
export async function findPriceByStripeId(db: Database, stripePriceId: string) {
  const [price] = await db.select().from(planPrices).where(eq(planPrices.stripePriceId, stripePriceId));
  return price;
}

export interface PriceRow {
  planId: number;
  planType: string;
  membershipName: string;
  priceCents: number;
  interval: string;
  priceId: string;
}

/** A real price of a real plan, by its provider price id. */
export async function findPrice(db: DbOrTx, priceId: string): Promise<PriceRow | null> {
  const [row] = await db
    .select({
      planId: plans.id,
      planType: plans.type,
      membershipName: plans.membershipName,
      priceCents: planPrices.price,
      interval: planPrices.interval,
      priceId: planPrices.stripePriceId,
    })
    .from(planPrices)
    .innerJoin(plans, eq(plans.id, planPrices.planId))
    .where(eq(planPrices.stripePriceId, priceId))
    .limit(1);
  return row ?? null;
}

export async function findPlan(db: DbOrTx, planId: number) {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId)).limit(1);
  return row ?? null;
}
