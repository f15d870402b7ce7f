import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { sandboxObjects } from '../sandbox.tables';
import { alphanumericId, childrenOf, findObject, insertObject, type SandboxObject } from '../sandbox-store';
import {
  AddDependencyBody,
  CreateTaskBody,
  CreateTaskParams,
  CreateTaskQuery,
  clickupError,
  GetTasksQuery,
  TaskParams,
  TaskQuery,
  UpdateTaskBody,
  UpdateTaskParams,
} from './clickup.contract';
import {
  type ClickUpAnswer,
  type ClickUpContext,
  type ClickUpRequest,
  isError,
  isReadError,
  ok,
  owned,
  parse,
  readTarget,
} from './clickup.operation';
import { dependenciesOf, PRIORITIES, STATUSES, type StoredDependency, taskRecord, withStatus } from './clickup.records';

/** The operations on tasks: a List's tasks read, a task created, read and changed, and tasks linked. */

/**
 * The task types a sandbox Workspace has: "All Workspaces will allow a value of 0 which represents task type task. 1
 * represents the task type Milestone" (ClickUp's "Custom Task Types" page); it defines no custom ones.
 */
const TASK_TYPES = new Set([0, 1]);

/** GetTasks answers at most 100 tasks per page. */
const TASKS_PER_PAGE = 100;

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
