import { createHash, randomBytes } from 'node:crypto';
import {
  AI_MESSAGES,
  isRouteAllowed,
  LIFETIME_DEAL_PLAN_NAME,
  type PermissionEntry,
  PLAN_IDS,
  PLAN_NAMES,
  type RelativePlan,
  TERMS,
} from '@dpp/shared';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { ROLE_ADMIN } from '../../plugins/auth';
import { type ClientRow, clients, ensureClient } from '../clients';
import type { AuthenticatedSession } from '../identity';
import { isLiveSession, type LiveSession, sessions, users } from '../identity';
import { findOwnPlan, nextPeriodStart, periodOf, tokensUsed } from './planner.repository';
import { aiDownloads, aiPlans } from './planner.tables';

const PLANNER_ROUTE = '/ai/generate';
const DOWNLOAD_FEATURE = 'ai-download';

interface PlannerAccess {
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

/** What the gate reads with a client row. */
interface Gate {
  client: ClientRow;
  /** Holds ROLE_ADMIN. */
  admin: boolean;
  /** The permissions of the plan its membership maps to, Essential when none. */
  entries: PermissionEntry[];
}

/**
 * The gate's columns over a query of `clients`: whether the client is an administrator, and the permissions of
 * the plan its membership maps to (`membershipOf` in SQL), Essential when none.
 */
function gateColumns() {
  // Subqueries written with their own aliases: drizzle leaves a one-table query's columns unqualified, which
  // the subqueries' tables would otherwise make ambiguous.
  const membership = sql`case when clients.is_subscribed <> '' or clients.is_appsumo_user then coalesce(nullif(clients.plan_name, ''), ${LIFETIME_DEAL_PLAN_NAME}::text) end`;
  const planId = sql`coalesce((select pl.id from plans pl where pl.membership_name = ${membership} limit 1), ${PLAN_IDS.ESSENTIAL}::int)`;
  return {
    admin: sql<boolean>`exists (select 1 from client_authorities a where a.client_id = clients.id and a.name = ${ROLE_ADMIN}::text)`,
    entries: sql<PermissionEntry[]>`coalesce((
      select json_agg(json_build_object(
        'permission_type', p.permission_type, 'permission_name', p.permission_name, 'is_displayed', pp.is_displayed))
      from plan_permissions pp inner join permissions p on p.id = pp.permission_id
      where pp.plan_id = ${planId}
    ), '[]'::json)`,
  };
}

/** The client of an e-mail with all the gate needs, in one query. */
async function gateOf(db: Database, email: string): Promise<Gate | null> {
  const [row] = await db
    .select({ client: clients, ...gateColumns() })
    .from(clients)
    .where(eq(clients.email, email))
    .limit(1);
  return row ?? null;
}

/** A live session, its user, the gate of the user's client (null when it has none yet) and its credits used. */
interface SessionGate extends LiveSession {
  client: ClientRow | null;
  admin: boolean;
  entries: PermissionEntry[];
  /** Credits (tokens) used this month. */
  used: number;
}

/** `findSessionGate`'s statement, built once per database: PostgreSQL then plans it once per connection. */
function sessionGateStatement(db: Database) {
  return db
    .select({
      session: sessions,
      user: users,
      client: clients,
      ...gateColumns(),
      used: sql<number>`coalesce((select u.tokens from ai_usage u where u.client_id = clients.id and u.period = ${sql.placeholder('period')}), 0)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(clients, eq(clients.email, users.email))
    .where(isLiveSession(sql.placeholder('tokenHash'), sql.placeholder('at')))
    .limit(1)
    .prepare('planner_session_gate');
}
const sessionGateStatements = new WeakMap<Database, ReturnType<typeof sessionGateStatement>>();

/**
 * The session of a token hash with the planner's gate and this month's credits used, in one statement: the
 * relay's first byte waits for it. Only live sessions are found (revoked or expired ones: null).
 */
export async function findSessionGate(db: Database, tokenHash: string, at: Date): Promise<SessionGate | null> {
  let statement = sessionGateStatements.get(db);
  if (!statement) {
    statement = sessionGateStatement(db);
    sessionGateStatements.set(db, statement);
  }
  const [row] = await statement.execute({ tokenHash, at: at.toISOString(), period: periodOf(at) });
  return row ?? null;
}

/** The gate's rule over what was read: the planner's route, and `feature` when given, shown on the plan. */
function admit(gate: Gate, config: Config, feature?: string): PlannerAccess {
  const { client, admin, entries } = gate;
  if (!admin) {
    const routes = entries.filter((e) => e.permission_type === 'ROUTE');
    const features = entries.filter((e) => e.permission_type === 'FEATURE');
    if (!isRouteAllowed(routes, PLANNER_ROUTE) || (feature && !isRouteAllowed(features, feature))) {
      throw new AppError('FORBIDDEN', AI_MESSAGES.NO_PERMISSION);
    }
  }
  return { client, limit: monthlyCredits(client, admin, config) };
}

/**
 * The planner's gate: a signed-in, activated user whose plan does not hide /ai/generate (docs/product-rules.md,
 * AI planner). `feature` also checks a hidden feature permission, such as downloads. Read from the
 * database on every request: an administrator's Hide applies at once, on every instance.
 */
export async function plannerAccess(
  app: FastifyInstance,
  session: AuthenticatedSession,
  feature?: string,
): Promise<PlannerAccess> {
  if (session.user.firstLogin) throw new AppError('FORBIDDEN', AI_MESSAGES.NOT_ACTIVATED);
  let gate = await gateOf(app.db, session.user.email);
  if (!gate) {
    await ensureClient(app.db, session.user.email, session.user.username);
    gate = (await gateOf(app.db, session.user.email))!;
  }
  return admit(gate, app.config, feature);
}

/**
 * The gate of an AI plan's download (the planner's, and the plan's "Download AI plans" permission): a member's own
 * copy of an AI plan (My Plans) is downloaded through it too.
 */
export async function assertAiDownloadAllowed(app: FastifyInstance, session: AuthenticatedSession): Promise<void> {
  await plannerAccess(app, session, DOWNLOAD_FEATURE);
}

/**
 * `plannerAccess` over a gate read with the session (`findSessionGate`), with this month's credits used: no
 * further query, but for a user who has no client yet.
 */
export async function plannerAccessOf(
  app: FastifyInstance,
  session: AuthenticatedSession,
  read: SessionGate,
  now: Date,
): Promise<PlannerAccess & { used: number }> {
  const { client } = read;
  if (!client) {
    const access = await plannerAccess(app, session);
    return { ...access, used: await tokensUsed(app.db, access.client.id, now) };
  }
  if (session.user.firstLogin) throw new AppError('FORBIDDEN', AI_MESSAGES.NOT_ACTIVATED);
  return { ...admit({ ...read, client }, app.config), used: read.used };
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

/**
 * Uses a download link: only its owner can, and only once (the row is deleted in the same statement that
 * finds it, so two requests cannot both use it). Another user's attempt leaves the link as it was.
 */
export async function redeemDownloadLink(db: Database, clientId: number, token: string, now: Date) {
  const [used] = await db
    .delete(aiDownloads)
    .where(
      and(
        eq(aiDownloads.tokenHash, hash(token)),
        gt(aiDownloads.expiresAt, now),
        inArray(aiDownloads.planId, db.select({ id: aiPlans.id }).from(aiPlans).where(eq(aiPlans.clientId, clientId))),
      ),
    )
    .returning({ planId: aiDownloads.planId, excel: aiDownloads.excel });
  if (!used) return null;
  const plan = await findOwnPlan(db, clientId, used.planId);
  return plan ? { plan, excel: used.excel } : null;
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
): Promise<(RelativePlan & { name: string }) | null> {
  const plan = await findOwnPlan(db, clientId, aiPlanId);
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
