import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { escapeHtml } from '../../../lib/escape-html';
import { sandboxObjects } from '../sandbox.tables';
import { type Account, childrenOf, type Executor, findObject, type SandboxObject } from '../sandbox-store';

/**
 * The simulator's objects as Asana's API answers them (users, workspaces, projects, sections, tasks), whole or only
 * the fields asked for with opt_fields, and its listings page by page.
 */

/** A project's page in the simulator, at the path of Asana's own project addresses. */
export const ASANA_PROJECT_PATH = '/0/:id/list';
const asanaProjectUrl = (publicUrl: string, gid: string) =>
  `${publicUrl}/sandbox/asana${ASANA_PROJECT_PATH.replace(':id', encodeURIComponent(gid))}`;

/** A task's links as the sandbox keeps them: the gids it waits on, and the gids waiting on it. */
export const linksOf = (task: SandboxObject) => ({
  dependencies: (task.data.dependencies as string[] | undefined) ?? [],
  dependents: (task.data.dependents as string[] | undefined) ?? [],
});
/** What a task's record says it is: a task, or a milestone (createTask's resource_subtype). */
export const subtypeOf = (task: SandboxObject) => (task.data.resource_subtype as string | undefined) ?? 'default_task';

export interface AsanaContext {
  db: Database;
  account: Account;
  publicUrl: string;
}

export const compact = (o: SandboxObject, resourceType: string) => ({
  gid: o.remoteId,
  resource_type: resourceType,
  name: o.name,
});
export const userCompact = (a: Account) => ({ gid: a.remoteId, resource_type: 'user', name: a.name });
const htmlNotes = (notes: string) => `<body>${escapeHtml(notes)}</body>`;

/** Only the fields asked for with opt_fields (plus gid), as Asana does; everything otherwise. */
export function select(record: Record<string, unknown>, optFields: unknown): Record<string, unknown> {
  if (!Array.isArray(optFields) || optFields.length === 0) return record;
  const wanted = new Set(optFields.map((f) => String(f).split('.')[0]!));
  return Object.fromEntries(Object.entries(record).filter(([k]) => k === 'gid' || wanted.has(k)));
}

/** Asana's offset pagination: with `limit`, a page and `next_page` (null on the last page). */
export function paginate<T>(items: T[], query: Record<string, unknown>, path: string, publicUrl: string) {
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

export async function ownObject(ctx: AsanaContext, gid: string, kind: string): Promise<SandboxObject | undefined> {
  const found = await findObject(ctx.db, 'asana', gid);
  return found && found.kind === kind && found.accountId === ctx.account.id ? found : undefined;
}

export async function workspacesOf(db: Executor, account: Account) {
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

export async function projectRecord(ctx: AsanaContext, project: SandboxObject) {
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

export const sectionRecord = (section: SandboxObject, project: SandboxObject) => ({
  gid: section.remoteId,
  resource_type: 'section',
  name: section.name,
  created_at: section.createdAt.toISOString(),
  project: compact(project, 'project'),
  projects: [compact(project, 'project')],
});

export async function taskRecord(ctx: AsanaContext, task: SandboxObject) {
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
export const taskList = (ctx: AsanaContext, tasks: SandboxObject[], optFields: unknown) =>
  optFields
    ? Promise.all(tasks.map(async (t) => select(await taskRecord(ctx, t), optFields)))
    : tasks.map((t) => ({ ...compact(t, 'task'), resource_subtype: subtypeOf(t) }));
