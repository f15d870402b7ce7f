import type { AiPlan, AiPlanState, PlannedTask, SuccessPlanSection } from '@dpp/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { aiPlans, aiUsage } from './planner.tables';

export type AiPlanRow = typeof aiPlans.$inferSelect;

/** 'YYYY-MM' of a date, in UTC: credits renew on the first of each month. */
export function periodOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}
export function nextPeriodStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export async function tokensUsed(db: Database, clientId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ tokens: aiUsage.tokens })
    .from(aiUsage)
    .where(and(eq(aiUsage.clientId, clientId), eq(aiUsage.period, periodOf(now))));
  return row?.tokens ?? 0;
}

/** Adds to this month's count in one statement, safe with concurrent requests; returns the new total. */
export async function addTokens(db: Database, clientId: number, tokens: number, now: Date): Promise<number> {
  const [row] = await db
    .insert(aiUsage)
    .values({ clientId, period: periodOf(now), tokens, requests: 1 })
    .onConflictDoUpdate({
      target: [aiUsage.clientId, aiUsage.period],
      set: { tokens: sql`${aiUsage.tokens} + ${tokens}`, requests: sql`${aiUsage.requests} + 1` },
    })
    .returning({ tokens: aiUsage.tokens });
  return row!.tokens;
}

export function toAiPlan(row: AiPlanRow): AiPlan {
  return {
    id: row.id,
    title: row.title,
    goal: row.goal,
    project: row.project,
    success_plan: row.successPlan,
    tasks: row.tasks,
    state: row.state ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The caller's plan of that id; null when there is none or it is someone else's. */
export async function findOwnPlan(db: Database, clientId: number, id: number): Promise<AiPlanRow | null> {
  const [row] = await db
    .select()
    .from(aiPlans)
    .where(and(eq(aiPlans.clientId, clientId), eq(aiPlans.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * The caller's newest plan of a title: only to read one (a download asked for by title: docs/product-rules.md,
 * AI planner), never to pick a plan to write, so two plans of one name stay two plans.
 */
export async function findNewestPlanByTitle(db: Database, clientId: number, title: string): Promise<AiPlanRow | null> {
  const [row] = await db
    .select()
    .from(aiPlans)
    .where(and(eq(aiPlans.clientId, clientId), eq(aiPlans.title, title)))
    .orderBy(desc(aiPlans.updatedAt), desc(aiPlans.id))
    .limit(1);
  return row ?? null;
}

export async function listOwnPlans(db: Database, clientId: number): Promise<AiPlanRow[]> {
  return db.select().from(aiPlans).where(eq(aiPlans.clientId, clientId)).orderBy(desc(aiPlans.updatedAt)).limit(100);
}

interface PlanChanges {
  title: string;
  goal?: string;
  project?: string;
  successPlan?: SuccessPlanSection[];
  tasks?: PlannedTask[];
  state?: AiPlanState;
}

/** Updates the given plan, or creates one when there is none. */
export async function upsertPlan(
  db: Database,
  clientId: number,
  existing: AiPlanRow | null,
  changes: PlanChanges,
): Promise<AiPlanRow> {
  if (existing) {
    const [row] = await db
      .update(aiPlans)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(aiPlans.id, existing.id))
      .returning();
    return row!;
  }
  const [row] = await db
    .insert(aiPlans)
    .values({ clientId, ...changes })
    .returning();
  return row!;
}
