import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { SANDBOX_OAUTH_CLIENT } from '../../../ports/task-tool.port';
import { dropConnection, dueFault, loseAnswer, registerFaultRoutes } from '../faults';
import { consumeCode, hashToken, issueGrant, tokenAccount } from '../grants';
import { registerHomePage } from '../home-page';
import { registerConsent, verifierMatches } from '../oauth';
import { spendRate } from '../rate-windows';
import { isBadJson, sandboxBodyParsers, str } from '../requests';
import { sandboxGrants } from '../sandbox.tables';
import { findOrCreateAccount, insertObject, numericId } from '../sandbox-store';
import { asanaCall } from './asana.api';
import { batchActions, runBatchAction } from './asana.batch';
import { asanaContract, asanaError } from './asana.contract';
import { ASANA_PROJECT_PATH, type AsanaContext } from './asana.records';
import { asanaTaskDone } from './asana.writes';

/** Asana's access tokens last an hour. */
const ASANA_TOKEN_TTL_SECONDS = 3600;
const ASANA_RATE_MESSAGE = 'You have made too many requests recently. Please, be chill.';

const LABELS = { workspace: 'Workspace', team: 'Team', project: 'Project', section: 'Section', task: 'Task' };

function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });
}

/** The Asana simulator, mounted at /sandbox/asana. */
export const asanaSandbox: FastifyPluginAsync = async (app: FastifyInstance) => {
  sandboxBodyParsers(app);
  const { PUBLIC_URL: publicUrl, SANDBOX_ASANA_REQUESTS_PER_MINUTE: limit } = app.config;

  // The contract takes seconds to read; read it once the server is up rather than on the first call.
  if (app.config.NODE_ENV !== 'test') {
    app.addHook('onReady', async () => {
      setTimeout(() => asanaContract.operation('getUser'), 100).unref();
    });
  }

  app.setErrorHandler((error: Error, request, reply) => {
    request.log.error({ err: error }, 'asana sandbox failed');
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) return reply.code(status).send(asanaError(status, error.message).body);
    return reply.code(500).send({ errors: [{ message: 'Server Error', phrase: 'sandbox simulator had a problem' }] });
  });

  const createAccount = (email: string) =>
    findOrCreateAccount(
      app.db,
      'asana',
      email,
      async (tx, account) => {
        const workspace = await insertObject(tx, {
          tool: 'asana',
          kind: 'workspace',
          remoteId: numericId(16),
          accountId: account.id,
          parentId: null,
          name: `${account.name}'s Workspace`,
        });
        await insertObject(tx, {
          tool: 'asana',
          kind: 'team',
          remoteId: numericId(16),
          accountId: account.id,
          parentId: workspace.remoteId,
          name: `${account.name}'s Team`,
          data: { workspace: workspace.remoteId },
        });
      },
      () => numericId(16),
    );

  registerConsent(app, {
    tool: 'asana',
    toolName: 'Asana',
    path: '/-/oauth_authorize',
    fields: ['client_id', 'redirect_uri', 'response_type', 'state', 'code_challenge', 'code_challenge_method', 'scope'],
    check(q) {
      if (q.response_type !== 'code') {
        return { error: 'unsupported_response_type', description: 'response_type must be code' };
      }
      if (q.code_challenge !== undefined || q.code_challenge_method !== undefined) {
        if (q.code_challenge_method !== 'S256') {
          return { error: 'invalid_request', description: 'code_challenge_method must be S256' };
        }
        if (!q.code_challenge || !/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge)) {
          return { error: 'invalid_request', description: 'code_challenge is invalid' };
        }
      }
      return undefined;
    },
    createAccount,
  });

  app.post('/-/oauth_token', { schema: { hide: true } }, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const grantType = str(form.grant_type);
    if (form.client_id !== SANDBOX_OAUTH_CLIENT.clientId || form.client_secret !== SANDBOX_OAUTH_CLIENT.clientSecret) {
      return oauthError(reply, 401, 'invalid_client', 'The client_id or client_secret is invalid.');
    }
    if (grantType === 'authorization_code') {
      const code = str(form.code);
      if (!code) return oauthError(reply, 400, 'invalid_request', 'The code parameter is missing.');
      const redirectUri = str(form.redirect_uri);
      if (!redirectUri) return oauthError(reply, 400, 'invalid_request', 'The redirect_uri parameter is missing.');
      const grant = await consumeCode(app.db, 'asana', code);
      if (!grant) return oauthError(reply, 400, 'invalid_grant', 'The code is invalid, expired or already used.');
      if (grant.redirectUri !== redirectUri) {
        return oauthError(reply, 400, 'invalid_grant', 'The redirect_uri does not match the authorization request.');
      }
      if (!verifierMatches(grant.codeChallenge, str(form.code_verifier))) {
        return oauthError(reply, 400, 'invalid_grant', 'The code_verifier does not match the code_challenge.');
      }
      const accessToken = await issueGrant(app.db, {
        tool: 'asana',
        kind: 'access',
        accountId: grant.accountId,
        scope: grant.scope,
        ttlSeconds: ASANA_TOKEN_TTL_SECONDS,
      });
      const refreshToken = await issueGrant(app.db, {
        tool: 'asana',
        kind: 'refresh',
        accountId: grant.accountId,
        scope: grant.scope,
      });
      const account = (await tokenAccount(app.db, 'asana', accessToken))!;
      return reply.header('cache-control', 'no-store').send({
        access_token: accessToken,
        token_type: 'bearer',
        expires_in: ASANA_TOKEN_TTL_SECONDS,
        refresh_token: refreshToken,
        data: { id: Number(account.remoteId), gid: account.remoteId, name: account.name, email: account.email },
      });
    }
    if (grantType === 'refresh_token') {
      const refreshToken = str(form.refresh_token);
      if (!refreshToken) return oauthError(reply, 400, 'invalid_request', 'The refresh_token parameter is missing.');
      const account = await tokenAccount(app.db, 'asana', refreshToken, 'refresh');
      if (!account) return oauthError(reply, 400, 'invalid_grant', 'The refresh_token is invalid or revoked.');
      const [refresh] = await app.db
        .select()
        .from(sandboxGrants)
        .where(eq(sandboxGrants.tokenHash, hashToken(refreshToken)));
      const accessToken = await issueGrant(app.db, {
        tool: 'asana',
        kind: 'access',
        accountId: account.id,
        scope: refresh?.scope ?? null,
        ttlSeconds: ASANA_TOKEN_TTL_SECONDS,
      });
      return reply.header('cache-control', 'no-store').send({
        access_token: accessToken,
        token_type: 'bearer',
        expires_in: ASANA_TOKEN_TTL_SECONDS,
        data: { id: Number(account.remoteId), gid: account.remoteId, name: account.name, email: account.email },
      });
    }
    return oauthError(reply, 400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
  });

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/1.0/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const send = (status: number, body: unknown) => reply.code(status).send(body);
      const header = request.headers.authorization ?? '';
      const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
      const account = token ? await tokenAccount(app.db, 'asana', token) : undefined;
      if (!token || !account) {
        const r = asanaError(401, 'Not Authorized');
        return send(r.status, r.body);
      }
      const fault = await dueFault(app.db, 'asana');
      if (fault === 'drop') return dropConnection(reply);
      if (fault === 'lost') loseAnswer(request);
      if (fault === '500')
        return send(500, { errors: [{ message: 'Server Error', phrase: 'armed sandbox fault fired' }] });
      if (fault === '429') {
        reply.header('retry-after', '1');
        return send(429, asanaError(429, ASANA_RATE_MESSAGE).body);
      }
      if (isBadJson(request.body)) {
        const r = asanaError(400, 'Could not parse request data, invalid JSON');
        return send(r.status, r.body);
      }
      const url = new URL(request.url, 'http://sandbox.invalid');
      const path = url.pathname.replace(/^\/sandbox\/asana\/api\/1\.0/, '');
      const query = request.query as Record<string, unknown>;
      const ctx: AsanaContext = { db: app.db, account, publicUrl };

      const isBatch = request.method === 'POST' && path === '/batch';
      let actions: ReturnType<typeof batchActions> | undefined;
      if (isBatch) {
        actions = batchActions(query, request.body);
        if (!Array.isArray(actions)) return send(actions.status, actions.body);
      }
      // Every action of a batch counts as one request, and a refused request still counts.
      const cost = Array.isArray(actions) ? actions.length : 1;
      const rate = await spendRate(app.db, 'asana', hashToken(token), cost, limit, true);
      if (!rate.allowed) {
        reply.header('retry-after', String(rate.retryAfterSeconds));
        const r = asanaError(429, ASANA_RATE_MESSAGE);
        return send(r.status, r.body);
      }
      if (Array.isArray(actions)) {
        // Asana runs a batch's actions in no set order; the sandbox runs them last to first, so a client that
        // counts on their order is caught. The answers keep the request's order.
        const results: Awaited<ReturnType<typeof runBatchAction>>[] = [];
        for (let i = actions.length - 1; i >= 0; i--) results[i] = await runBatchAction(ctx, actions[i]!);
        return send(200, { data: results });
      }
      const result = await asanaCall(ctx, request.method, path, query, request.body);
      return send(result.status, result.body);
    },
  });

  registerFaultRoutes(app, 'asana');
  registerHomePage(app, {
    tool: 'asana',
    toolName: 'Asana',
    labels: LABELS,
    detailKeys: ['notes', 'start_on', 'due_on', 'resource_subtype', 'dependencies'],
    projectKind: 'project',
    tasks: asanaTaskDone,
    project: { path: ASANA_PROJECT_PATH, locate: ({ id }) => (id ? { id } : undefined) },
  });
};
