import { and, eq } from 'drizzle-orm';
import { type AsanaAction, asanaNextActions } from '../src/adapters/task-tools/asana';
import type { Database } from '../src/db/client';
import { findJob, type JobRow } from '../src/modules/jobs/jobs.service';
import type { TaskToolName, UploadPlan } from '../src/ports/task-tool.port';
import { sandboxObjects } from '../src/stand-ins/simulators/sandbox.tables';
import { childrenOf } from '../src/stand-ins/simulators/sandbox-store';
import { type Caller, connectSandboxTool, startUpload } from './sandbox-sending';
import { waitFor } from './wait-for';

export { startUpload } from './sandbox-sending';

/** What a simulator holds of an uploaded plan, level by level, in the order it shows them. */
export interface RemotePlan {
  name: string;
  sections: {
    name: string;
    tasks: {
      name: string;
      description: string;
      dueOn: string | null;
      subtasks: { name: string; description: string }[];
    }[];
  }[];
}

/** The kinds of each level in a simulator's tree: project, section, task, subtask. */
const LEVELS: Record<TaskToolName, [string, string, string, string]> = {
  asana: ['project', 'section', 'task', 'task'],
  clickup: ['folder', 'list', 'task', 'task'],
  monday: ['board', 'group', 'item', 'subitem'],
};

type Row = typeof sandboxObjects.$inferSelect;

/**
 * A stored task's or subtask's description and due date, in each tool's own fields (monday: what the
 * simulator keeps of the long-text column of the item's board, or of the subitems board for a subitem, and the
 * item's due-date column).
 */
function details(tool: TaskToolName, row: Row): { description: string; dueOn: string | null } {
  const data = row.data as Record<string, unknown>;
  if (tool === 'asana') return { description: String(data.notes ?? ''), dueOn: (data.due_on as string | null) ?? null };
  if (tool === 'clickup') {
    const due = data.due_date ? new Date(Number(data.due_date)).toISOString().slice(0, 10) : null;
    return { description: String(data.description ?? ''), dueOn: due };
  }
  // monday: the value of the board's due-date column the upload adds (plan_due).
  const values = (data.column_values ?? {}) as { plan_due?: { date?: string } | null };
  return { description: String(data.description ?? ''), dueOn: values.plan_due?.date ?? null };
}

/** The projects (Asana projects, ClickUp folders, monday boards) under a place, in creation order. */
export async function remoteProjects(db: Database, tool: TaskToolName, placeId: string) {
  return childrenOf(db, tool, placeId, LEVELS[tool][0]);
}

/** Reads an uploaded project back from the simulator's store. */
export async function remotePlan(db: Database, tool: TaskToolName, projectId: string): Promise<RemotePlan> {
  const [, sectionKind, taskKind, subtaskKind] = LEVELS[tool];
  const [project] = await db
    .select()
    .from(sandboxObjects)
    .where(and(eq(sandboxObjects.tool, tool), eq(sandboxObjects.remoteId, projectId)));
  const sections: RemotePlan['sections'] = [];
  for (const section of await childrenOf(db, tool, projectId, sectionKind)) {
    const tasks = [];
    for (const task of await childrenOf(db, tool, section.remoteId, taskKind)) {
      const subtasks = (await childrenOf(db, tool, task.remoteId, subtaskKind)).map((s) => ({
        name: s.name,
        description: details(tool, s).description,
      }));
      tasks.push({ name: task.name, ...details(tool, task), subtasks });
    }
    sections.push({ name: section.name, tasks });
  }
  return { name: project?.name ?? '', sections };
}

/** The plan as a tool should hold it: every name, description and due date, in order. */
export function expectedRemotePlan(plan: UploadPlan): RemotePlan {
  return {
    name: plan.name,
    sections: plan.sections.map((s) => ({
      name: s.name,
      tasks: s.tasks.map((t) => ({
        name: t.name,
        description: t.description,
        dueOn: t.dueOn,
        subtasks: t.subtasks.map((st) => ({ name: st.name, description: st.description })),
      })),
    })),
  };
}

/** Waits until a job has ended (succeeded or failed), as the browser does by polling. */
export function jobEnded(db: Database, jobId: number, timeoutMs = 60_000): Promise<JobRow> {
  return waitFor(
    `job ${jobId} to end`,
    async () => {
      const job = await findJob(db, jobId);
      return job && (job.status === 'succeeded' || job.status === 'failed') ? job : undefined;
    },
    { timeoutMs, intervalMs: 100 },
  );
}

/** The batches an Asana upload of `plan` sends when nothing fails: the adapter's schedule, replayed. */
export function asanaBatchesFor(plan: UploadPlan): { key: string; action: AsanaAction }[][] {
  const known = new Map<string, string>();
  const ledger = { get: (key: string) => known.get(key) };
  const batches: { key: string; action: AsanaAction }[][] = [];
  for (
    let next = asanaNextActions(plan, 'project', ledger);
    next.length > 0;
    next = asanaNextActions(plan, 'project', ledger)
  ) {
    batches.push(next);
    for (const { key } of next) known.set(key, `gid-${key}`);
  }
  return batches;
}

/**
 * Connects `tool`'s simulator for the member (its consent, as the browser gives it) and sends `planId` there, waiting
 * for the upload to end: the job, the connection's handle and the place the project went under.
 */
export async function sendToSandbox(
  app: Caller,
  db: Database,
  who: { auth: Record<string, string>; email: string; clientId: number },
  tool: TaskToolName,
  planId: number | string,
): Promise<{ job: JobRow; handle: string; placeId: string; parentId: string }> {
  const { handle, placeId } = await connectSandboxTool(app, who.auth, tool, who.email);
  const { jobId, parentId } = await startUpload(app, who.auth, tool, {
    handle,
    placeId,
    planId,
    clientId: who.clientId,
  });
  return { job: await jobEnded(db, jobId), handle, placeId, parentId };
}
