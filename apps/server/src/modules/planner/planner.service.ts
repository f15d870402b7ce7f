import { createHash, randomBytes } from 'node:crypto';
import { AI_MESSAGES, isRouteAllowed, LIFETIME_DEAL_PLAN_NAME, PLAN_IDS, PLAN_NAMES, TERMS } from '@dpp/shared';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { ROLE_ADMIN } from '../../plugins/auth';
import { authoritiesOf, type ClientRow, ensureClient, findClientByEmail } from '../clients/clients.repository';
import type { AuthenticatedSession } from '../identity/identity.service';
import { effectivePermissions, planIdForMembership } from '../permissions/permissions.repository';
import { findOwnPlan, nextPeriodStart } from './planner.repository';
import { aiDownloads, aiPlans } from './planner.schema';

export const PLANNER_ROUTE = '/ai/generate';
const DOWNLOAD_FEATURE = 'ai-download';

export interface PlannerAccess {
  client: ClientRow;
  /** AI credits (tokens) a month. */
  limit: number;
}

/** The plan name whose permissions and credits apply, as /api/client/permissions reads it. */
function membershipOf(client: ClientRow): string | undefined {
  return client.isSubscribed !== '' || client.isAppsumoUser ? client.planName || LIFETIME_DEAL_PLAN_NAME : undefined;
}

/** Monthly AI credits (docs/decisions/0018): Premium 100,000, Pro 50,000, anyone else let in: the trial allowance. */
export function monthlyCredits(client: ClientRow, admin: boolean, config: Config): number {
  const membership = membershipOf(client);
  if (admin) return TERMS.AI_CREDITS_PREMIUM;
  if (client.isSubscribed === '1') return config.AI_CREDITS_TRIAL;
  if (membership === PLAN_NAMES.PREMIUM_MONTHLY) return TERMS.AI_CREDITS_PREMIUM;
  if (membership === PLAN_NAMES.PRO_MONTHLY) return TERMS.AI_CREDITS_PRO;
  if (membership) return TERMS.AI_CREDITS_PRO;
  return config.AI_CREDITS_TRIAL;
}

/** How long a session's gate decision is reused: every streamed step would otherwise repeat five queries. */
const ACCESS_CACHE_MS = 30_000;
const ACCESS_CACHE_MAX = 10_000;
const accessCaches = new WeakMap<FastifyInstance, Map<string, { access: PlannerAccess; until: number }>>();

/**
 * The planner's gate: a signed-in, activated user whose plan does not hide /ai/generate (the spec's
 * permission rule). `feature` also checks a hidden feature permission, such as downloads. Decisions are
 * kept for 30 s per session, so a plan change applies within half a minute.
 */
export async function plannerAccess(
  app: FastifyInstance,
  session: AuthenticatedSession,
  feature?: string,
): Promise<PlannerAccess> {
  if (session.user.firstLogin) throw new AppError('FORBIDDEN', AI_MESSAGES.NOT_ACTIVATED);
  let cache = accessCaches.get(app);
  if (!cache) {
    cache = new Map();
    accessCaches.set(app, cache);
  }
  const key = `${session.sessionId}:${feature ?? ''}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.access;

  const client =
    (await findClientByEmail(app.db, session.user.email)) ??
    (await ensureClient(app.db, session.user.email, session.user.username));
  const admin = (await authoritiesOf(app.db, client.id)).includes(ROLE_ADMIN);
  if (!admin) {
    const membership = membershipOf(client);
    const planId = (membership && (await planIdForMembership(app.db, membership))) || PLAN_IDS.ESSENTIAL;
    const entries = await effectivePermissions(app.db, planId);
    const routes = entries.filter((e) => e.permission_type === 'ROUTE');
    const features = entries.filter((e) => e.permission_type === 'FEATURE');
    if (!isRouteAllowed(routes, PLANNER_ROUTE) || (feature && !isRouteAllowed(features, feature))) {
      throw new AppError('FORBIDDEN', AI_MESSAGES.NO_PERMISSION);
    }
  }
  const access = { client, limit: monthlyCredits(client, admin, app.config) };
  if (cache.size >= ACCESS_CACHE_MAX) cache.clear();
  cache.set(key, { access, until: now + ACCESS_CACHE_MS });
  return access;
}

export { DOWNLOAD_FEATURE };

export function creditsUsedMessage(limit: number, now: Date): string {
  const date = nextPeriodStart(now).toISOString().slice(0, 10);
  return AI_MESSAGES.CREDITS_USED.replace('{limit}', limit.toLocaleString('en-US')).replace('{date}', date);
}

/** Only the caller's own e-mail is accepted in a payload's email field. */
export function assertOwnEmail(session: AuthenticatedSession, email: string): void {
  if (email.trim().toLowerCase() !== session.user.email.toLowerCase()) {
    throw new AppError('FORBIDDEN', AI_MESSAGES.NOT_YOUR_EMAIL);
  }
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A short-lived link to download a plan; only the hash of its token is stored. */
export async function createDownloadLink(db: Database, planId: number, excel: boolean, seconds: number, now: Date) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + seconds * 1000);
  await db.delete(aiDownloads).where(lt(aiDownloads.expiresAt, now));
  await db.insert(aiDownloads).values({ tokenHash: hash(token), planId, excel, expiresAt });
  return { token, expiresAt };
}

export async function redeemDownloadLink(db: Database, token: string, now: Date) {
  const [row] = await db
    .select({ plan: aiPlans, excel: aiDownloads.excel })
    .from(aiDownloads)
    .innerJoin(aiPlans, eq(aiPlans.id, aiDownloads.planId))
    .where(and(eq(aiDownloads.tokenHash, hash(token)), gt(aiDownloads.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Days from the project start when each of the 8 tasks is due: spread over the 90 days of the goal. */
const PLAN_DAYS = 90;

/**
 * An AI plan in the structured shape of a template plan, for the upload flow: one section named after
 * the project, its tasks with subtasks. Null when the plan is not the client's.
 */
export async function aiPlanForUpload(
  db: Database,
  clientId: number,
  aiPlanId: number,
): Promise<{
  name: string;
  sections: {
    name: string;
    description: string;
    tasks: {
      name: string;
      description: string;
      due_in_days: number;
      subtasks: { name: string; description: string }[];
    }[];
  }[];
} | null> {
  const plan = await findOwnPlan(db, clientId, { id: aiPlanId });
  if (!plan) return null;
  const purpose = plan.successPlan.find((s) => s.title === 'Purpose')?.text ?? '';
  const count = Math.max(plan.tasks.length, 1);
  return {
    name: plan.title,
    sections: [
      {
        name: plan.project || plan.title,
        description: [plan.goal, purpose].filter(Boolean).join('\n\n'),
        tasks: plan.tasks.map((t, i) => ({
          name: t.name,
          description: t.subtasks.map((s) => `- ${s.name}`).join('\n'),
          due_in_days: Math.round(((i + 1) * PLAN_DAYS) / count),
          subtasks: t.subtasks.map((s) => ({ name: s.name, description: s.description })),
        })),
      },
    ],
  };
}
