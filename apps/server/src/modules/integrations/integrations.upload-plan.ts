import { addDays } from '@dpp/shared';
import type { DatedPlan } from '@dpp/shared/rules/my-plans';
import type { UploadPlan } from '../../adapters/task-tools/task-tool.port';
import type { TemplatePlan } from '../templates';

type PlanTask = TemplatePlan['sections'][number]['tasks'][number] | DatedPlan['sections'][number]['tasks'][number];

/** A task's due date: its own (a dated plan's), or its days after the project's start (a template's). */
const dueOn = (task: PlanTask, startDate: string): string | null =>
  'due_on' in task ? task.due_on : addDays(startDate, task.due_in_days);

/**
 * A template's plan (or a member's dated copy) as the adapters upload it. Keys name each item by its position (s0, s0.t1,
 * s0.t1.st2): the upload ledger records remote ids under them, so they must stay stable for one job.
 */
export function toUploadPlan(
  source: { key: string; name: string; description: string; plan: TemplatePlan | DatedPlan },
  startDate: string,
): UploadPlan {
  return {
    key: source.key,
    name: source.name,
    description: source.description,
    // A union's arrays have no common map signature: read the sections as the wider element type.
    sections: (source.plan.sections as (TemplatePlan | DatedPlan)['sections'][number][]).map((section, i) => ({
      key: `s${i}`,
      name: section.name,
      description: section.description,
      tasks: (section.tasks as PlanTask[]).map((task, j) => ({
        key: `s${i}.t${j}`,
        name: task.name,
        description: task.description,
        dueOn: dueOn(task, startDate),
        // A template's tasks have neither: only a member's copy sets them.
        startOn: 'start_on' in task ? task.start_on : null,
        priority: 'priority' in task ? task.priority : 'none',
        ...('id' in task && task.id !== undefined && { sourceId: task.id }),
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
