import { addDays } from '@dpp/shared';
import type { DatedPlan } from '@dpp/shared/rules/my-plans';
import { planLinks } from '../../ports/task-tool.links';
import type { UploadPlan } from '../../ports/task-tool.port';
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
        // A template's tasks have none of these: only a member's copy sets them. A milestone is a moment, its due
        // day: it has no start of its own (Asana refuses one on a milestone).
        startOn: 'start_on' in task && !('milestone' in task && task.milestone) ? task.start_on : null,
        priority: 'priority' in task ? task.priority : 'none',
        ...('id' in task && task.id !== undefined && { sourceId: task.id }),
        dependsOn: 'depends_on' in task ? (task.depends_on ?? []) : [],
        milestone: 'milestone' in task ? (task.milestone ?? false) : false,
        subtasks: task.subtasks.map((subtask, k) => ({
          key: `s${i}.t${j}.st${k}`,
          name: subtask.name,
          description: subtask.description,
        })),
      })),
    })),
  };
}

/**
 * How many items an upload records: the project, sections, tasks and subtasks it creates, and the links between
 * tasks it sends.
 */
export function countItems(plan: UploadPlan): number {
  return (
    1 +
    plan.sections.reduce((sum, s) => sum + 1 + s.tasks.reduce((inner, t) => inner + 1 + t.subtasks.length, 0), 0) +
    planLinks(plan).links.length
  );
}
