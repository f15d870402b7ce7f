import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { sandboxObjects } from '../sandbox.tables';
import {
  type Account,
  alphanumericId,
  childrenOf,
  deleteWithDescendants,
  findObject,
  insertObject,
  numericId,
  type SandboxObject,
} from '../sandbox-store';
import type { TaskDone } from '../sandbox-tree';
import {
  AddDependencyBody,
  type ClickUpError,
  CreateFolderBody,
  CreateFolderParams,
  CreateListBody,
  CreateListParams,
  CreateTaskBody,
  CreateTaskParams,
  CreateTaskQuery,
  clickupError,
  GetSpacesParams,
  GetSpacesQuery,
  GetTasksQuery,
  inputError,
  TaskParams,
  TaskQuery,
  UpdateTaskBody,
  UpdateTaskParams,
} from './clickup.contract';

/**
 * The task types a sandbox Workspace has: "All Workspaces will allow a value of 0 which represents task type task. 1
 * represents the task type Milestone" (ClickUp's "Custom Task Types" page); it defines no custom ones.
 */
const TASK_TYPES = new Set([0, 1]);

/**
 * One link between two tasks, as ClickUp's task record lists it among `dependencies`: `task_id` waits on
 * `depends_on` (type 1, "waiting on"). Both tasks keep it, so each one's record shows the links it takes part in.
 */
interface StoredDependency {
  task_id: string;
  depends_on: string;
  type: number;
  date_created: string;
  userid: string;
}
const dependenciesOf = (task: SandboxObject) => (task.data.dependencies as StoredDependency[] | undefined) ?? [];

/**
 * The simulated ClickUp API v2: its records and the operations it serves, each checked against the contract
 * (clickup.contract.ts) and run on the sandbox's store. HTTP (authentication, rate limit, faults) is clickup.routes.ts's.
 */

const COLOR = '#7b68ee';
/** GetTasks answers at most 100 tasks per page. */
const TASKS_PER_PAGE = 100;
const STATUSES = [
  { id: 'p_open', status: 'to do', type: 'open', orderindex: 0, color: '#87909e' },
  { id: 'p_closed', status: 'complete', type: 'closed', orderindex: 1, color: '#008844' },
];

/** ClickUp's task priorities: 1 to 4, answered as objects with the priority's name and colour. */
const PRIORITIES = [
  { id: '1', priority: 'urgent', color: '#f50000', orderindex: '1' },
  { id: '2', priority: 'high', color: '#f8ae00', orderindex: '2' },
  { id: '3', priority: 'normal', color: '#6fddff', orderindex: '3' },
  { id: '4', priority: 'low', color: '#d8d8d8', orderindex: '4' },
];

/** A task's priority as ClickUp answers it: the object of the priority it was given (kept by name), or null. */
const priorityOf = (task: SandboxObject) => PRIORITIES.find((p) => p.priority === task.data.priority) ?? null;

/** A task's status as ClickUp answers it: the list's "to do" until set to another of the list's statuses. */
function statusOf(task: SandboxObject) {
  const found = STATUSES.find((s) => s.status === task.data.status) ?? STATUSES[0]!;
  return { status: found.status, color: found.color, type: found.type, orderindex: found.orderindex };
}

/** A task's data in a status: a closed one records when it was closed, until it is opened again. */
const withStatus = (data: Record<string, unknown>, status: (typeof STATUSES)[number]) => ({
  ...data,
  status: status.status,
  date_closed: status.type === 'closed' ? (data.date_closed ?? String(Date.now())) : null,
});

/** ClickUp's tasks on the sandbox page: a subtask (a task with a parent) is not one; done is the closed status. */
export const clickupTaskDone: TaskDone = {
  isTask: (kind, data) => kind === 'task' && !data.parent,
  isDone: (data) => STATUSES.find((s) => s.status === data.status)?.type === 'closed',
  async setDone(db, task, done) {
    const status = STATUSES.find((s) => (s.type === 'closed') === done)!;
    await db
      .update(sandboxObjects)
      .set({ data: withStatus(task.data, status) })
      .where(eq(sandboxObjects.id, task.id));
    return undefined;
  },
};

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
    status: statusOf(task),
    orderindex: `${index}.00000000000000000000000000000000`,
    date_created: created,
    date_updated: created,
    date_closed: (task.data.date_closed as string | null | undefined) ?? null,
    date_done: (task.data.date_closed as string | null | undefined) ?? null,
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
    priority: priorityOf(task),
    due_date: (task.data.due_date as string | null) ?? null,
    start_date: (task.data.start_date as string | null | undefined) ?? null,
    points: (task.data.points as number | undefined) ?? null,
    time_estimate: (task.data.time_estimate as number | undefined) ?? null,
    custom_fields: [],
    dependencies: dependenciesOf(task).map((d) => ({ ...d, workspace_id: team.remoteId, chain_id: null })),
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

/** The caller of an operation: the store, the account the token belongs to, and where the sandbox is served. */
interface ClickUpContext {
  db: Database;
  account: Account;
  publicUrl: string;
}

/** What an operation is given of the HTTP request. */
interface ClickUpRequest {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** An answer: a record with 200, or ClickUp's error. */
interface ClickUpAnswer {
  status: number;
  body: unknown;
}

/** One operation of the API, run for an authenticated caller. */
export type ClickUpOperation = (ctx: ClickUpContext, request: ClickUpRequest) => Promise<ClickUpAnswer>;

const ok = (body: unknown): ClickUpAnswer => ({ status: 200, body });

/** An object of the account, or ClickUp's answer: not found, or the Workspace not authorized. */
async function owned(
  ctx: ClickUpContext,
  id: string,
  kind: string,
  notFound: ClickUpError,
): Promise<SandboxObject | ClickUpError> {
  const o = await findObject(ctx.db, 'clickup', id);
  if (!o || o.kind !== kind) return notFound;
  if (o.accountId !== ctx.account.id) return clickupError(401, 'Team not authorized', 'OAUTH_027');
  return o;
}
const isError = (v: SandboxObject | ClickUpError): v is ClickUpError => 'body' in v && 'status' in v;

function parse<T extends z.ZodType>(schema: T, value: unknown, what: 'Task' | 'List' | 'Folder' | 'Request') {
  const r = schema.safeParse(value ?? {});
  return r.success
    ? { ok: true as const, data: r.data as z.infer<T> }
    : { ok: false as const, error: inputError(r.error.issues, what) };
}

/**
 * The start of every read below: the path and query checked against the contract, and the caller's own
 * object named by the path's one id; or the error to answer.
 */
async function readTarget<Q extends z.ZodType>(
  ctx: ClickUpContext,
  request: ClickUpRequest,
  spec: { params: z.ZodType<Record<string, string>>; query: Q; kind: string; notFound: ClickUpError },
): Promise<{ query: z.infer<Q>; target: SandboxObject } | ClickUpError> {
  const params = parse(spec.params, request.params, 'Request');
  if (!params.ok) return params.error;
  const query = parse(spec.query, request.query, 'Request');
  if (!query.ok) return query.error;
  const target = await owned(ctx, Object.values(params.data)[0]!, spec.kind, spec.notFound);
  if (isError(target)) return target;
  return { query: query.data, target };
}
const isReadError = (v: { target: SandboxObject } | ClickUpError): v is ClickUpError => !('target' in v);

/** GET /user */
export async function getAuthorizedUser({ account }: ClickUpContext): Promise<ClickUpAnswer> {
  return ok({ user: { ...userRecord(account), week_start_day: null, global_font_support: false, timezone: 'UTC' } });
}

/** GET /team: the caller's Workspaces. */
export async function getAuthorizedTeams({ db, account }: ClickUpContext): Promise<ClickUpAnswer> {
  const teams = await db
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
  return ok({
    teams: teams.map((t) => ({
      id: t.remoteId,
      name: t.name,
      color: COLOR,
      avatar: null,
      members: [{ user: { ...userRecord(account), role: 1, custom_role: null } }],
    })),
  });
}

/** GET /team/:team_id/space */
export async function getSpaces(ctx: ClickUpContext, request: ClickUpRequest): Promise<ClickUpAnswer> {
  const read = await readTarget(ctx, request, {
    params: GetSpacesParams,
    query: GetSpacesQuery,
    kind: 'team',
    notFound: clickupError(401, 'Team not authorized', 'OAUTH_023'),
  });
  if (isReadError(read)) return read;
  const spaces =
    read.query.archived === 'true' ? [] : await childrenOf(ctx.db, 'clickup', read.target.remoteId, 'space');
  return ok({ spaces: spaces.map(spaceRecord) });
}

/** POST /space/:space_id/folder */
export async function createFolder(ctx: ClickUpContext, request: ClickUpRequest): Promise<ClickUpAnswer> {
  const params = parse(CreateFolderParams, request.params, 'Request');
  if (!params.ok) return params.error;
  const body = parse(CreateFolderBody, request.body, 'Folder');
  if (!body.ok) return body.error;
  if (body.data.name.trim() === '') return clickupError(400, 'Folder name invalid', 'INPUT_005');
  const space = await owned(ctx, params.data.space_id, 'space', clickupError(404, 'Space not found', 'ITEM_015'));
  if (isError(space)) return space;
  const siblings = await childrenOf(ctx.db, 'clickup', space.remoteId, 'folder');
  const folder = await insertObject(ctx.db, {
    tool: 'clickup',
    kind: 'folder',
    remoteId: numericId(11),
    accountId: ctx.account.id,
    parentId: space.remoteId,
    name: body.data.name,
    data: { space: space.remoteId },
  });
  return ok(folderRecord(folder, space, siblings.length));
}

/** POST /folder/:folder_id/list */
export async function createList(ctx: ClickUpContext, request: ClickUpRequest): Promise<ClickUpAnswer> {
  const params = parse(CreateListParams, request.params, 'Request');
  if (!params.ok) return params.error;
  const body = parse(CreateListBody, request.body, 'List');
  if (!body.ok) return body.error;
  if (body.data.name.trim() === '') return clickupError(400, 'List name invalid', 'INPUT_005');
  const folder = await owned(ctx, params.data.folder_id, 'folder', clickupError(404, 'Folder not found', 'ITEM_014'));
  if (isError(folder)) return folder;
  const space = (await findObject(ctx.db, 'clickup', folder.parentId!))!;
  const siblings = await childrenOf(ctx.db, 'clickup', folder.remoteId, 'list');
  const content = body.data.content ?? body.data.markdown_content ?? '';
  const list = await insertObject(ctx.db, {
    tool: 'clickup',
    kind: 'list',
    remoteId: numericId(12),
    accountId: ctx.account.id,
    parentId: folder.remoteId,
    name: body.data.name,
    data: {
      content,
      folder: folder.remoteId,
      space: space.remoteId,
      due_date: body.data.due_date === undefined ? null : String(body.data.due_date),
    },
  });
  return ok(listRecord(list, folder, space, siblings.length));
}

/** GET /space/:space_id/folder: each folder with its lists. */
export async function getFolders(ctx: ClickUpContext, request: ClickUpRequest): Promise<ClickUpAnswer> {
  const read = await readTarget(ctx, request, {
    params: CreateFolderParams,
    query: GetSpacesQuery,
    kind: 'space',
    notFound: clickupError(404, 'Space not found', 'ITEM_015'),
  });
  if (isReadError(read)) return read;
  const space = read.target;
  const folders = read.query.archived === 'true' ? [] : await childrenOf(ctx.db, 'clickup', space.remoteId, 'folder');
  const records = [];
  for (const [i, folder] of folders.entries()) {
    records.push(folderRecord(folder, space, i, await childrenOf(ctx.db, 'clickup', folder.remoteId, 'list')));
  }
  return ok({ folders: records });
}

/** GET /folder/:folder_id/list */
export async function getLists(ctx: ClickUpContext, request: ClickUpRequest): Promise<ClickUpAnswer> {
  const read = await readTarget(ctx, request, {
    params: CreateListParams,
    query: GetSpacesQuery,
    kind: 'folder',
    notFound: clickupError(404, 'Folder not found', 'ITEM_014'),
  });
  if (isReadError(read)) return read;
  const folder = read.target;
  const space = (await findObject(ctx.db, 'clickup', folder.parentId!))!;
  const lists = read.query.archived === 'true' ? [] : await childrenOf(ctx.db, 'clickup', folder.remoteId, 'list');
  return ok({ lists: lists.map((list, i) => listRecord(list, folder, space, i)) });
}

/** Where a list is: its folder, space and Workspace (team), as a task record names them. */
async function placeOf(db: Database, list: SandboxObject) {
  const folder = (await findObject(db, 'clickup', String(list.data.folder)))!;
  const space = (await findObject(db, 'clickup', String(list.data.space)))!;
  const team = (await findObject(db, 'clickup', space.parentId!))!;
  return { folder, space, team };
}

/** GET /list/:list_id/task */
export async function getTasks(ctx: ClickUpContext, request: ClickUpRequest): Promise<ClickUpAnswer> {
  const read = await readTarget(ctx, request, {
    params: CreateTaskParams,
    query: GetTasksQuery,
    kind: 'list',
    notFound: clickupError(404, 'List not found', 'ITEM_013'),
  });
  if (isReadError(read)) return read;
  const { db, account, publicUrl } = ctx;
  const { query, target: list } = read;
  const { folder, space, team } = await placeOf(db, list);
  // Top-level tasks in order, each followed by its subtasks when asked for (ClickUp pages 100 at a time).
  const records: ReturnType<typeof taskRecord>[] = [];
  const add = async (parentId: string, depth: number) => {
    const children = await childrenOf(db, 'clickup', parentId, 'task');
    for (const [index, task] of children.entries()) {
      const record = taskRecord({ task, list, folder, space, team, account, index, publicUrl });
      // ClickUp leaves closed tasks out unless asked for them.
      if (record.status.type !== 'closed' || query.include_closed === 'true') records.push(record);
      if (query.subtasks === 'true' && depth < 8) await add(task.remoteId, depth + 1);
    }
  };
  if (query.archived !== 'true') await add(list.remoteId, 0);
  const page = query.page ?? 0;
  const tasks = records.slice(page * TASKS_PER_PAGE, (page + 1) * TASKS_PER_PAGE);
  return ok({ tasks, last_page: (page + 1) * TASKS_PER_PAGE >= records.length });
}

/** PUT /task/:task_id: a task's name, description, due date or status (one of its list's statuses). */
export async function updateTask(ctx: ClickUpContext, request: ClickUpRequest): Promise<ClickUpAnswer> {
  const { db, account, publicUrl } = ctx;
  const params = parse(UpdateTaskParams, request.params, 'Request');
  if (!params.ok) return params.error;
  const body = parse(UpdateTaskBody, request.body, 'Task');
  if (!body.ok) return body.error;
  const task = await owned(ctx, params.data.task_id, 'task', clickupError(404, 'Task not found', 'ITEM_015'));
  if (isError(task)) return task;
  const input = body.data;
  if (input.name !== undefined && input.name.trim() === '') return clickupError(400, 'Task name invalid', 'INPUT_005');
  const status = input.status === undefined ? undefined : STATUSES.find((s) => s.status === input.status);
  if (input.status !== undefined && !status) return clickupError(400, 'Status does not exist', 'CRTSK_001');
  const data: Record<string, unknown> = status ? withStatus(task.data, status) : { ...task.data };
  if (input.description !== undefined) data.description = input.description;
  if (input.due_date !== undefined) data.due_date = input.due_date === null ? null : String(input.due_date);
  const name = input.name ?? task.name;
  await db
    .update(sandboxObjects)
    .set({ name, data })
    .where(and(eq(sandboxObjects.tool, 'clickup'), eq(sandboxObjects.remoteId, task.remoteId)));
  const list = (await findObject(db, 'clickup', String(data.list)))!;
  const { folder, space, team } = await placeOf(db, list);
  const siblings = await childrenOf(db, 'clickup', task.parentId!, 'task');
  const index = siblings.findIndex((s) => s.remoteId === task.remoteId);
  const updated = { ...task, name, data };
  return ok(taskRecord({ task: updated, list, folder, space, team, account, index, publicUrl }));
}

/** POST /list/:list_id/task: a task, or a subtask with `parent`. */
export async function createTask(ctx: ClickUpContext, request: ClickUpRequest): Promise<ClickUpAnswer> {
  const { db, account, publicUrl } = ctx;
  const params = parse(CreateTaskParams, request.params, 'Request');
  if (!params.ok) return params.error;
  const query = parse(CreateTaskQuery, request.query, 'Request');
  if (!query.ok) return query.error;
  const body = parse(CreateTaskBody, request.body, 'Task');
  if (!body.ok) return body.error;
  const input = body.data;
  if (input.name.trim() === '') return clickupError(400, 'Task name invalid', 'INPUT_005');
  const list = await owned(ctx, params.data.list_id, 'list', clickupError(404, 'List not found', 'ITEM_013'));
  if (isError(list)) return list;
  let parent: SandboxObject | undefined;
  if (input.parent) {
    const found = await owned(ctx, input.parent, 'task', clickupError(404, 'Parent task not found', 'ITEM_016'));
    if (isError(found)) return found;
    // ClickUp: "The parent task ID you include can be a subtask, but must be in the same List".
    if (found.data.list !== list.remoteId) return clickupError(400, 'Parent task must be in the same list', 'ITEM_155');
    parent = found;
  }
  if (input.custom_item_id !== undefined && input.custom_item_id !== null && !TASK_TYPES.has(input.custom_item_id)) {
    return clickupError(400, 'Custom item type not found', 'CUSTOM_ITEM_001');
  }
  const { folder, space, team } = await placeOf(db, list);
  const siblings = await childrenOf(db, 'clickup', parent?.remoteId ?? list.remoteId, 'task');
  const description = input.description ?? input.markdown_content ?? '';
  const task = await insertObject(db, {
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
      start_date_time: input.start_date_time ?? false,
      priority: PRIORITIES.find((p) => Number(p.id) === input.priority)?.priority ?? null,
      points: input.points ?? null,
      time_estimate: input.time_estimate ?? null,
      custom_item_id: input.custom_item_id ?? 0,
      list: list.remoteId,
      parent: parent?.remoteId ?? null,
      top_level_parent: parent ? (parent.data.parent ?? parent.remoteId) : null,
    },
  });
  return ok(taskRecord({ task, list, folder, space, team, account, index: siblings.length, publicUrl }));
}

/** DELETE /folder/:folder_id: the folder with its lists and their tasks; ClickUp answers an empty object. */
export async function deleteFolder(ctx: ClickUpContext, request: ClickUpRequest): Promise<ClickUpAnswer> {
  const params = parse(CreateListParams, request.params, 'Request');
  if (!params.ok) return params.error;
  const folder = await owned(ctx, params.data.folder_id, 'folder', clickupError(404, 'Folder not found', 'ITEM_014'));
  if (isError(folder)) return folder;
  await deleteWithDescendants(ctx.db, 'clickup', folder.remoteId);
  return ok({});
}

/** A task of the caller's, with its list's place, for its record; or ClickUp's error. */
async function taskWithPlace(ctx: ClickUpContext, taskId: string) {
  const task = await owned(ctx, taskId, 'task', clickupError(404, 'Task not found', 'ITEM_015'));
  if (isError(task)) return task;
  const list = (await findObject(ctx.db, 'clickup', String(task.data.list)))!;
  const siblings = await childrenOf(ctx.db, 'clickup', task.parentId!, 'task');
  return {
    task,
    list,
    index: siblings.findIndex((s) => s.remoteId === task.remoteId),
    ...(await placeOf(ctx.db, list)),
  };
}

/** GET /task/:task_id: one task's record, with the links it takes part in. */
export async function getTask(ctx: ClickUpContext, request: ClickUpRequest): Promise<ClickUpAnswer> {
  const params = parse(TaskParams, request.params, 'Request');
  if (!params.ok) return params.error;
  const query = parse(TaskQuery, request.query, 'Request');
  if (!query.ok) return query.error;
  const found = await taskWithPlace(ctx, params.data.task_id);
  if ('body' in found) return found;
  return ok(taskRecord({ ...found, account: ctx.account, publicUrl: ctx.publicUrl }));
}

/**
 * POST /task/:task_id/dependency: `task_id` waits on `depends_on` (or `dependency_of` waits on `task_id`). Both must be
 * tasks of the caller's, and different. ClickUp does not document what it answers to a link it holds already: the
 * sandbox refuses one (400), so a sending that sends a link twice is seen; the words are the sandbox's. ClickUp
 * answers an empty object.
 */
export async function addDependency(ctx: ClickUpContext, request: ClickUpRequest): Promise<ClickUpAnswer> {
  const params = parse(TaskParams, request.params, 'Request');
  if (!params.ok) return params.error;
  const query = parse(TaskQuery, request.query, 'Request');
  if (!query.ok) return query.error;
  const body = parse(AddDependencyBody, request.body, 'Request');
  if (!body.ok) return body.error;
  const task = await owned(ctx, params.data.task_id, 'task', clickupError(404, 'Task not found', 'ITEM_015'));
  if (isError(task)) return task;
  const otherId = (body.data.depends_on ?? body.data.dependency_of)!;
  const other = await owned(ctx, otherId, 'task', clickupError(404, 'Dependency task not found', 'ITEM_015'));
  if (isError(other)) return other;
  if (other.remoteId === task.remoteId) return clickupError(400, 'A task cannot depend on itself', 'DEP_001');
  const [waiting, on] = body.data.depends_on !== undefined ? [task, other] : [other, task];
  if (dependenciesOf(waiting).some((d) => d.task_id === waiting.remoteId && d.depends_on === on.remoteId)) {
    return clickupError(400, 'Dependency already exists', 'DEP_002');
  }
  const link: StoredDependency = {
    task_id: waiting.remoteId,
    depends_on: on.remoteId,
    type: 1,
    date_created: String(Date.now()),
    userid: ctx.account.remoteId,
  };
  // Each task read again before its write: the two may be one row's neighbours in a burst of links.
  for (const o of [waiting, on]) {
    const fresh = (await findObject(ctx.db, 'clickup', o.remoteId))!;
    await ctx.db
      .update(sandboxObjects)
      .set({ data: { ...fresh.data, dependencies: [...dependenciesOf(fresh), link] } })
      .where(eq(sandboxObjects.id, fresh.id));
  }
  return ok({});
}
