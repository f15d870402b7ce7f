import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_OAUTH_CLIENT } from '../../../ports/task-tool.port';
import { dropConnection, dueFault, loseAnswer, registerFaultRoutes } from '../faults';
import { consumeCode, hashToken, issueGrant, tokenAccount } from '../grants';
import { registerHomePage } from '../home-page';
import { registerConsent } from '../oauth';
import { spendRate } from '../rate-windows';
import { isBadJson, sandboxBodyParsers } from '../requests';
import { type Account, accountById, findOrCreateAccount, insertObject, numericId } from '../sandbox-store';
import { type ClickUpError, clickupError, GetAccessTokenQuery, inputError } from './clickup.contract';
import {
  createFolder,
  createList,
  deleteFolder,
  getAuthorizedTeams,
  getAuthorizedUser,
  getFolders,
  getLists,
  getSpaces,
} from './clickup.hierarchy';
import type { ClickUpOperation } from './clickup.operation';
import { clickupTaskDone } from './clickup.records';
import { addDependency, createTask, getTask, getTasks, updateTask } from './clickup.tasks';

const LABELS = { team: 'Workspace', space: 'Space', folder: 'Folder', list: 'List', task: 'Task' };

/** The API's operations by method and path (under /api/v2), as ClickUp names them. */
const OPERATIONS: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, operation: ClickUpOperation][] = [
  ['GET', '/user', getAuthorizedUser],
  ['GET', '/team', getAuthorizedTeams],
  ['GET', '/team/:team_id/space', getSpaces],
  ['POST', '/space/:space_id/folder', createFolder],
  ['GET', '/space/:space_id/folder', getFolders],
  ['POST', '/folder/:folder_id/list', createList],
  ['GET', '/folder/:folder_id/list', getLists],
  ['POST', '/list/:list_id/task', createTask],
  ['GET', '/list/:list_id/task', getTasks],
  ['PUT', '/task/:task_id', updateTask],
  ['GET', '/task/:task_id', getTask],
  ['POST', '/task/:task_id/dependency', addDependency],
  ['DELETE', '/folder/:folder_id', deleteFolder],
];

/** The ClickUp simulator, mounted at /sandbox/clickup. */
export const clickupSandbox: FastifyPluginAsync = async (app: FastifyInstance) => {
  sandboxBodyParsers(app);
  const { PUBLIC_URL: publicUrl, SANDBOX_CLICKUP_REQUESTS_PER_MINUTE: limit } = app.config;
  const fail = (reply: FastifyReply, e: ClickUpError) => reply.code(e.status).send(e.body);

  app.setErrorHandler((error: Error, request, reply) => {
    request.log.error({ err: error }, 'clickup sandbox failed');
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    return fail(reply, clickupError(status, status < 500 ? error.message : 'Internal server error', 'APP_001'));
  });

  const createAccount = (email: string) =>
    findOrCreateAccount(
      app.db,
      'clickup',
      email,
      async (tx, account) => {
        const team = await insertObject(tx, {
          tool: 'clickup',
          kind: 'team',
          remoteId: numericId(10),
          accountId: account.id,
          parentId: null,
          name: `${account.name}'s Workspace`,
        });
        await insertObject(tx, {
          tool: 'clickup',
          kind: 'space',
          remoteId: numericId(11),
          accountId: account.id,
          parentId: team.remoteId,
          name: 'Team Space',
        });
      },
      () => numericId(8),
    );

  registerConsent(app, {
    tool: 'clickup',
    toolName: 'ClickUp',
    path: '/api',
    fields: ['client_id', 'redirect_uri', 'state'],
    createAccount,
  });

  // ClickUp takes the three values as query parameters; a JSON body with them is accepted too.
  app.post('/api/v2/oauth/token', { schema: { hide: true } }, async (request, reply) => {
    const body = isBadJson(request.body) ? {} : ((request.body ?? {}) as Record<string, unknown>);
    const parsed = GetAccessTokenQuery.safeParse({ ...body, ...(request.query as object) });
    if (!parsed.success) return fail(reply, inputError(parsed.error.issues, 'Request'));
    const { client_id, client_secret, code } = parsed.data;
    if (client_id !== SANDBOX_OAUTH_CLIENT.clientId)
      return fail(reply, clickupError(400, 'Client not found', 'OAUTH_001'));
    if (client_secret !== SANDBOX_OAUTH_CLIENT.clientSecret) {
      return fail(reply, clickupError(401, 'Client secret invalid', 'OAUTH_002'));
    }
    const grant = await consumeCode(app.db, 'clickup', code);
    if (!grant) return fail(reply, clickupError(401, 'Code not found', 'OAUTH_015'));
    const account = (await accountById(app.db, grant.accountId))!;
    // ClickUp's OAuth tokens do not expire and have no refresh token.
    const token = await issueGrant(
      app.db,
      { tool: 'clickup', kind: 'access', accountId: grant.accountId },
      `${account.remoteId}_${randomBytes(20).toString('hex').toUpperCase()}`,
    );
    return reply.header('cache-control', 'no-store').send({ access_token: token });
  });

  /** Authentication and the per-token rate limit, with ClickUp's headers on every answer. */
  const authorize = async (request: FastifyRequest, reply: FastifyReply): Promise<Account | undefined> => {
    const header = request.headers.authorization?.trim();
    if (!header) {
      fail(reply, clickupError(400, 'Authorization header required', 'OAUTH_017'));
      return undefined;
    }
    const token = header.replace(/^Bearer\s+/i, '');
    const account = await tokenAccount(app.db, 'clickup', token);
    if (!account) {
      fail(reply, clickupError(401, 'Oauth token not found', 'OAUTH_019'));
      return undefined;
    }
    const fault = await dueFault(app.db, 'clickup');
    if (fault === 'drop') {
      dropConnection(reply);
      return undefined;
    }
    if (fault === 'lost') loseAnswer(request);
    if (fault === '500') {
      fail(reply, clickupError(500, 'Internal server error', 'APP_001'));
      return undefined;
    }
    if (fault === '429') {
      reply.header('x-ratelimit-limit', String(limit));
      reply.header('x-ratelimit-remaining', '0');
      reply.header('x-ratelimit-reset', String(Math.floor(Date.now() / 1000) + 1));
      fail(reply, clickupError(429, 'Rate limit reached', 'APP_002'));
      return undefined;
    }
    const rate = await spendRate(app.db, 'clickup', hashToken(token), 1, limit, true);
    reply.header('x-ratelimit-limit', String(limit));
    reply.header('x-ratelimit-remaining', String(Math.max(0, limit - rate.used)));
    reply.header('x-ratelimit-reset', String(Math.floor(rate.resetAt.getTime() / 1000)));
    if (!rate.allowed) {
      fail(reply, clickupError(429, 'Rate limit reached', 'APP_002'));
      return undefined;
    }
    if (isBadJson(request.body)) {
      fail(reply, clickupError(400, 'Unexpected token in JSON body', 'INPUT_000'));
      return undefined;
    }
    return account;
  };

  for (const [method, path, operation] of OPERATIONS) {
    app.route({
      method,
      url: `/api/v2${path}`,
      schema: { hide: true },
      handler: async (request, reply) => {
        const account = await authorize(request, reply);
        if (!account) return reply;
        const answer = await operation({ db: app.db, account, publicUrl }, request);
        return reply.code(answer.status).send(answer.body);
      },
    });
  }

  registerFaultRoutes(app, 'clickup');
  registerHomePage(app, {
    tool: 'clickup',
    toolName: 'ClickUp',
    labels: LABELS,
    detailKeys: ['description', 'content', 'start_date', 'due_date', 'priority'],
    projectKind: 'folder',
    tasks: clickupTaskDone,
    // ClickUp's internal link of a folder: app.clickup.com/<Workspace id>/v/o/f/<folder id>.
    project: {
      path: '/:team(^\\d+)/v/o/f/:id',
      locate: ({ team, id }) => (team && id ? { id, within: team } : undefined),
    },
  });
};
