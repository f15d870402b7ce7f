import { and, eq } from 'drizzle-orm';
import { sandboxObjects } from '../sandbox.tables';
import { childrenOf, findObject, insertObject, numericId, positionBeside, type SandboxObject } from '../sandbox-store';
import type { TaskDone } from '../sandbox-tree';
import { type AsanaResult, asanaError, type Data, GID } from './asana.contract';
import { type AsanaContext, linksOf, ownObject, select, taskRecord } from './asana.records';

/**
 * What the simulated Asana API checks and stores when it is written to: tasks created, changed, marked done and
 * linked, and sections placed.
 */

/** "A task can have at most 30 dependents and dependencies combined" (addDependenciesForTask). */
export const ASANA_LINKS_PER_TASK = 30;

/**
 * A task's start as Asana takes it (TaskBase.start_on): only with `due_on` or `due_at` in the same request, as the
 * contract says, never beside `start_at`, and not after the due day. The texts are the sandbox's: Asana's own
 * are not in the contract.
 */
export function startProblem(data: Data): AsanaResult | undefined {
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

export async function createTaskIn(
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
export const withCompleted = (data: Record<string, unknown>, completed: boolean) => ({
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
export async function updateTaskWith(
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
export async function sectionPlacement(
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

/**
 * Marks tasks as dependencies of `task`, "if they are not already dependencies" (addDependenciesForTask): a
 * dependency it has already changes nothing. Each must be a task of the account other than `task`, and neither task
 * may end with more than 30 dependents and dependencies combined; otherwise nothing is added. The refusals' words are
 * the sandbox's (the contract gives none).
 */
export async function addDependencies(ctx: AsanaContext, task: SandboxObject, gids: string[]): Promise<AsanaResult> {
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
