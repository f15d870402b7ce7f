import { eq } from 'drizzle-orm';
import { sandboxObjects } from '../sandbox.tables';
import type { Account, SandboxObject } from '../sandbox-store';
import type { TaskDone } from '../sandbox-tree';

/**
 * The simulator's objects as ClickUp API v2 answers them (users, Spaces, Folders, Lists, tasks), with the statuses
 * and priorities a sandbox Workspace has.
 */

/**
 * One link between two tasks, as ClickUp's task record lists it among `dependencies`: `task_id` waits on
 * `depends_on` (type 1, "waiting on"). Both tasks keep it, so each one's record shows the links it takes part in.
 */
export interface StoredDependency {
  task_id: string;
  depends_on: string;
  type: number;
  date_created: string;
  userid: string;
}
export const dependenciesOf = (task: SandboxObject) => (task.data.dependencies as StoredDependency[] | undefined) ?? [];

export const COLOR = '#7b68ee';

export const STATUSES = [
  { id: 'p_open', status: 'to do', type: 'open', orderindex: 0, color: '#87909e' },
  { id: 'p_closed', status: 'complete', type: 'closed', orderindex: 1, color: '#008844' },
];

/** ClickUp's task priorities: 1 to 4, answered as objects with the priority's name and colour. */
export const PRIORITIES = [
  { id: '1', priority: 'urgent', color: '#f50000', orderindex: '1' },
  { id: '2', priority: 'high', color: '#f8ae00', orderindex: '2' },
  { id: '3', priority: 'normal', color: '#6fddff', orderindex: '3' },
  { id: '4', priority: 'low', color: '#d8d8d8', orderindex: '4' },
];

/** A task's priority as ClickUp answers it: the object of the priority it was given (kept by name), or null. */
export const priorityOf = (task: SandboxObject) => PRIORITIES.find((p) => p.priority === task.data.priority) ?? null;

/** A task's status as ClickUp answers it: the list's "to do" until set to another of the list's statuses. */
export function statusOf(task: SandboxObject) {
  const found = STATUSES.find((s) => s.status === task.data.status) ?? STATUSES[0]!;
  return { status: found.status, color: found.color, type: found.type, orderindex: found.orderindex };
}

/** A task's data in a status: a closed one records when it was closed, until it is opened again. */
export const withStatus = (data: Record<string, unknown>, status: (typeof STATUSES)[number]) => ({
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

export const userRecord = (a: Account) => ({
  id: Number(a.remoteId),
  username: a.name,
  email: a.email,
  color: COLOR,
  profilePicture: null,
  initials: initials(a.name),
});

export function spaceRecord(space: SandboxObject) {
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

export function folderRecord(folder: SandboxObject, space: SandboxObject, index: number, lists: SandboxObject[] = []) {
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

export function listRecord(list: SandboxObject, folder: SandboxObject, space: SandboxObject, index: number) {
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

export function taskRecord({ task, list, folder, space, team, account, index, publicUrl }: TaskContext) {
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
