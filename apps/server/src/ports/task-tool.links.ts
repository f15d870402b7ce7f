import { UPLOAD_MESSAGES } from '@dpp/shared';
import type { UploadLedger, UploadPlan, UploadSkip, UploadTask } from './task-tool.port';

/**
 * The finish-to-start links of a plan as the tools receive them (ADR 0046): `task` waits on `on`, both tasks of the
 * plan. `key` names the link in the upload ledger, so that a retried or resumed sending never sends it twice.
 */
export interface PlanLink {
  key: string;
  task: UploadTask;
  on: UploadTask;
}

/** A link whose two tasks the tool holds: their ids there, and what the ledger records once the tool took it. */
export interface ReadyLink extends PlanLink {
  taskId: string;
  onId: string;
  remoteId: string;
}

/** The ledger key of a link: the waiting task's key, then the key of the task it waits on. */
export const linkKey = (task: string, on: string) => `${task}<${on}`;

/**
 * A plan's links, in plan order, each once; and the ones no tool can receive, each told for its task: a link to a
 * task that is not in the plan (a stored copy may name one deleted since) or to the task itself.
 */
export function planLinks(plan: UploadPlan): { links: PlanLink[]; skipped: UploadSkip[] } {
  const tasks = plan.sections.flatMap((s) => s.tasks);
  const byId = new Map(tasks.flatMap((t) => (t.sourceId === undefined ? [] : [[t.sourceId, t] as const])));
  const links: PlanLink[] = [];
  const skipped: UploadSkip[] = [];
  for (const task of tasks) {
    const seen = new Set<string>();
    for (const id of task.dependsOn ?? []) {
      if (seen.has(id)) continue;
      seen.add(id);
      const on = byId.get(id);
      if (!on) skipped.push({ task: task.name, message: UPLOAD_MESSAGES.LINK_TO_UNKNOWN_TASK(task.name) });
      else if (on === task) skipped.push({ task: task.name, message: UPLOAD_MESSAGES.LINK_TO_ITSELF(task.name) });
      else links.push({ key: linkKey(task.key, on.key), task, on });
    }
  }
  return { links, skipped };
}

/**
 * The links a tool that keeps at most `limit` links on a task (its dependencies and dependents together, as Asana
 * counts them) can take, in plan order; the rest are told. Decided from the whole plan, whatever the ledger holds, so
 * that every run of one sending keeps the same links.
 */
export function linksWithin(
  links: PlanLink[],
  limit: number,
  tool: string,
): { links: PlanLink[]; skipped: UploadSkip[] } {
  const count = new Map<string, number>();
  const kept: PlanLink[] = [];
  const skipped: UploadSkip[] = [];
  for (const link of links) {
    const a = count.get(link.task.key) ?? 0;
    const b = count.get(link.on.key) ?? 0;
    if (a >= limit || b >= limit) {
      skipped.push({
        task: link.task.name,
        message: UPLOAD_MESSAGES.LINK_OVER_TOOL_LIMIT(link.task.name, link.on.name, tool, limit),
      });
      continue;
    }
    count.set(link.task.key, a + 1);
    count.set(link.on.key, b + 1);
    kept.push(link);
  }
  return { links: kept, skipped };
}

/**
 * Of these links, the ones still to send: not recorded by an earlier run, and with both tasks created in the tool. A
 * link one of whose tasks the tool does not hold is told, not sent.
 */
export function pendingLinks(
  links: PlanLink[],
  ledger: Pick<UploadLedger, 'get'>,
  tool: string,
): { ready: ReadyLink[]; skipped: UploadSkip[] } {
  const ready: ReadyLink[] = [];
  const skipped: UploadSkip[] = [];
  for (const link of links) {
    if (ledger.get(link.key)) continue;
    const taskId = ledger.get(link.task.key);
    const onId = ledger.get(link.on.key);
    if (!taskId || !onId) {
      skipped.push({
        task: link.task.name,
        message: UPLOAD_MESSAGES.LINK_TASK_NOT_CREATED(link.task.name, link.on.name, tool),
      });
      continue;
    }
    ready.push({ ...link, taskId, onId, remoteId: linkKey(taskId, onId) });
  }
  return { ready, skipped };
}

/**
 * What a tool receives of the plan's links in this run: the links it can hold (at most `perTask` on a task, where it
 * has such a limit), the ones of those still to send, and every link it will not receive, told for its task.
 */
export function linksToSend(
  plan: UploadPlan,
  ledger: Pick<UploadLedger, 'get'>,
  tool: string,
  perTask = Number.POSITIVE_INFINITY,
): { links: PlanLink[]; ready: ReadyLink[]; skipped: UploadSkip[] } {
  const planned = planLinks(plan);
  const within = linksWithin(planned.links, perTask, tool);
  const pending = pendingLinks(within.links, ledger, tool);
  return {
    links: within.links,
    ready: pending.ready,
    skipped: [...planned.skipped, ...within.skipped, ...pending.skipped],
  };
}

/** Links grouped by their waiting task, in plan order: tools that take a task's links in one call. */
export function byWaitingTask<L extends PlanLink>(links: L[]): { task: UploadTask; links: L[] }[] {
  const groups = new Map<string, { task: UploadTask; links: L[] }>();
  for (const link of links) {
    const group = groups.get(link.task.key) ?? { task: link.task, links: [] };
    group.links.push(link);
    groups.set(link.task.key, group);
  }
  return [...groups.values()];
}
