import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { escapeHtml } from '../../../lib/escape-html';
import { type ContractIssue, openApiContract, readOpenApiFile } from '../../../lib/openapi-contract';
import { contractFile } from '../contract-file';
import { sandboxObjects } from '../sandbox.tables';
import {
  type Account,
  childrenOf,
  deleteWithDescendants,
  type Executor,
  findObject,
  insertObject,
  numericId,
  positionBeside,
  type SandboxObject,
} from '../sandbox-store';
import type { TaskDone } from '../sandbox-tree';

/** The operations the simulator serves, by Asana's operationId. */
const ASANA_OPERATIONS = [
  'getUser',
  'getWorkspaces',
  'getTeamsForWorkspace',
  'getProjectsForTeam',
  'getProject',
  'createProject',
  'createSectionForProject',
  'createTask',
  'createSubtaskForTask',
  'createBatchRequest',
  'getSectionsForProject',
  'getTasksForSection',
  'getSubtasksForTask',
  'getTasksForProject',
  'updateTask',
  'deleteProject',
  'addDependenciesForTask',
  'getDependenciesForTask',
] as const;
type OperationId = (typeof ASANA_OPERATIONS)[number];

/** Parsed once, on the first API call, and shared by every app in the process. */
export const asanaContract = openApiContract({
  load: readOpenApiFile(contractFile('asana/asana_oas.yaml')),
  operationIds: ASANA_OPERATIONS,
});

export const ASANA_BATCH_MAX_ACTIONS = 10;

/** A project's page in the simulator, at the path of Asana's own project addresses. */
export const ASANA_PROJECT_PATH = '/0/:id/list';
const asanaProjectUrl = (publicUrl: string, gid: string) =>
  `${publicUrl}/sandbox/asana${ASANA_PROJECT_PATH.replace(':id', encodeURIComponent(gid))}`;
const ASANA_HELP =
  'For more information on API status codes and how to handle them, read the docs on errors: https://developers.asana.com/docs/errors';

interface AsanaResult {
  status: number;
  body: unknown;
}

export const asanaError = (status: number, ...messages: string[]): AsanaResult => ({
  status,
  body: { errors: messages.map((message) => ({ message, help: ASANA_HELP })) },
});

const ROUTES: { op: OperationId; method: string; pattern: RegExp; params: string[] }[] = [
  { op: 'getUser', method: 'GET', pattern: /^\/users\/([^/]+)$/, params: ['user_gid'] },
  { op: 'getWorkspaces', method: 'GET', pattern: /^\/workspaces$/, params: [] },
  {
    op: 'getTeamsForWorkspace',
    method: 'GET',
    pattern: /^\/workspaces\/([^/]+)\/teams$/,
    params: ['workspace_gid'],
  },
  { op: 'getProjectsForTeam', method: 'GET', pattern: /^\/teams\/([^/]+)\/projects$/, params: ['team_gid'] },
  { op: 'getProject', method: 'GET', pattern: /^\/projects\/([^/]+)$/, params: ['project_gid'] },
  { op: 'createProject', method: 'POST', pattern: /^\/projects$/, params: [] },
  {
    op: 'createSectionForProject',
    method: 'POST',
    pattern: /^\/projects\/([^/]+)\/sections$/,
    params: ['project_gid'],
  },
  { op: 'createTask', method: 'POST', pattern: /^\/tasks$/, params: [] },
  { op: 'createSubtaskForTask', method: 'POST', pattern: /^\/tasks\/([^/]+)\/subtasks$/, params: ['task_gid'] },
  { op: 'createBatchRequest', method: 'POST', pattern: /^\/batch$/, params: [] },
  {
    op: 'getSectionsForProject',
    method: 'GET',
    pattern: /^\/projects\/([^/]+)\/sections$/,
    params: ['project_gid'],
  },
  { op: 'getTasksForSection', method: 'GET', pattern: /^\/sections\/([^/]+)\/tasks$/, params: ['section_gid'] },
  { op: 'getSubtasksForTask', method: 'GET', pattern: /^\/tasks\/([^/]+)\/subtasks$/, params: ['task_gid'] },
  { op: 'getTasksForProject', method: 'GET', pattern: /^\/projects\/([^/]+)\/tasks$/, params: ['project_gid'] },
  { op: 'updateTask', method: 'PUT', pattern: /^\/tasks\/([^/]+)$/, params: ['task_gid'] },
  { op: 'deleteProject', method: 'DELETE', pattern: /^\/projects\/([^/]+)$/, params: ['project_gid'] },
  {
    op: 'addDependenciesForTask',
    method: 'POST',
    pattern: /^\/tasks\/([^/]+)\/addDependencies$/,
    params: ['task_gid'],
  },
  {
    op: 'getDependenciesForTask',
    method: 'GET',
    pattern: /^\/tasks\/([^/]+)\/dependencies$/,
    params: ['task_gid'],
  },
];

function matchRoute(method: string, path: string) {
  for (const route of ROUTES) {
    if (route.method !== method.toUpperCase()) continue;
    const m = route.pattern.exec(path);
    if (!m) continue;
    const params = Object.fromEntries(route.params.map((name, i) => [name, decodeURIComponent(m[i + 1]!)]));
    return { op: route.op, params };
  }
  return undefined;
}

/** ajv's findings in Asana's words: "name: Missing input", the field without the `data.` wrapper. */
function issueMessage(issue: ContractIssue): string {
  const field = issue.field.replace(/^data\./, '') || 'data';
  if (issue.keyword === 'required') return `${field}: Missing input`;
  if (issue.keyword === 'format') return `${field}: Invalid value, ${issue.message}`;
  if (issue.keyword === 'enum') return `${field}: Not one of the allowed values`;
  if (issue.keyword === 'type') return `${field}: Invalid value, ${issue.message}`;
  return `${field}: ${issue.message}`;
}

const GID = /^\d{1,20}$/;
/** "A task can have at most 30 dependents and dependencies combined" (addDependenciesForTask). */
export const ASANA_LINKS_PER_TASK = 30;
/** A task's links as the sandbox keeps them: the gids it waits on, and the gids waiting on it. */
const linksOf = (task: SandboxObject) => ({
  dependencies: (task.data.dependencies as string[] | undefined) ?? [],
  dependents: (task.data.dependents as string[] | undefined) ?? [],
});
/** What a task's record says it is: a task, or a milestone (createTask's resource_subtype). */
const subtypeOf = (task: SandboxObject) => (task.data.resource_subtype as string | undefined) ?? 'default_task';

export interface AsanaContext {
  db: Database;
  account: Account;
  publicUrl: string;
}

const compact = (o: SandboxObject, resourceType: string) => ({
  gid: o.remoteId,
  resource_type: resourceType,
  name: o.name,
});
const userCompact = (a: Account) => ({ gid: a.remoteId, resource_type: 'user', name: a.name });
const htmlNotes = (notes: string) => `<body>${escapeHtml(notes)}</body>`;

/** Only the fields asked for with opt_fields (plus gid), as Asana does; everything otherwise. */
function select(record: Record<string, unknown>, optFields: unknown): Record<string, unknown> {
  if (!Array.isArray(optFields) || optFields.length === 0) return record;
  const wanted = new Set(optFields.map((f) => String(f).split('.')[0]!));
  return Object.fromEntries(Object.entries(record).filter(([k]) => k === 'gid' || wanted.has(k)));
}

/** Asana's offset pagination: with `limit`, a page and `next_page` (null on the last page). */
function paginate<T>(items: T[], query: Record<string, unknown>, path: string, publicUrl: string) {
  if (query.limit === undefined) return { data: items };
  const limit = Number(query.limit);
  const start =
    typeof query.offset === 'string' ? Number.parseInt(Buffer.from(query.offset, 'base64url').toString(), 10) || 0 : 0;
  const data = items.slice(start, start + limit);
  if (start + limit >= items.length) return { data, next_page: null };
  const offset = Buffer.from(String(start + limit)).toString('base64url');
  return {
    data,
    next_page: {
      offset,
      path: `${path}?limit=${limit}&offset=${offset}`,
      uri: `${publicUrl}/sandbox/asana/api/1.0${path}?limit=${limit}&offset=${offset}`,
    },
  };
}

async function ownObject(ctx: AsanaContext, gid: string, kind: string): Promise<SandboxObject | undefined> {
  const found = await findObject(ctx.db, 'asana', gid);
  return found && found.kind === kind && found.accountId === ctx.account.id ? found : undefined;
}

async function workspacesOf(db: Executor, account: Account) {
  return db
    .select()
    .from(sandboxObjects)
    .where(
      and(
        eq(sandboxObjects.tool, 'asana'),
        eq(sandboxObjects.accountId, account.id),
        eq(sandboxObjects.kind, 'workspace'),
      ),
    )
    .orderBy(sandboxObjects.id);
}

async function projectRecord(ctx: AsanaContext, project: SandboxObject) {
  const workspace = await findObject(ctx.db, 'asana', String(project.data.workspace));
  const team = project.data.team ? await findObject(ctx.db, 'asana', String(project.data.team)) : undefined;
  const at = project.createdAt.toISOString();
  const notes = String(project.data.notes ?? '');
  return {
    gid: project.remoteId,
    resource_type: 'project',
    name: project.name,
    archived: false,
    color: null,
    icon: 'list',
    created_at: at,
    current_status: null,
    current_status_update: null,
    custom_field_settings: [],
    default_view: 'list',
    due_date: null,
    due_on: null,
    html_notes: htmlNotes(notes),
    members: [userCompact(ctx.account)],
    modified_at: at,
    notes,
    public: true,
    privacy_setting: 'public_to_workspace',
    start_on: null,
    default_access_level: 'editor',
    minimum_access_level_for_customization: 'editor',
    minimum_access_level_for_sharing: 'editor',
    custom_fields: [],
    completed: false,
    completed_at: null,
    completed_by: null,
    followers: [userCompact(ctx.account)],
    owner: userCompact(ctx.account),
    team: team ? compact(team, 'team') : null,
    // Where Asana's own address of a project (app.asana.com/0/<gid>/list) leads in the simulator: its page.
    permalink_url: asanaProjectUrl(ctx.publicUrl, project.remoteId),
    project_brief: null,
    created_from_template: null,
    workspace: workspace ? compact(workspace, 'workspace') : null,
  };
}

const sectionRecord = (section: SandboxObject, project: SandboxObject) => ({
  gid: section.remoteId,
  resource_type: 'section',
  name: section.name,
  created_at: section.createdAt.toISOString(),
  project: compact(project, 'project'),
  projects: [compact(project, 'project')],
});

async function taskRecord(ctx: AsanaContext, task: SandboxObject) {
  const data = task.data as {
    notes?: string;
    due_on?: string | null;
    start_on?: string | null;
    completed_at?: string | null;
    projects?: string[];
    memberships?: { project: string; section?: string }[];
    parent?: string | null;
    workspace: string;
  };
  const lookup = async (gid: string | undefined, type: string) => {
    if (!gid) return null;
    const o = await findObject(ctx.db, 'asana', gid);
    return o ? compact(o, type) : null;
  };
  const projects = (await Promise.all((data.projects ?? []).map((g) => lookup(g, 'project')))).filter(Boolean);
  const links = linksOf(task);
  const linked = async (gids: string[]) => (await Promise.all(gids.map((g) => lookup(g, 'task')))).filter(Boolean);
  const memberships = await Promise.all(
    (data.memberships ?? []).map(async (m) => ({
      project: await lookup(m.project, 'project'),
      section: await lookup(m.section, 'section'),
    })),
  );
  const at = task.createdAt.toISOString();
  const notes = data.notes ?? '';
  const subtasks = await childrenOf(ctx.db, 'asana', task.remoteId, 'task');
  return {
    gid: task.remoteId,
    resource_type: 'task',
    name: task.name,
    resource_subtype: subtypeOf(task),
    created_by: { gid: ctx.account.remoteId, resource_type: 'user' },
    assignee_status: 'upcoming',
    completed: Boolean(data.completed_at),
    completed_at: data.completed_at ?? null,
    completed_by: data.completed_at ? userCompact(ctx.account) : null,
    created_at: at,
    dependencies: await linked(links.dependencies),
    dependents: await linked(links.dependents),
    due_at: null,
    due_on: data.due_on ?? null,
    html_notes: htmlNotes(notes),
    hearted: false,
    hearts: [],
    is_rendered_as_separator: false,
    liked: false,
    likes: [],
    memberships,
    modified_at: at,
    notes,
    num_hearts: 0,
    num_likes: 0,
    num_subtasks: subtasks.length,
    start_at: null,
    start_on: data.start_on ?? null,
    assignee: null,
    assignee_section: null,
    custom_fields: [],
    followers: [userCompact(ctx.account)],
    parent: data.parent ? await lookup(data.parent, 'task') : null,
    projects,
    tags: [],
    workspace: await lookup(data.workspace, 'workspace'),
    permalink_url: `${ctx.publicUrl}/sandbox/asana/#obj-${task.remoteId}`,
  };
}

/** Tasks as a listing answers them: compact records, or the fields asked for with opt_fields. */
const taskList = (ctx: AsanaContext, tasks: SandboxObject[], optFields: unknown) =>
  optFields
    ? Promise.all(tasks.map(async (t) => select(await taskRecord(ctx, t), optFields)))
    : tasks.map((t) => ({ ...compact(t, 'task'), resource_subtype: subtypeOf(t) }));

type Data = Record<string, unknown>;
const dataOf = (body: unknown): Data | undefined => {
  const data = (body as { data?: unknown } | undefined)?.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Data) : undefined;
};

/**
 * A task's start as Asana takes it (TaskBase.start_on): only with `due_on` or `due_at` in the same request, as the
 * contract says, never beside `start_at`, and not after the due day. The texts are the sandbox's: Asana's own
 * are not in the contract.
 */
function startProblem(data: Data): AsanaResult | undefined {
  if (data.start_on === undefined) return undefined;
  if (data.start_at !== undefined && data.start_at !== null && data.start_on !== null) {
    return asanaError(400, 'You may only provide one of start_on or start_at');
  }
  if (data.due_on === undefined && data.due_at === undefined) {
    return asanaError(400, 'start_on: due_on or due_at must be given when setting or unsetting start_on');
  }
  if (typeof data.start_on === 'string' && typeof data.due_on === 'string' && data.start_on > data.due_on) {
    return asanaError(400, 'start_on: The start date cannot be after the due date');
  }
  return undefined;
}

async function createTaskIn(
  ctx: AsanaContext,
  data: Data,
  parent: SandboxObject | undefined,
  optFields: unknown,
): Promise<AsanaResult> {
  if (data.due_on && data.due_at) return asanaError(400, 'You may only provide one of due_on or due_at');
  // "The resource_subtype milestone represent a single moment in time. This means tasks with this subtype cannot
  // have a start_date" (Task, asana_oas.yaml); the words are the sandbox's.
  if (
    data.resource_subtype === 'milestone' &&
    (typeof data.start_on === 'string' || typeof data.start_at === 'string')
  ) {
    return asanaError(400, 'start_on: A milestone cannot have a start date');
  }
  const startRefused = startProblem(data);
  if (startRefused) return startRefused;
  const projectGids = Array.isArray(data.projects) ? data.projects.map(String) : [];
  const memberships: { project: string; section?: string }[] = [];
  if (data.memberships !== undefined) {
    if (!Array.isArray(data.memberships)) return asanaError(400, 'memberships: Invalid value, must be array');
    for (const [i, m] of data.memberships.entries()) {
      const membership = m as { project?: unknown; section?: unknown };
      if (!membership || typeof membership !== 'object' || typeof membership.project !== 'string') {
        return asanaError(400, `memberships[${i}].project: Missing input`);
      }
      if (membership.section !== undefined && typeof membership.section !== 'string') {
        return asanaError(400, `memberships[${i}].section: Invalid value, must be string`);
      }
      memberships.push({ project: membership.project, ...(membership.section && { section: membership.section }) });
    }
  }
  for (const gid of [...projectGids, ...memberships.map((m) => m.project)]) {
    if (!GID.test(gid)) return asanaError(400, `projects: Not a recognized ID: ${gid}`);
    if (!(await ownObject(ctx, gid, 'project'))) return asanaError(404, `project: Unknown object: ${gid}`);
  }
  for (const m of memberships) {
    if (!m.section) continue;
    if (!GID.test(m.section)) return asanaError(400, `section: Not a recognized ID: ${m.section}`);
    const section = await ownObject(ctx, m.section, 'section');
    if (!section) return asanaError(404, `section: Unknown object: ${m.section}`);
    if (section.parentId !== m.project) {
      return asanaError(400, `memberships: section ${m.section} is not in project ${m.project}`);
    }
  }
  const allProjects = [...new Set([...projectGids, ...memberships.map((m) => m.project)])];
  for (const gid of allProjects) {
    if (!memberships.some((m) => m.project === gid)) memberships.push({ project: gid });
  }

  let workspaceGid = typeof data.workspace === 'string' ? data.workspace : undefined;
  if (parent) workspaceGid ??= String(parent.data.workspace);
  if (!workspaceGid && allProjects[0]) {
    workspaceGid = String((await findObject(ctx.db, 'asana', allProjects[0]))!.data.workspace);
  }
  if (!workspaceGid) return asanaError(400, 'workspace: Missing input');
  if (!GID.test(workspaceGid)) return asanaError(400, `workspace: Not a recognized ID: ${workspaceGid}`);
  if (!(await ownObject(ctx, workspaceGid, 'workspace'))) {
    return asanaError(404, `workspace: Unknown object: ${workspaceGid}`);
  }

  const first = memberships[0];
  const treeParent = parent?.remoteId ?? first?.section ?? first?.project ?? workspaceGid;
  const task = await insertObject(ctx.db, {
    tool: 'asana',
    kind: 'task',
    remoteId: numericId(16),
    accountId: ctx.account.id,
    parentId: treeParent,
    name: typeof data.name === 'string' ? data.name : '',
    data: {
      notes: typeof data.notes === 'string' ? data.notes : '',
      due_on: typeof data.due_on === 'string' ? data.due_on : null,
      start_on: typeof data.start_on === 'string' ? data.start_on : null,
      projects: allProjects,
      memberships,
      parent: parent?.remoteId ?? null,
      workspace: workspaceGid,
      ...(typeof data.resource_subtype === 'string' && { resource_subtype: data.resource_subtype }),
    },
  });
  return { status: 201, body: { data: select(await taskRecord(ctx, task), optFields) } };
}

/** A task's data marked done or not: done records when, and keeps that time until the task is reopened. */
const withCompleted = (data: Record<string, unknown>, completed: boolean) => ({
  ...data,
  completed_at: completed ? (data.completed_at ?? new Date().toISOString()) : null,
});

/** Asana's tasks on the sandbox page: a subtask (a task with a parent) is not one; done is `completed`. */
export const asanaTaskDone: TaskDone = {
  isTask: (kind, data) => kind === 'task' && !data.parent,
  isDone: (data) => Boolean(data.completed_at),
  async setDone(db, task, done) {
    await db
      .update(sandboxObjects)
      .set({ data: withCompleted(task.data, done) })
      .where(eq(sandboxObjects.id, task.id));
    return undefined;
  },
};

/**
 * Changes a task as Asana's PUT /tasks/{gid} does for the fields the product and the sandbox page use: its name,
 * notes, due and start dates, and whether it is done (marking it done records when).
 */
async function updateTaskWith(
  ctx: AsanaContext,
  task: SandboxObject,
  data: Data,
  optFields: unknown,
): Promise<AsanaResult> {
  const startRefused = startProblem(data);
  if (startRefused) return startRefused;
  const current = task.data as Record<string, unknown>;
  const next: Record<string, unknown> =
    typeof data.completed === 'boolean' ? withCompleted(current, data.completed) : { ...current };
  if (typeof data.notes === 'string') next.notes = data.notes;
  if (data.due_on === null || typeof data.due_on === 'string') next.due_on = data.due_on;
  if (data.start_on === null || typeof data.start_on === 'string') next.start_on = data.start_on;
  const name = typeof data.name === 'string' ? data.name : task.name;
  await ctx.db
    .update(sandboxObjects)
    .set({ name, data: next })
    .where(and(eq(sandboxObjects.tool, 'asana'), eq(sandboxObjects.remoteId, task.remoteId)));
  const updated = { ...task, name, data: next };
  return { status: 200, body: { data: select(await taskRecord(ctx, updated), optFields) } };
}

/** Where a new section goes: after or before an existing section of the project, or at the end. */
async function sectionPlacement(
  ctx: AsanaContext,
  project: SandboxObject,
  data: Record<string, unknown>,
): Promise<{ position?: number } | AsanaResult> {
  const before = data.insert_before;
  const after = data.insert_after;
  if (before !== undefined && after !== undefined) {
    return asanaError(400, 'insert_before, insert_after: Cannot be provided together');
  }
  const anchorGid = after ?? before;
  if (anchorGid === undefined) return {};
  const field = after !== undefined ? 'insert_after' : 'insert_before';
  const sections = await childrenOf(ctx.db, 'asana', project.remoteId, 'section');
  const anchor = sections.find((o) => o.remoteId === anchorGid);
  if (!anchor) return asanaError(400, `${field}: ${String(anchorGid)} is not a section in project ${project.remoteId}`);
  return { position: positionBeside(sections, anchor, after !== undefined ? 'after' : 'before') };
}

/** One Asana API call, after authentication and rate limiting: from HTTP, or one action of a batch. */
export async function asanaCall(
  ctx: AsanaContext,
  method: string,
  path: string,
  query: Record<string, unknown>,
  body: unknown,
  inBatch = false,
): Promise<AsanaResult> {
  const route = matchRoute(method, path);
  if (!route) return asanaError(404, 'No matching route for request');
  if (inBatch && route.op === 'createBatchRequest') return asanaError(400, 'Batch requests cannot be nested');
  const check = asanaContract.checkRequest(route.op, { params: route.params, query, body });
  if (!check.ok) return asanaError(400, ...check.issues.map(issueMessage));
  const optFields = check.query.opt_fields;
  const data = dataOf(body);

  switch (route.op) {
    case 'getUser': {
      const gid = route.params.user_gid!;
      if (gid !== 'me' && gid !== ctx.account.remoteId && gid.toLowerCase() !== ctx.account.email) {
        return GID.test(gid) || gid.includes('@')
          ? asanaError(404, `user: Unknown object: ${gid}`)
          : asanaError(400, `user: Not a recognized ID: ${gid}`);
      }
      const workspaces = await workspacesOf(ctx.db, ctx.account);
      const record = {
        gid: ctx.account.remoteId,
        resource_type: 'user',
        name: ctx.account.name,
        email: ctx.account.email,
        photo: null,
        workspaces: workspaces.map((w) => compact(w, 'workspace')),
        custom_fields: [],
      };
      return { status: 200, body: { data: select(record, optFields) } };
    }
    case 'getWorkspaces': {
      const workspaces = await workspacesOf(ctx.db, ctx.account);
      const records = workspaces.map((w) =>
        select({ ...compact(w, 'workspace'), is_organization: true, email_domains: [] }, optFields),
      );
      const list = optFields ? records : workspaces.map((w) => compact(w, 'workspace'));
      return { status: 200, body: paginate(list, check.query, '/workspaces', ctx.publicUrl) };
    }
    case 'getTeamsForWorkspace': {
      const gid = route.params.workspace_gid!;
      if (!GID.test(gid)) return asanaError(400, `workspace: Not a recognized ID: ${gid}`);
      const workspace = await ownObject(ctx, gid, 'workspace');
      if (!workspace) return asanaError(404, `workspace: Unknown object: ${gid}`);
      const teams = await childrenOf(ctx.db, 'asana', gid, 'team');
      const list = teams.map((t) =>
        optFields
          ? select({ ...compact(t, 'team'), organization: compact(workspace, 'workspace') }, optFields)
          : compact(t, 'team'),
      );
      return { status: 200, body: paginate(list, check.query, `/workspaces/${gid}/teams`, ctx.publicUrl) };
    }
    case 'getProjectsForTeam': {
      const gid = route.params.team_gid!;
      if (!GID.test(gid)) return asanaError(400, `team: Not a recognized ID: ${gid}`);
      if (!(await ownObject(ctx, gid, 'team'))) return asanaError(404, `team: Unknown object: ${gid}`);
      const projects = await childrenOf(ctx.db, 'asana', gid, 'project');
      const list = optFields
        ? await Promise.all(projects.map(async (p) => select(await projectRecord(ctx, p), optFields)))
        : projects.map((p) => compact(p, 'project'));
      return { status: 200, body: paginate(list, check.query, `/teams/${gid}/projects`, ctx.publicUrl) };
    }
    case 'getProject': {
      const gid = route.params.project_gid!;
      if (!GID.test(gid)) return asanaError(400, `project: Not a recognized ID: ${gid}`);
      const project = await ownObject(ctx, gid, 'project');
      if (!project) return asanaError(404, `project: Unknown object: ${gid}`);
      return { status: 200, body: { data: select(await projectRecord(ctx, project), optFields) } };
    }
    case 'createProject': {
      if (!data) return asanaError(400, 'data: Missing input');
      const teamGid = typeof data.team === 'string' ? data.team : undefined;
      let workspaceGid = typeof data.workspace === 'string' ? data.workspace : undefined;
      let team: SandboxObject | undefined;
      if (teamGid) {
        if (!GID.test(teamGid)) return asanaError(400, `team: Not a recognized ID: ${teamGid}`);
        team = await ownObject(ctx, teamGid, 'team');
        if (!team) return asanaError(404, `team: Unknown object: ${teamGid}`);
        if (workspaceGid && team.parentId !== workspaceGid) {
          return asanaError(400, `team: The team ${teamGid} is not in workspace ${workspaceGid}`);
        }
        workspaceGid ??= team.parentId!;
      }
      if (!workspaceGid) return asanaError(400, 'workspace: Missing input');
      if (!GID.test(workspaceGid)) return asanaError(400, `workspace: Not a recognized ID: ${workspaceGid}`);
      const workspace = await ownObject(ctx, workspaceGid, 'workspace');
      if (!workspace) return asanaError(404, `workspace: Unknown object: ${workspaceGid}`);
      // Sandbox workspaces are organizations: a project there needs a team, as in Asana.
      if (!team) return asanaError(400, 'team: Missing input');
      const project = await insertObject(ctx.db, {
        tool: 'asana',
        kind: 'project',
        remoteId: numericId(16),
        accountId: ctx.account.id,
        parentId: team.remoteId,
        name: typeof data.name === 'string' ? data.name : '',
        data: { notes: typeof data.notes === 'string' ? data.notes : '', workspace: workspaceGid, team: team.remoteId },
      });
      return { status: 201, body: { data: select(await projectRecord(ctx, project), optFields) } };
    }
    case 'createSectionForProject': {
      const gid = route.params.project_gid!;
      if (!GID.test(gid)) return asanaError(400, `project: Not a recognized ID: ${gid}`);
      const project = await ownObject(ctx, gid, 'project');
      if (!project) return asanaError(404, `project: Unknown object: ${gid}`);
      if (!data) return asanaError(400, 'data: Missing input');
      const placed = await sectionPlacement(ctx, project, data);
      if ('status' in placed) return placed;
      const section = await insertObject(ctx.db, {
        tool: 'asana',
        kind: 'section',
        remoteId: numericId(16),
        accountId: ctx.account.id,
        parentId: project.remoteId,
        name: String(data.name),
        data: placed,
      });
      return { status: 201, body: { data: select(sectionRecord(section, project), optFields) } };
    }
    case 'createTask': {
      if (!data) return asanaError(400, 'data: Missing input');
      let parent: SandboxObject | undefined;
      if (typeof data.parent === 'string') {
        parent = await ownObject(ctx, data.parent, 'task');
        if (!parent) return asanaError(404, `parent: Unknown object: ${data.parent}`);
      }
      return createTaskIn(ctx, data, parent, optFields);
    }
    case 'createSubtaskForTask': {
      const gid = route.params.task_gid!;
      if (!GID.test(gid)) return asanaError(400, `task: Not a recognized ID: ${gid}`);
      const parent = await ownObject(ctx, gid, 'task');
      if (!parent) return asanaError(404, `task: Unknown object: ${gid}`);
      if (!data) return asanaError(400, 'data: Missing input');
      return createTaskIn(ctx, data, parent, optFields);
    }
    case 'getSectionsForProject': {
      const gid = route.params.project_gid!;
      if (!GID.test(gid)) return asanaError(400, `project: Not a recognized ID: ${gid}`);
      const project = await ownObject(ctx, gid, 'project');
      if (!project) return asanaError(404, `project: Unknown object: ${gid}`);
      const sections = await childrenOf(ctx.db, 'asana', gid, 'section');
      const list = sections.map((section) =>
        optFields ? select(sectionRecord(section, project), optFields) : compact(section, 'section'),
      );
      return { status: 200, body: paginate(list, check.query, `/projects/${gid}/sections`, ctx.publicUrl) };
    }
    case 'getTasksForSection':
    case 'getSubtasksForTask': {
      const [param, kind] = route.op === 'getTasksForSection' ? ['section_gid', 'section'] : ['task_gid', 'task'];
      const gid = route.params[param]!;
      if (!GID.test(gid)) return asanaError(400, `${kind}: Not a recognized ID: ${gid}`);
      if (!(await ownObject(ctx, gid, kind))) return asanaError(404, `${kind}: Unknown object: ${gid}`);
      // A section's tasks and a task's subtasks are the tasks whose tree parent it is, in creation order.
      const tasks = await childrenOf(ctx.db, 'asana', gid, 'task');
      const list = await taskList(ctx, tasks, optFields);
      const path = kind === 'section' ? `/sections/${gid}/tasks` : `/tasks/${gid}/subtasks`;
      return { status: 200, body: paginate(list, check.query, path, ctx.publicUrl) };
    }
    case 'getTasksForProject': {
      const gid = route.params.project_gid!;
      if (!GID.test(gid)) return asanaError(400, `project: Not a recognized ID: ${gid}`);
      if (!(await ownObject(ctx, gid, 'project'))) return asanaError(404, `project: Unknown object: ${gid}`);
      // The project's tasks (not their subtasks), section by section, each in creation order.
      const sections = await childrenOf(ctx.db, 'asana', gid, 'section');
      const tasks = [
        ...(await childrenOf(ctx.db, 'asana', gid, 'task')),
        ...(await Promise.all(sections.map((section) => childrenOf(ctx.db, 'asana', section.remoteId, 'task')))).flat(),
      ];
      const list = await taskList(ctx, tasks, optFields);
      return { status: 200, body: paginate(list, check.query, `/projects/${gid}/tasks`, ctx.publicUrl) };
    }
    case 'updateTask': {
      const gid = route.params.task_gid!;
      if (!GID.test(gid)) return asanaError(400, `task: Not a recognized ID: ${gid}`);
      const task = await ownObject(ctx, gid, 'task');
      if (!task) return asanaError(404, `task: Unknown object: ${gid}`);
      if (!data) return asanaError(400, 'data: Missing input');
      return updateTaskWith(ctx, task, data, optFields);
    }
    case 'deleteProject': {
      // Asana: "A specific, existing project can be deleted … Returns an empty data record." Its sections and tasks
      // go with it here (Asana keeps tasks that are in other projects too; the sandbox's are in one).
      const gid = route.params.project_gid!;
      if (!GID.test(gid)) return asanaError(400, `project: Not a recognized ID: ${gid}`);
      if (!(await ownObject(ctx, gid, 'project'))) return asanaError(404, `project: Unknown object: ${gid}`);
      await deleteWithDescendants(ctx.db, 'asana', gid);
      return { status: 200, body: { data: {} } };
    }
    case 'addDependenciesForTask': {
      const gid = route.params.task_gid!;
      if (!GID.test(gid)) return asanaError(400, `task: Not a recognized ID: ${gid}`);
      const task = await ownObject(ctx, gid, 'task');
      if (!task) return asanaError(404, `task: Unknown object: ${gid}`);
      if (!data || !Array.isArray(data.dependencies)) return asanaError(400, 'dependencies: Missing input');
      return addDependencies(ctx, task, data.dependencies.map(String));
    }
    case 'getDependenciesForTask': {
      const gid = route.params.task_gid!;
      if (!GID.test(gid)) return asanaError(400, `task: Not a recognized ID: ${gid}`);
      const task = await ownObject(ctx, gid, 'task');
      if (!task) return asanaError(404, `task: Unknown object: ${gid}`);
      const found = await Promise.all(linksOf(task).dependencies.map((g) => ownObject(ctx, g, 'task')));
      const list = await taskList(
        ctx,
        found.filter((t): t is SandboxObject => t !== undefined),
        optFields,
      );
      return { status: 200, body: paginate(list, check.query, `/tasks/${gid}/dependencies`, ctx.publicUrl) };
    }
    case 'createBatchRequest':
      // Handled by the route, which counts each action against the rate limit first.
      return asanaError(500, 'Server Error');
  }
}

/**
 * Marks tasks as dependencies of `task`, "if they are not already dependencies" (addDependenciesForTask): a
 * dependency it has already changes nothing. Each must be a task of the account other than `task`, and neither task
 * may end with more than 30 dependents and dependencies combined; otherwise nothing is added. The refusals' words are
 * the sandbox's (the contract gives none).
 */
async function addDependencies(ctx: AsanaContext, task: SandboxObject, gids: string[]): Promise<AsanaResult> {
  const current = linksOf(task);
  const added: SandboxObject[] = [];
  for (const gid of new Set(gids)) {
    if (!GID.test(gid)) return asanaError(400, `dependencies: Not a recognized ID: ${gid}`);
    if (gid === task.remoteId) return asanaError(400, 'dependencies: A task cannot be a dependency of itself');
    const other = await ownObject(ctx, gid, 'task');
    if (!other) return asanaError(404, `dependencies: Unknown object: ${gid}`);
    if (current.dependencies.includes(gid)) continue;
    const theirs = linksOf(other);
    if (theirs.dependencies.length + theirs.dependents.length + 1 > ASANA_LINKS_PER_TASK) {
      return asanaError(
        400,
        `dependencies: Task ${gid} would have more than ${ASANA_LINKS_PER_TASK} dependents and dependencies combined`,
      );
    }
    added.push(other);
  }
  if (current.dependencies.length + current.dependents.length + added.length > ASANA_LINKS_PER_TASK) {
    return asanaError(
      400,
      `dependencies: A task can have at most ${ASANA_LINKS_PER_TASK} dependents and dependencies combined`,
    );
  }
  const save = (o: SandboxObject, data: Record<string, unknown>) =>
    ctx.db
      .update(sandboxObjects)
      .set({ data: { ...o.data, ...data } })
      .where(eq(sandboxObjects.id, o.id));
  await save(task, { dependencies: [...current.dependencies, ...added.map((o) => o.remoteId)] });
  for (const other of added) await save(other, { dependents: [...linksOf(other).dependents, task.remoteId] });
  return { status: 200, body: { data: {} } };
}

interface BatchAction {
  method: string;
  relative_path: string;
  data?: Record<string, unknown>;
  options?: { limit?: number; offset?: string; fields?: string[] };
}

/** Checks a batch request; returns its actions, or the error Asana answers. */
export function batchActions(query: Record<string, unknown>, body: unknown): BatchAction[] | AsanaResult {
  const check = asanaContract.checkRequest('createBatchRequest', { query, body });
  if (!check.ok) return asanaError(400, ...check.issues.map(issueMessage));
  const actions = (dataOf(body)?.actions ?? undefined) as BatchAction[] | undefined;
  if (!actions) return asanaError(400, 'actions: Missing input');
  if (actions.length === 0) return asanaError(400, 'actions: At least one action is required');
  if (actions.length > ASANA_BATCH_MAX_ACTIONS) {
    return asanaError(
      400,
      `actions: Too many actions: ${actions.length}. A batch request may contain at most ${ASANA_BATCH_MAX_ACTIONS} actions.`,
    );
  }
  return actions;
}

/** Runs one action of a batch: its relative path may carry a query string, its options become opt_fields. */
export async function runBatchAction(ctx: AsanaContext, action: BatchAction) {
  const url = new URL(action.relative_path, 'http://batch.invalid');
  if (!action.relative_path.startsWith('/')) {
    return { status_code: 400, headers: {}, body: asanaError(400, 'relative_path: must start with /').body };
  }
  const query: Record<string, unknown> = Object.fromEntries(url.searchParams);
  if (action.options?.fields) query.opt_fields = action.options.fields.join(',');
  if (action.options?.limit !== undefined) query.limit = String(action.options.limit);
  if (action.options?.offset !== undefined) query.offset = action.options.offset;
  const method = action.method.toUpperCase();
  const body = method === 'GET' || method === 'HEAD' || method === 'DELETE' ? undefined : { data: action.data ?? {} };
  const result = await asanaCall(ctx, method, url.pathname, query, body, true);
  return { status_code: result.status, headers: {}, body: result.body };
}
