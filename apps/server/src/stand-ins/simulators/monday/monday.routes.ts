import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { SANDBOX_OAUTH_CLIENT } from '../../../ports/task-tool.port';
import { dropConnection, dueFault, loseAnswer, registerFaultRoutes } from '../faults';
import { consumeCode, issueGrant, tokenAccount } from '../grants';
import { registerHomePage } from '../home-page';
import { registerConsent } from '../oauth';
import { isBadJson, sandboxBodyParsers, str } from '../requests';
import { findOrCreateAccount, insertObject, numericId } from '../sandbox-store';
import { type MondayRequestBody, type MondayResult, mondayCall, mondayFailure } from './monday.api';
import { SUBITEMS_BOARD } from './monday.board';
import { mondayTaskDone } from './monday.column-values';
import { mondaySchema } from './monday.graphql';
import { MONDAY_BOARD_PATH } from './monday.objects';

const LABELS = {
  workspace: 'Workspace',
  board: 'Board',
  group: 'Group',
  item: 'Item',
  subitem: 'Subitem',
};

/** The monday.com simulator, mounted at /sandbox/monday. */
export const mondaySandbox: FastifyPluginAsync = async (app: FastifyInstance) => {
  sandboxBodyParsers(app);
  const { PUBLIC_URL: publicUrl, SANDBOX_MONDAY_COMPLEXITY_PER_MINUTE: budget } = app.config;
  const db = app.db;

  if (app.config.NODE_ENV !== 'test') {
    app.addHook('onReady', async () => {
      setTimeout(() => mondaySchema(), 100).unref();
    });
  }

  app.setErrorHandler((error: Error, request, reply) => {
    request.log.error({ err: error }, 'monday sandbox failed');
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    return reply.code(status).send({
      errors: [
        {
          message: status < 500 ? error.message : 'Internal server error',
          extensions: { code: 'INTERNAL_SERVER_ERROR', status_code: status },
        },
      ],
    });
  });

  const createAccount = (email: string) =>
    findOrCreateAccount(
      db,
      'monday',
      email,
      async (tx, account) => {
        await insertObject(tx, {
          tool: 'monday',
          kind: 'workspace',
          remoteId: numericId(8),
          accountId: account.id,
          parentId: null,
          name: 'Main workspace',
          data: { kind: 'open', description: null, is_default_workspace: true },
        });
      },
      () => numericId(8),
    );

  registerConsent(app, {
    tool: 'monday',
    toolName: 'monday.com',
    path: '/oauth2/authorize',
    fields: ['client_id', 'redirect_uri', 'state', 'scope', 'response_type'],
    check(q) {
      if (q.response_type !== undefined && q.response_type !== 'code') {
        return { error: 'unsupported_response_type', description: 'response_type must be code' };
      }
      return undefined;
    },
    createAccount,
  });

  const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
    reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });

  app.post('/oauth2/token', { schema: { hide: true } }, async (request, reply) => {
    const form = (isBadJson(request.body) ? {} : (request.body ?? {})) as Record<string, unknown>;
    if (form.client_id !== SANDBOX_OAUTH_CLIENT.clientId || form.client_secret !== SANDBOX_OAUTH_CLIENT.clientSecret) {
      return oauthError(reply, 401, 'invalid_client', 'The client_id or client_secret is invalid.');
    }
    const code = str(form.code);
    const redirectUri = str(form.redirect_uri);
    if (!code || !redirectUri) return oauthError(reply, 400, 'invalid_request', 'code and redirect_uri are required.');
    const grant = await consumeCode(db, 'monday', code);
    if (!grant) return oauthError(reply, 400, 'invalid_grant', 'The code is invalid, expired or already used.');
    if (grant.redirectUri !== redirectUri) {
      return oauthError(reply, 400, 'invalid_grant', 'The redirect_uri does not match the authorization request.');
    }
    const scope = grant.scope ?? 'me:read boards:read boards:write workspaces:read workspaces:write';
    const token = await issueGrant(db, { tool: 'monday', kind: 'access', accountId: grant.accountId, scope });
    return reply.header('cache-control', 'no-store').send({ access_token: token, token_type: 'Bearer', scope });
  });

  app.post('/v2', { schema: { hide: true } }, async (request, reply) => {
    const requestId = randomUUID();
    const send = (r: MondayResult) =>
      reply
        .code(r.status)
        .headers(r.headers ?? {})
        .send(r.body);
    const fail = (status: number, message: string, code: string, extra: Record<string, unknown> = {}) =>
      send(mondayFailure(requestId, status, message, code, extra));

    const header = request.headers.authorization?.trim() ?? '';
    const token = header.replace(/^Bearer\s+/i, '');
    const account = token ? await tokenAccount(db, 'monday', token) : undefined;
    if (!account) return fail(401, 'Not Authenticated', 'UNAUTHENTICATED');
    const fault = await dueFault(db, 'monday');
    if (fault === 'drop') return dropConnection(reply);
    if (fault === 'lost') loseAnswer(request);
    if (fault === '500') return fail(500, 'Internal server error', 'INTERNAL_SERVER_ERROR');
    if (fault === '429') {
      reply.header('retry-after', '1');
      return fail(429, 'Complexity budget exhausted', 'COMPLEXITY_BUDGET_EXHAUSTED', { retry_in_seconds: 1 });
    }
    const version = request.headers['api-version'];
    if (version !== undefined && (typeof version !== 'string' || !/^\d{4}-\d{2}$/.test(version))) {
      return fail(400, `Invalid API version: ${String(version)}`, 'InvalidVersionException');
    }
    if (isBadJson(request.body)) return fail(400, 'Invalid JSON in request body', 'JsonParseException');
    const body = (request.body ?? {}) as MondayRequestBody;
    return send(await mondayCall({ db, publicUrl, account, token, budget, requestId }, body));
  });

  registerFaultRoutes(app, 'monday');
  registerHomePage(app, {
    tool: 'monday',
    toolName: 'monday.com',
    labels: LABELS,
    detailKeys: ['columns', 'description'],
    projectKind: 'board',
    // Subitems show under their items, as on monday.com; their board is bookkeeping.
    hidden: new Set([SUBITEMS_BOARD]),
    tasks: mondayTaskDone,
    project: { path: MONDAY_BOARD_PATH, locate: ({ id }) => (id ? { id } : undefined) },
  });
};
