import type { UploadPlan } from '../../adapters/task-tools/task-tool.port';
import type { TemplatePlan } from '../templates';

/** YYYY-MM-DD plus a number of days, in UTC. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A template's plan as the adapters upload it. Keys name each item by its position (s0, s0.t1,
 * s0.t1.st2): the upload ledger records remote ids under them, so they must stay stable for one job.
 */
export function toUploadPlan(
  source: { key: string; name: string; description: string; plan: TemplatePlan },
  startDate: string,
): UploadPlan {
  return {
    key: source.key,
    name: source.name,
    description: source.description,
    sections: source.plan.sections.map((section, i) => ({
      key: `s${i}`,
      name: section.name,
      description: section.description,
      tasks: section.tasks.map((task, j) => ({
        key: `s${i}.t${j}`,
        name: task.name,
        description: task.description,
        dueOn: addDays(startDate, task.due_in_days),
        subtasks: task.subtasks.map((subtask, k) => ({
          key: `s${i}.t${j}.st${k}`,
          name: subtask.name,
          description: subtask.description,
        })),
      })),
    })),
  };
}

/** How many objects an upload creates: the project, sections, tasks and subtasks. */
export function countItems(plan: UploadPlan): number {
  return (
    1 + plan.sections.reduce((sum, s) => sum + 1 + s.tasks.reduce((inner, t) => inner + 1 + t.subtasks.length, 0), 0)
  );
}
