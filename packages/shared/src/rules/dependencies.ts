// Finish-to-start links between the tasks of one plan: a task's `depends_on` names the tasks that must be done
// before it starts. The rules here read any plan-shaped value (a save's body included), so they never trust it:
// every walk is bounded by the tasks and links it holds.

/** A task as the links see it. */
export interface LinkedTask {
  id: string;
  name: string;
  depends_on: readonly string[];
}

interface LinkedPlan {
  sections: readonly { tasks: readonly LinkedTask[] }[];
}

type Path = (string | number)[];

/** What is wrong with a plan's links, and where (the task's `depends_on`, or the plan's sections for the total). */
export type DependencyProblem =
  | { kind: 'self' | 'unknown' | 'twice' | 'too-many'; path: Path }
  /** Tasks that wait on each other in a circle, in the order they wait (each on the next, the last on the first). */
  | { kind: 'circle'; path: Path; names: string[] };

/** Every link of the plan: how many tasks wait on another, counted per link. */
export function countDependencies(plan: LinkedPlan): number {
  return plan.sections.reduce((sum, s) => sum + s.tasks.reduce((n, t) => n + t.depends_on.length, 0), 0);
}

/**
 * The problems of a plan's links: a task waiting on itself, on an id that is no task of the plan (a section, a
 * subtask or nothing), or on the same task twice (the first of these per task); more than `maxLinks` links in all;
 * and the first circle found (tasks that could never start, each waiting on another of them).
 */
export function dependencyProblems(plan: LinkedPlan, maxLinks: number): DependencyProblem[] {
  // Past the total the plan is refused anyway: nothing more is walked.
  if (countDependencies(plan) > maxLinks) return [{ kind: 'too-many', path: ['sections'] }];
  const where = new Map<string, { task: LinkedTask; path: Path }>();
  plan.sections.forEach((section, i) => {
    section.tasks.forEach((task, j) => {
      if (!where.has(task.id)) where.set(task.id, { task, path: ['sections', i, 'tasks', j, 'depends_on'] });
    });
  });
  const problems: DependencyProblem[] = [];
  for (const { task, path } of where.values()) {
    const seen = new Set<string>();
    for (const id of task.depends_on) {
      const kind = id === task.id ? 'self' : !where.has(id) ? 'unknown' : seen.has(id) ? 'twice' : null;
      if (kind) {
        problems.push({ kind, path });
        break;
      }
      seen.add(id);
    }
  }
  const circle = firstCircle(where);
  if (circle) {
    problems.push({
      kind: 'circle',
      path: where.get(circle[0]!)!.path,
      names: circle.map((id) => where.get(id)!.task.name),
    });
  }
  return problems;
}

/** The first circle of links among these tasks (ids, in the order they wait), or null; links elsewhere ignored. */
function firstCircle(where: ReadonlyMap<string, { task: LinkedTask }>): string[] | null {
  // Depth-first, by hand (a chain of 300 tasks would be 300 frames deep): 1 on the path, 2 done.
  const state = new Map<string, 1 | 2>();
  for (const root of where.keys()) {
    if (state.has(root)) continue;
    const stack: { id: string; next: number }[] = [{ id: root, next: 0 }];
    state.set(root, 1);
    while (stack.length > 0) {
      const top = stack.at(-1)!;
      const links = where.get(top.id)!.task.depends_on;
      if (top.next >= links.length) {
        state.set(top.id, 2);
        stack.pop();
        continue;
      }
      const on = links[top.next++]!;
      if (on === top.id || !where.has(on)) continue;
      const seen = state.get(on);
      if (seen === 1) return stack.slice(stack.findIndex((frame) => frame.id === on)).map((frame) => frame.id);
      if (seen === undefined) {
        state.set(on, 1);
        stack.push({ id: on, next: 0 });
      }
    }
  }
  return null;
}

/** A circle as its message lists it: “A” → “B” → “A”; a long one by its first five and how many more. */
export function circleText(names: readonly string[]): string {
  const quoted = names.map((name) => `“${name}”`);
  if (quoted.length <= 6) return [...quoted, quoted[0]].join(' → ');
  return `${quoted.slice(0, 5).join(' → ')} → … ${quoted.length - 5} more → ${quoted[0]}`;
}

/** The tasks that wait on each task, directly. */
export function dependantsByTask(tasks: Iterable<LinkedTask>): Map<string, string[]> {
  const dependants = new Map<string, string[]>();
  for (const task of tasks) {
    for (const on of task.depends_on) {
      const waiting = dependants.get(on);
      if (waiting) waiting.push(task.id);
      else dependants.set(on, [task.id]);
    }
  }
  return dependants;
}

/** Whether `taskId` waiting on `onId` would close a circle: `onId` is the task, or already waits on it somehow. */
export function closesCircle(tasks: Iterable<LinkedTask>, taskId: string, onId: string): boolean {
  if (taskId === onId) return true;
  const byId = new Map<string, LinkedTask>();
  for (const task of tasks) byId.set(task.id, task);
  const seen = new Set<string>([onId]);
  const queue = [onId];
  while (queue.length > 0) {
    for (const next of byId.get(queue.pop()!)?.depends_on ?? []) {
      if (next === taskId) return true;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}

/**
 * The tasks' ids in an order where each comes after every task it waits on (the plan's order otherwise); tasks of
 * a circle, which has no such order, come last in the plan's order.
 */
export function waitingOrder(tasks: readonly LinkedTask[]): string[] {
  const ids = new Set(tasks.map((t) => t.id));
  const waits = new Map(tasks.map((t) => [t.id, new Set(t.depends_on.filter((on) => on !== t.id && ids.has(on)))]));
  const dependants = dependantsByTask(tasks);
  const order: string[] = [];
  const ready = tasks.filter((t) => waits.get(t.id)!.size === 0).map((t) => t.id);
  const placed = new Set<string>();
  while (ready.length > 0) {
    const id = ready.shift()!;
    if (placed.has(id)) continue;
    placed.add(id);
    order.push(id);
    for (const next of dependants.get(id) ?? []) {
      const left = waits.get(next);
      if (!left) continue;
      left.delete(id);
      if (left.size === 0) ready.push(next);
    }
  }
  for (const task of tasks) if (!placed.has(task.id)) order.push(task.id);
  return order;
}
