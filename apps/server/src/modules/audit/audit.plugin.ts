import { MAX_DATABASE_ID } from '@dpp/shared';
import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { auditEvents } from './audit.tables';

/** The identity calls that are security events, by route. */
const SECURITY_EVENTS: Record<string, string> = {
  'POST /api/identity/sign-up': 'identity.sign-up',
  'POST /api/identity/confirm-sign-up': 'identity.confirm-sign-up',
  'POST /api/identity/sign-in': 'identity.sign-in',
  'POST /api/identity/sign-in/mfa': 'identity.sign-in-second-factor',
  'POST /api/identity/oauth/exchange': 'identity.social-sign-in',
  'DELETE /api/identity/linked-accounts/:provider': 'identity.unlink-social-account',
  'POST /api/identity/mfa/enable': 'identity.enable-two-factor',
  'POST /api/identity/mfa/disable': 'identity.disable-two-factor',
  'DELETE /api/identity/sessions/:id': 'identity.end-session',
  'POST /api/identity/sessions/revoke-others': 'identity.end-other-sessions',
  'POST /api/identity/update-attributes': 'identity.update-attributes',
  'POST /api/identity/forgot-password': 'identity.forgot-password',
  'POST /api/identity/confirm-forgot-password': 'identity.reset-password',
  'POST /api/identity/change-password': 'identity.change-password',
  'POST /api/identity/sign-out': 'identity.sign-out',
  'POST /api/my-data/exports': 'my-data.export-requested',
  'GET /api/my-data/exports/:exportId/archive': 'my-data.export-downloaded',
  'POST /api/my-data/delete-account/link': 'my-data.account-deletion-link-mailed',
  'POST /api/my-data/delete-account': 'my-data.account-deleted',
};

/** Events whose success erased the actor: recorded without who or from where (ADR 0034). */
const ERASES_ACTOR = new Set(['my-data.account-deleted']);

/**
 * Calls that start a session from a one-time token (no e-mail in the body, no session yet): the actor is
 * the user of the session they answer with.
 */
const SESSION_STARTS = new Set(['identity.sign-in-second-factor', 'identity.social-sign-in']);

declare module 'fastify' {
  interface FastifyRequest {
    auditReason?: string;
  }
}

function bodyEmail(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown; username?: unknown } | undefined;
  const email = body?.email ?? body?.username;
  return typeof email === 'string' ? email.slice(0, 320) : null;
}

/**
 * Records security events and administrators' changes without any module having to ask: identity calls
 * by route, and every non-GET route guarded by requireAdmin (app.adminRoutes: on onRequest or preHandler).
 */
export async function registerAudit(app: FastifyInstance): Promise<void> {
  const actionOf = (method: string, url: string): string | undefined => {
    const route = `${method} ${url}`;
    const security = SECURITY_EVENTS[route];
    if (security) return security;
    if (method === 'GET' || method === 'HEAD') return undefined;
    return app.adminRoutes.has(route) ? `admin.${route}` : undefined;
  };

  app.addHook('onError', async (request, _reply, error) => {
    const appError = error as Partial<AppError>;
    request.auditReason = appError.exception ?? appError.code ?? error.name;
  });

  // Written before the answer leaves: a client that has its answer finds the event recorded.
  const record = async (action: string, request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const failed = reply.statusCode >= 400;
    const reason = failed ? (request.auditReason ?? (reply.statusCode === 429 ? 'RATE_LIMITED' : null)) : null;
    const anonymous = !failed && ERASES_ACTOR.has(action);
    try {
      await app.db.insert(auditEvents).values({
        action,
        outcome: failed ? 'failure' : 'success',
        statusCode: reply.statusCode,
        actorEmail: anonymous
          ? null
          : (request.session?.user.email ?? sessionStartActor(action, reply.statusCode, payload) ?? bodyEmail(request)),
        ip: anonymous ? '' : request.ip,
        reason,
        target: targetOf(request.params),
        requestId: request.id,
      });
    } catch (error) {
      request.log.error({ err: error, action }, 'audit event could not be recorded');
    }
  };

  // Only the routes that are events get the hook: every other request, the reads above all, skips it.
  // (requireAdmin routes are known by now: the auth plugin's onRoute hook runs before this one.)
  app.addHook('onRoute', (route) => {
    const actions = new Map<string, string>();
    for (const method of [route.method].flat()) {
      const action = actionOf(method, route.url);
      if (action) actions.set(method, action);
    }
    if (actions.size === 0) return;
    const onSend: onSendHookHandler = async (request, reply, payload) => {
      const action = actions.get(request.method);
      if (action) await record(action, request, reply, payload);
      return payload;
    };
    route.onSend = [...[route.onSend ?? []].flat(), onSend];
  });
}

/** The e-mail of the user a session-starting call signed in, read from its answer. */
function sessionStartActor(action: string, statusCode: number, payload: unknown): string | undefined {
  if (!SESSION_STARTS.has(action) || statusCode !== 200 || typeof payload !== 'string') return undefined;
  const answer = safeJson(payload) as { user?: { attributes?: { email?: unknown } } } | undefined;
  const email = answer?.user?.attributes?.email;
  return typeof email === 'string' ? email.slice(0, 320) : undefined;
}

/** The route's parameters as written in the address: schemas may have turned them into numbers. */
function targetOf(params: unknown): Record<string, string> | null {
  const entries = Object.entries((params as Record<string, unknown> | undefined) ?? {});
  return entries.length > 0 ? Object.fromEntries(entries.map(([key, value]) => [key, String(value)])) : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const AuditQuery = z
  .object({
    page: z.coerce.number().int().min(0).max(MAX_DATABASE_ID).default(0),
    size: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

const AuditEvent = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  outcome: z.enum(['success', 'failure']),
  status_code: z.number(),
  actor_email: z.string().nullable(),
  ip: z.string(),
  reason: z.string().nullable(),
  target: z.record(z.string(), z.string()).nullable(),
  request_id: z.string(),
});

/** GET /api/admin/audit-events: newest first, for administrators only. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/audit-events',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Security events and administrators’ changes, newest first',
        querystring: AuditQuery,
        response: { 200: z.object({ events: z.array(AuditEvent), total: z.number() }) },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const [rows, [count]] = await Promise.all([
        app.db
          .select()
          .from(auditEvents)
          .orderBy(desc(auditEvents.id))
          .limit(size)
          .offset(page * size),
        app.db.select({ total: sql<number>`count(*)::int` }).from(auditEvents),
      ]);
      if (!count) throw new AppError('INTERNAL', 'The audit log could not be counted');
      return {
        total: Number(count.total),
        events: rows.map((e) => ({
          id: e.id,
          at: e.at.toISOString(),
          action: e.action,
          outcome: e.outcome,
          status_code: e.statusCode,
          actor_email: e.actorEmail,
          ip: e.ip,
          reason: e.reason,
          target: e.target ?? null,
          request_id: e.requestId,
        })),
      };
    },
  );
}
