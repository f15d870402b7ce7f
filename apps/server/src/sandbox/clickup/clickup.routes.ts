import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type Account,
  accountById,
  alphanumericId,
  childrenOf,
  consumeCode,
  findObject,
  findOrCreateAccount,
  hashToken,
  homeBody,
  insertObject,
  isBadJson,
  issueGrant,
  numericId,
  SANDBOX_CLIENT_ID,
  SANDBOX_CLIENT_SECRET,
  type SandboxObject,
  sandboxBodyParsers,
  sandboxTree,
  sendPage,
  spendRate,
  tokenAccount,
} from '../common';
import { dropConnection, dueFault, loseAnswer, registerFaultRoutes } from '../faults';
import { registerConsent } from '../oauth';
import { sandboxObjects } from '../sandbox.schema';
import {
  type ClickUpError,
  CreateFolderBody,
  CreateFolderParams,
  CreateListBody,
  CreateListParams,
  CreateTaskBody,
  CreateTaskParams,
  CreateTaskQuery,
  clickupError,
  GetAccessTokenQuery,
  GetSpacesParams,
  GetSpacesQuery,
  GetTasksQuery,
  inputError,
} from './clickup.contract';

const LABELS = { team: 'Workspace', space: 'Space', folder: 'Folder', list: 'List', task: 'Task' };
const COLOR = '#7b68ee';
/** GetTasks answers at most 100 tasks per page. */
const TASKS_PER_PAGE = 100;
const STATUSES = [
  { id: 'p_open', status: 'to do', type: 'open', orderindex: 0, color: '#87909e' },
  { id: 'p_closed', status: 'complete', type: 'closed', orderindex: 1, color: '#008844' },
];

const initials = (name: string) =>
  name
    .split(' ')
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

const userRecord = (a: Account) => ({
  id: Number(a.remoteId),
  username: a.name,
  email: a.email,
  color: COLOR,
  profilePicture: null,
  initials: initials(a.name),
});

function spaceRecord(space: SandboxObject) {
  return {
    id: space.remoteId,
    name: space.name,
    color: null,
    private: false,
    avatar: null,
    admin_can_manage: false,
    statuses: STATUSES,
    multiple_assignees: true,
    features: {
      due_dates: { enabled: true, start_date: true, remap_due_dates: true, remap_closed_due_date: false },
      time_tracking: { enabled: false },
      tags: { enabled: true },
      time_estimates: { enabled: true },
      checklists: { enabled: true },
      custom_fields: { enabled: true },
      remap_dependencies: { enabled: true },
      dependency_warning: { enabled: true },
      portfolios: { enabled: true },
    },
    archived: false,
  };
}

/** The ClickUp simulator, mounted at /sandbox/clickup. */
function folderRecord(folder: SandboxObject, space: SandboxObject, index: number, lists: SandboxObject[] = []) {
  return {
    id: folder.remoteId,
    name: folder.name,
    orderindex: index,
    override_statuses: false,
    hidden: false,
    space: { id: space.remoteId, name: space.name },
    task_count: '0',
    archived: false,
    statuses: [],
    // ClickUp lists a folder's lists with it.
    lists: lists.map((list, i) => listRecord(list, folder, space, i)),
    permission_level: 'create',
  };
}

function listRecord(list: SandboxObject, folder: SandboxObject, space: SandboxObject, index: number) {
  const content = String(list.data.content ?? '');
  return {
    id: list.remoteId,
    name: list.name,
    orderindex: index,
    content,
    status: null,
    priority: null,
    assignee: null,
    task_count: null,
    due_date: (list.data.due_date as string | undefined) ?? null,
    start_date: null,
    folder: { id: folder.remoteId, name: folder.name, hidden: false, access: true },
    space: { id: space.remoteId, name: space.name, access: true },
    inbound_address: `a.${list.remoteId}.sandbox@tasks.clickup.invalid`,
    archived: false,
    override_statuses: false,
    statuses: STATUSES,
    permission_level: 'create',
  };
}

interface TaskContext {
  task: SandboxObject;
  list: SandboxObject;
  folder: SandboxObject;
  space: SandboxObject;
  team: SandboxObject;
  account: Account;
  index: number;
  publicUrl: string;
}

function taskRecord({ task, list, folder, space, team, account, index, publicUrl }: TaskContext) {
  const created = String(task.createdAt.getTime());
  const description = String(task.data.description ?? '');
  return {
    id: task.remoteId,
    custom_id: null,
    custom_item_id: (task.data.custom_item_id as number | undefined) ?? 0,
    name: task.name,
    text_content: description,
    description,
    status: { status: 'to do', color: '#87909e', type: 'open', orderindex: 0 },
    orderindex: `${index}.00000000000000000000000000000000`,
    date_created: created,
    date_updated: created,
    date_closed: null,
    date_done: null,
    archived: false,
    creator: {
      id: Number(account.remoteId),
      username: account.name,
      color: COLOR,
      email: account.email,
      profilePicture: null,
    },
    assignees: [],
    group_assignees: [],
    watchers: [{ ...userRecord(account) }],
    checklists: [],
    tags: [],
    parent: (task.data.parent as string | null) ?? null,
    top_level_parent: (task.data.top_level_parent as string | null | undefined) ?? null,
    priority: null,
    due_date: (task.data.due_date as string | null) ?? null,
    start_date: (task.data.start_date as string | null | undefined) ?? null,
    points: (task.data.points as number | undefined) ?? null,
    time_estimate: (task.data.time_estimate as number | undefined) ?? null,
    custom_fields: [],
    dependencies: [],
    linked_tasks: [],
    locations: [],
    team_id: team.remoteId,
    url: `${publicUrl}/sandbox/clickup/#obj-${task.remoteId}`,
    sharing: { public: false, public_share_expires_on: null, public_fields: [], token: null, seo_optimized: false },
    permission_level: 'create',
    list: { id: list.remoteId, name: list.name, access: true },
    project: { id: folder.remoteId, name: folder.name, hidden: false, access: true },
    folder: { id: folder.remoteId, name: folder.name, hidden: false, access: true },
    space: { id: space.remoteId },
  };
}

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
    if (client_id !== SANDBOX_CLIENT_ID) return fail(reply, clickupError(400, 'Client not found', 'OAUTH_001'));
    if (client_secret !== SANDBOX_CLIENT_SECRET) {
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

  /** An object of the account, or ClickUp's answer: not found, or the Workspace not authorized. */
  const owned = async (
    account: Account,
    id: string,
    kind: string,
    notFound: ClickUpError,
  ): Promise<SandboxObject | ClickUpError> => {
    const o = await findObject(app.db, 'clickup', id);
    if (!o || o.kind !== kind) return notFound;
    if (o.accountId !== account.id) return clickupError(401, 'Team not authorized', 'OAUTH_027');
    return o;
  };
  const isError = (v: SandboxObject | ClickUpError): v is ClickUpError => 'body' in v && 'status' in v;

  function parse<T extends z.ZodType>(schema: T, value: unknown, what: 'Task' | 'List' | 'Folder' | 'Request') {
    const r = schema.safeParse(value ?? {});
    return r.success
      ? { ok: true as const, data: r.data as z.infer<T> }
      : { ok: false as const, error: inputError(r.error.issues, what) };
  }

  /**
   * The start of every read below: the caller's account, the path and query checked against the contract,
   * and the caller's own object named by the path's one id. Undefined when the answer (an error) was already sent.
   */
  async function readTarget<Q extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    spec: { params: z.ZodType<Record<string, string>>; query: Q; kind: string; notFound: ClickUpError },
  ): Promise<{ account: Account; query: z.infer<Q>; target: SandboxObject } | undefined> {
    const account = await authorize(request, reply);
    if (!account) return undefined;
    const params = parse(spec.params, request.params, 'Request');
    if (!params.ok) return void fail(reply, params.error);
    const query = parse(spec.query, request.query, 'Request');
    if (!query.ok) return void fail(reply, query.error);
    const target = await owned(account, Object.values(params.data)[0]!, spec.kind, spec.notFound);
    if (isError(target)) return void fail(reply, target);
    return { account, query: query.data, target };
  }

  app.get('/api/v2/user', { schema: { hide: true } }, async (request, reply) => {
    const account = await authorize(request, reply);
    if (!account) return reply;
    return { user: { ...userRecord(account), week_start_day: null, global_font_support: false, timezone: 'UTC' } };
  });

  app.get('/api/v2/team', { schema: { hide: true } }, async (request, reply) => {
    const account = await authorize(request, reply);
    if (!account) return reply;
    const teams = await app.db
      .select()
      .from(sandboxObjects)
      .where(
        and(
          eq(sandboxObjects.tool, 'clickup'),
          eq(sandboxObjects.kind, 'team'),
          eq(sandboxObjects.accountId, account.id),
        ),
      )
      .orderBy(asc(sandboxObjects.id));
    return {
      teams: teams.map((t) => ({
        id: t.remoteId,
        name: t.name,
        color: COLOR,
        avatar: null,
        members: [{ user: { ...userRecord(account), role: 1, custom_role: null } }],
      })),
    };
  });

  app.get('/api/v2/team/:team_id/space', { schema: { hide: true } }, async (request, reply) => {
    const read = await readTarget(request, reply, {
      params: GetSpacesParams,
      query: GetSpacesQuery,
      kind: 'team',
      notFound: clickupError(401, 'Team not authorized', 'OAUTH_023'),
    });
    if (!read) return reply;
    const spaces =
      read.query.archived === 'true' ? [] : await childrenOf(app.db, 'clickup', read.target.remoteId, 'space');
    return { spaces: spaces.map(spaceRecord) };
  });

  app.post('/api/v2/space/:space_id/folder', { schema: { hide: true } }, async (request, reply) => {
    const account = await authorize(request, reply);
    if (!account) return reply;
    const params = parse(CreateFolderParams, request.params, 'Request');
    if (!params.ok) return fail(reply, params.error);
    const body = parse(CreateFolderBody, request.body, 'Folder');
    if (!body.ok) return fail(reply, body.error);
    if (body.data.name.trim() === '') return fail(reply, clickupError(400, 'Folder name invalid', 'INPUT_005'));
    const space = await owned(account, params.data.space_id, 'space', clickupError(404, 'Space not found', 'ITEM_015'));
    if (isError(space)) return fail(reply, space);
    const siblings = await childrenOf(app.db, 'clickup', space.remoteId, 'folder');
    const folder = await insertObject(app.db, {
      tool: 'clickup',
      kind: 'folder',
      remoteId: numericId(11),
      accountId: account.id,
      parentId: space.remoteId,
      name: body.data.name,
      data: { space: space.remoteId },
    });
    return folderRecord(folder, space, siblings.length);
  });

  app.post('/api/v2/folder/:folder_id/list', { schema: { hide: true } }, async (request, reply) => {
    const account = await authorize(request, reply);
    if (!account) return reply;
    const params = parse(CreateListParams, request.params, 'Request');
    if (!params.ok) return fail(reply, params.error);
    const body = parse(CreateListBody, request.body, 'List');
    if (!body.ok) return fail(reply, body.error);
    if (body.data.name.trim() === '') return fail(reply, clickupError(400, 'List name invalid', 'INPUT_005'));
    const folder = await owned(
      account,
      params.data.folder_id,
      'folder',
      clickupError(404, 'Folder not found', 'ITEM_014'),
    );
    if (isError(folder)) return fail(reply, folder);
    const space = (await findObject(app.db, 'clickup', folder.parentId!))!;
    const siblings = await childrenOf(app.db, 'clickup', folder.remoteId, 'list');
    const content = body.data.content ?? body.data.markdown_content ?? '';
    const list = await insertObject(app.db, {
      tool: 'clickup',
      kind: 'list',
      remoteId: numericId(12),
      accountId: account.id,
      parentId: folder.remoteId,
      name: body.data.name,
      data: {
        content,
        folder: folder.remoteId,
        space: space.remoteId,
        due_date: body.data.due_date === undefined ? null : String(body.data.due_date),
      },
    });
    return listRecord(list, folder, space, siblings.length);
  });

  app.get('/api/v2/space/:space_id/folder', { schema: { hide: true } }, async (request, reply) => {
    const read = await readTarget(request, reply, {
      params: CreateFolderParams,
      query: GetSpacesQuery,
      kind: 'space',
      notFound: clickupError(404, 'Space not found', 'ITEM_015'),
    });
    if (!read) return reply;
    const space = read.target;
    const folders = read.query.archived === 'true' ? [] : await childrenOf(app.db, 'clickup', space.remoteId, 'folder');
    const records = [];
    for (const [i, folder] of folders.entries()) {
      records.push(folderRecord(folder, space, i, await childrenOf(app.db, 'clickup', folder.remoteId, 'list')));
    }
    return { folders: records };
  });

  app.get('/api/v2/folder/:folder_id/list', { schema: { hide: true } }, async (request, reply) => {
    const read = await readTarget(request, reply, {
      params: CreateListParams,
      query: GetSpacesQuery,
      kind: 'folder',
      notFound: clickupError(404, 'Folder not found', 'ITEM_014'),
    });
    if (!read) return reply;
    const folder = read.target;
    const space = (await findObject(app.db, 'clickup', folder.parentId!))!;
    const lists = read.query.archived === 'true' ? [] : await childrenOf(app.db, 'clickup', folder.remoteId, 'list');
    return { lists: lists.map((list, i) => listRecord(list, folder, space, i)) };
  });

  app.get('/api/v2/list/:list_id/task', { schema: { hide: true } }, async (request, reply) => {
    const read = await readTarget(request, reply, {
      params: CreateTaskParams,
      query: GetTasksQuery,
      kind: 'list',
      notFound: clickupError(404, 'List not found', 'ITEM_013'),
    });
    if (!read) return reply;
    const { account, query, target: list } = read;
    const folder = (await findObject(app.db, 'clickup', String(list.data.folder)))!;
    const space = (await findObject(app.db, 'clickup', String(list.data.space)))!;
    const team = (await findObject(app.db, 'clickup', space.parentId!))!;
    // Top-level tasks in order, each followed by its subtasks when asked for (ClickUp pages 100 at a time).
    const records: ReturnType<typeof taskRecord>[] = [];
    const add = async (parentId: string, depth: number) => {
      const children = await childrenOf(app.db, 'clickup', parentId, 'task');
      for (const [index, task] of children.entries()) {
        records.push(taskRecord({ task, list, folder, space, team, account, index, publicUrl }));
        if (query.subtasks === 'true' && depth < 8) await add(task.remoteId, depth + 1);
      }
    };
    if (query.archived !== 'true') await add(list.remoteId, 0);
    const page = query.page ?? 0;
    const tasks = records.slice(page * TASKS_PER_PAGE, (page + 1) * TASKS_PER_PAGE);
    return { tasks, last_page: (page + 1) * TASKS_PER_PAGE >= records.length };
  });

  app.post('/api/v2/list/:list_id/task', { schema: { hide: true } }, async (request, reply) => {
    const account = await authorize(request, reply);
    if (!account) return reply;
    const params = parse(CreateTaskParams, request.params, 'Request');
    if (!params.ok) return fail(reply, params.error);
    const query = parse(CreateTaskQuery, request.query, 'Request');
    if (!query.ok) return fail(reply, query.error);
    const body = parse(CreateTaskBody, request.body, 'Task');
    if (!body.ok) return fail(reply, body.error);
    const input = body.data;
    if (input.name.trim() === '') return fail(reply, clickupError(400, 'Task name invalid', 'INPUT_005'));
    const list = await owned(account, params.data.list_id, 'list', clickupError(404, 'List not found', 'ITEM_013'));
    if (isError(list)) return fail(reply, list);
    let parent: SandboxObject | undefined;
    if (input.parent) {
      const found = await owned(account, input.parent, 'task', clickupError(404, 'Parent task not found', 'ITEM_016'));
      if (isError(found)) return fail(reply, found);
      // ClickUp: "The parent task ID you include can be a subtask, but must be in the same List".
      if (found.data.list !== list.remoteId) {
        return fail(reply, clickupError(400, 'Parent task must be in the same list', 'ITEM_155'));
      }
      parent = found;
    }
    const folder = (await findObject(app.db, 'clickup', String(list.data.folder)))!;
    const space = (await findObject(app.db, 'clickup', String(list.data.space)))!;
    const team = (await findObject(app.db, 'clickup', space.parentId!))!;
    const siblings = await childrenOf(app.db, 'clickup', parent?.remoteId ?? list.remoteId, 'task');
    const description = input.description ?? input.markdown_content ?? '';
    const task = await insertObject(app.db, {
      tool: 'clickup',
      kind: 'task',
      remoteId: `86${alphanumericId(7)}`,
      accountId: account.id,
      parentId: parent?.remoteId ?? list.remoteId,
      name: input.name,
      data: {
        description,
        due_date: input.due_date === undefined ? null : String(input.due_date),
        start_date: input.start_date === undefined ? null : String(input.start_date),
        points: input.points ?? null,
        time_estimate: input.time_estimate ?? null,
        custom_item_id: input.custom_item_id ?? 0,
        list: list.remoteId,
        parent: parent?.remoteId ?? null,
        top_level_parent: parent ? (parent.data.parent ?? parent.remoteId) : null,
      },
    });
    return taskRecord({ task, list, folder, space, team, account, index: siblings.length, publicUrl });
  });

  registerFaultRoutes(app, 'clickup');
  const tree = () => sandboxTree(app.db, 'clickup');
  app.get('/index.json', { schema: { hide: true } }, async () => ({ tool: 'clickup', accounts: await tree() }));
  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    sendPage(
      reply,
      publicUrl,
      'ClickUp sandbox',
      homeBody('ClickUp', '/sandbox/clickup/index.json', await tree(), LABELS, ['description', 'content', 'due_date']),
    ),
  );
};
