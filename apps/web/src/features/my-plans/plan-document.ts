// What the plan editor does to a copy, as pure functions of the document: each returns a new document and
// leaves the one it was given alone, so that the editor's undo can keep the earlier ones as they were.
import { closesCircle, countDependencies, waitingOrder } from '@dpp/shared/rules/dependencies';
import { addDays, daysBetween, newTask } from '@dpp/shared/rules/my-plans';
import {
  countSubtasks,
  countTasks,
  MY_PLAN_LIMITS,
  MY_PLANS_MESSAGES,
  type MyPlanDocument,
  type MyPlanSection,
  type MyPlanSubtask,
  type MyPlanTask,
  planCharacters,
} from '@dpp/shared/schemas/my-plans';
import { barOf, movedDates, startsBeforeDue, type TaskBar } from './timeline-layout';

/** What the editor saves: the copy's name and its plan. */
export interface EditorDocument {
  name: string;
  plan: MyPlanDocument;
}

export type SectionPatch = Partial<Pick<MyPlanSection, 'name' | 'description'>>;
export type TaskPatch = Partial<Omit<MyPlanTask, 'id' | 'subtasks'>>;
export type SubtaskPatch = Partial<Omit<MyPlanSubtask, 'id'>>;

/** A new item's id: the server keeps ids the browser makes (letters, digits, `-`; at most 64). */
export function newItemId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const withSections = (doc: EditorDocument, sections: MyPlanSection[]): EditorDocument => ({
  ...doc,
  plan: { ...doc.plan, sections },
});

const mapTasks = (doc: EditorDocument, map: (task: MyPlanTask) => MyPlanTask): EditorDocument =>
  withSections(
    doc,
    doc.plan.sections.map((s) => ({ ...s, tasks: s.tasks.map(map) })),
  );

function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  if (item === undefined) return copy;
  copy.splice(Math.max(0, Math.min(to, copy.length)), 0, item);
  return copy;
}

/** The names new items start with. */
const NEW_NAMES = { section: 'New section', task: 'New task', subtask: 'New subtask' } as const;

/** Why a new item's name would take the plan past its characters, or undefined when it fits. */
const textRefusal = (doc: EditorDocument, name: string) =>
  planCharacters(doc.plan) + name.length > MY_PLAN_LIMITS.CHARACTERS ? MY_PLANS_MESSAGES.TOO_MUCH_TEXT : undefined;

/**
 * Why no section, task or subtask may be added (the limit's sentence, the server's own words), or undefined when
 * one may: the editor's Add buttons are off, with that sentence beside them.
 */
export function sectionRefusal(doc: EditorDocument): string | undefined {
  if (doc.plan.sections.length >= MY_PLAN_LIMITS.SECTIONS) return MY_PLANS_MESSAGES.TOO_MANY_SECTIONS;
  return textRefusal(doc, NEW_NAMES.section);
}

export function taskRefusal(doc: EditorDocument): string | undefined {
  if (countTasks(doc.plan) >= MY_PLAN_LIMITS.TASKS) return MY_PLANS_MESSAGES.TOO_MANY_TASKS;
  return textRefusal(doc, NEW_NAMES.task);
}

/** The plan's own reason to take no more subtasks, whichever task they would go to. */
export function planSubtaskRefusal(doc: EditorDocument): string | undefined {
  if (countSubtasks(doc.plan) >= MY_PLAN_LIMITS.SUBTASKS) return MY_PLANS_MESSAGES.TOO_MANY_SUBTASKS_IN_PLAN;
  return textRefusal(doc, NEW_NAMES.subtask);
}

/** Why this task may take no more subtasks: its own count first, then the plan's. */
export function subtaskRefusal(task: MyPlanTask, planRefusal: string | undefined): string | undefined {
  return task.subtasks.length >= MY_PLAN_LIMITS.SUBTASKS_PER_TASK ? MY_PLANS_MESSAGES.TOO_MANY_SUBTASKS : planRefusal;
}

export const planOps = {
  rename: (doc: EditorDocument, name: string): EditorDocument => ({ ...doc, name }),

  /**
   * A new start date moves every task's dates by as many days, so the schedule the template gave keeps its
   * shape; a first start date (none before) or its removal moves nothing.
   */
  setStartDate(doc: EditorDocument, startDate: string | null): EditorDocument {
    const before = doc.plan.start_date;
    const shift = before && startDate ? daysBetween(before, startDate) : 0;
    const moved = shift
      ? mapTasks(doc, (t) => ({
          ...t,
          start_date: t.start_date && addDays(t.start_date, shift),
          due_date: t.due_date && addDays(t.due_date, shift),
        }))
      : doc;
    return { ...moved, plan: { ...moved.plan, start_date: startDate } };
  },

  updateSection: (doc: EditorDocument, sectionId: string, patch: SectionPatch): EditorDocument =>
    withSections(
      doc,
      doc.plan.sections.map((s) => (s.id === sectionId ? { ...s, ...patch } : s)),
    ),

  addSection(doc: EditorDocument, id = newItemId()): EditorDocument {
    if (sectionRefusal(doc)) return doc;
    return withSections(doc, [...doc.plan.sections, { id, name: NEW_NAMES.section, description: '', tasks: [] }]);
  },

  /** A section goes with its tasks; the tasks that waited on them wait on them no more. */
  deleteSection(doc: EditorDocument, sectionId: string): EditorDocument {
    const gone = new Set(doc.plan.sections.find((s) => s.id === sectionId)?.tasks.map((t) => t.id));
    return unlinked(
      withSections(
        doc,
        doc.plan.sections.filter((s) => s.id !== sectionId),
      ),
      gone,
    );
  },

  moveSection(doc: EditorDocument, sectionId: string, toIndex: number): EditorDocument {
    const from = doc.plan.sections.findIndex((s) => s.id === sectionId);
    if (from < 0 || toIndex < 0 || toIndex >= doc.plan.sections.length || from === toIndex) return doc;
    return withSections(doc, moveItem(doc.plan.sections, from, toIndex));
  },

  updateTask: (doc: EditorDocument, taskId: string, patch: TaskPatch): EditorDocument =>
    mapTasks(doc, (t) => (t.id === taskId ? { ...t, ...patch } : t)),

  addTask(doc: EditorDocument, sectionId: string, id = newItemId()): EditorDocument {
    if (taskRefusal(doc)) return doc;
    const task = newTask(id, { name: NEW_NAMES.task });
    return withSections(
      doc,
      doc.plan.sections.map((s) => (s.id === sectionId ? { ...s, tasks: [...s.tasks, task] } : s)),
    );
  },

  /** A task goes, and the tasks that waited on it wait on it no more. */
  deleteTask: (doc: EditorDocument, taskId: string): EditorDocument =>
    unlinked(
      withSections(
        doc,
        doc.plan.sections.map((s) => ({ ...s, tasks: s.tasks.filter((t) => t.id !== taskId) })),
      ),
      new Set([taskId]),
    ),

  /** `taskId` waits on `onId` from now on, unless the link is refused (dependencyRefusal) or already there. */
  addDependency(doc: EditorDocument, taskId: string, onId: string): EditorDocument {
    if (dependencyRefusal(doc, taskId, onId) !== undefined) return doc;
    return mapTasks(doc, (t) => (t.id === taskId ? { ...t, depends_on: [...t.depends_on, onId] } : t));
  },

  removeDependency: (doc: EditorDocument, taskId: string, onId: string): EditorDocument =>
    mapTasks(doc, (t) =>
      t.id === taskId && t.depends_on.includes(onId)
        ? { ...t, depends_on: t.depends_on.filter((id) => id !== onId) }
        : t,
    ),

  /**
   * Every task that starts before a task it waits on is due goes later, to the day after (its length kept), and
   * so do the tasks waiting on it in turn, as far as they then need to; nothing else moves. A move past the days a
   * plan may have is not made.
   */
  moveWaitingLater(doc: EditorDocument): EditorDocument {
    const tasks = new Map(allTasks(doc).map((t) => [t.id, t]));
    const moved = new Map<string, MyPlanTask>();
    for (const id of waitingOrder([...tasks.values()])) {
      const task = moved.get(id) ?? tasks.get(id)!;
      const bar = barOf(task);
      if (!bar) continue;
      // The latest bar among those it waits on (YYYY-MM-DD compare as text).
      let latest: TaskBar | null = null;
      for (const on of task.depends_on) {
        const other = moved.get(on) ?? tasks.get(on);
        const before = other && barOf(other);
        if (before && (latest === null || before.to > latest.to)) latest = before;
      }
      if (latest === null || !startsBeforeDue(bar, latest)) continue;
      const dates = movedDates(task, daysBetween(bar.from, latest.to) + 1);
      if (dates) moved.set(id, { ...task, ...dates });
    }
    return moved.size === 0 ? doc : mapTasks(doc, (t) => moved.get(t.id) ?? t);
  },

  /** Moves a task to `toIndex` of a section (its own or another): the index is counted without the task. */
  moveTask(doc: EditorDocument, taskId: string, toSectionId: string, toIndex: number): EditorDocument {
    const task = findTask(doc, taskId);
    const target = doc.plan.sections.find((s) => s.id === toSectionId);
    if (!task || !target) return doc;
    const without = doc.plan.sections.map((s) => ({ ...s, tasks: s.tasks.filter((t) => t.id !== taskId) }));
    return withSections(
      doc,
      without.map((s) => {
        if (s.id !== toSectionId) return s;
        const tasks = [...s.tasks];
        tasks.splice(Math.max(0, Math.min(toIndex, tasks.length)), 0, task.task);
        return { ...s, tasks };
      }),
    );
  },

  updateSubtask: (doc: EditorDocument, subtaskId: string, patch: SubtaskPatch): EditorDocument =>
    mapTasks(doc, (t) =>
      t.subtasks.some((st) => st.id === subtaskId)
        ? { ...t, subtasks: t.subtasks.map((st) => (st.id === subtaskId ? { ...st, ...patch } : st)) }
        : t,
    ),

  addSubtask(doc: EditorDocument, taskId: string, id = newItemId()): EditorDocument {
    const planRefusal = planSubtaskRefusal(doc);
    return mapTasks(doc, (t) =>
      t.id === taskId && !subtaskRefusal(t, planRefusal)
        ? { ...t, subtasks: [...t.subtasks, { id, name: NEW_NAMES.subtask, description: '' }] }
        : t,
    );
  },

  deleteSubtask: (doc: EditorDocument, subtaskId: string): EditorDocument =>
    mapTasks(doc, (t) =>
      t.subtasks.some((st) => st.id === subtaskId)
        ? { ...t, subtasks: t.subtasks.filter((st) => st.id !== subtaskId) }
        : t,
    ),
};

const allTasks = (doc: EditorDocument) => doc.plan.sections.flatMap((s) => s.tasks);

/** The document without links to these tasks (gone from it). */
function unlinked(doc: EditorDocument, gone: ReadonlySet<string>): EditorDocument {
  if (gone.size === 0 || !allTasks(doc).some((t) => t.depends_on.some((id) => gone.has(id)))) return doc;
  return mapTasks(doc, (t) =>
    t.depends_on.some((id) => gone.has(id)) ? { ...t, depends_on: t.depends_on.filter((id) => !gone.has(id)) } : t,
  );
}

/**
 * Why `taskId` may not wait on `onId`, in the server's words (the plan's own schema), or undefined when it may: the
 * outline offers only the tasks it may wait on and says why of the others.
 */
export function dependencyRefusal(doc: EditorDocument, taskId: string, onId: string): string | undefined {
  const tasks = allTasks(doc);
  const task = tasks.find((t) => t.id === taskId);
  if (!task || !tasks.some((t) => t.id === onId)) return MY_PLANS_MESSAGES.DEPENDENCY_UNKNOWN;
  if (taskId === onId) return MY_PLANS_MESSAGES.DEPENDENCY_ON_ITSELF;
  if (task.depends_on.includes(onId)) return MY_PLANS_MESSAGES.DEPENDENCY_TWICE;
  if (task.depends_on.length >= MY_PLAN_LIMITS.DEPENDENCIES_PER_TASK) {
    return MY_PLANS_MESSAGES.TOO_MANY_DEPENDENCIES_OF_TASK;
  }
  if (countDependencies(doc.plan) >= MY_PLAN_LIMITS.DEPENDENCIES) return MY_PLANS_MESSAGES.TOO_MANY_DEPENDENCIES;
  if (closesCircle(tasks, taskId, onId)) return MY_PLANS_MESSAGES.DEPENDENCY_WOULD_CIRCLE;
  return undefined;
}

/** Where a task is: its section and its place in it. */
export function findTask(
  doc: EditorDocument,
  taskId: string,
): { task: MyPlanTask; section: MyPlanSection; sectionIndex: number; index: number } | undefined {
  for (const [sectionIndex, section] of doc.plan.sections.entries()) {
    const index = section.tasks.findIndex((t) => t.id === taskId);
    if (index >= 0) return { task: section.tasks[index]!, section, sectionIndex, index };
  }
  return undefined;
}

/**
 * A task one place up or down; past the first or last of its section it goes to the end of the section before,
 * or the start of the one after, so the keyboard alone can carry a task anywhere.
 */
export function stepTask(doc: EditorDocument, taskId: string, direction: -1 | 1): EditorDocument {
  const at = findTask(doc, taskId);
  if (!at) return doc;
  const { section, sectionIndex, index } = at;
  const within = index + direction;
  if (within >= 0 && within < section.tasks.length) return planOps.moveTask(doc, taskId, section.id, within);
  const next = doc.plan.sections[sectionIndex + direction];
  if (!next) return doc;
  return planOps.moveTask(doc, taskId, next.id, direction === 1 ? 0 : next.tasks.length);
}

/** A section one place up or down. */
export function stepSection(doc: EditorDocument, sectionId: string, direction: -1 | 1): EditorDocument {
  const from = doc.plan.sections.findIndex((s) => s.id === sectionId);
  return planOps.moveSection(doc, sectionId, from + direction);
}

/** The item a change is about: a change whose item is gone from the latest copy is skipped, and named. */
export interface ChangeTarget {
  kind: 'section' | 'task' | 'subtask';
  id: string;
  name: string;
}

/**
 * One edit of the member's, kept until the server has it: a function of the document, so that it can be made
 * again on a newer copy than the one it was made on (another tab's save).
 */
export interface PlanChange {
  apply: (doc: EditorDocument) => EditorDocument;
  target?: ChangeTarget | undefined;
}

function holds(doc: EditorDocument, target: ChangeTarget): boolean {
  if (target.kind === 'section') return doc.plan.sections.some((s) => s.id === target.id);
  if (target.kind === 'task') return findTask(doc, target.id) !== undefined;
  return doc.plan.sections.some((s) => s.tasks.some((t) => t.subtasks.some((st) => st.id === target.id)));
}

/**
 * Makes the member's changes again, in order, on `latest`. A change whose item `latest` no longer has (deleted in
 * another tab) is left out and its item named in `skipped`; the others are in `applied`.
 */
export function replayChanges<C extends PlanChange>(
  latest: EditorDocument,
  changes: readonly C[],
): { doc: EditorDocument; applied: C[]; skipped: string[] } {
  let doc = latest;
  const applied: C[] = [];
  const skipped: string[] = [];
  for (const change of changes) {
    if (change.target && !holds(doc, change.target)) {
      const name = change.target.name.trim() || `untitled ${change.target.kind}`;
      if (!skipped.includes(name)) skipped.push(name);
      continue;
    }
    doc = change.apply(doc);
    applied.push(change);
  }
  return { doc, applied, skipped };
}

/** The sentence that tells the member which of their changes could not be made on the latest copy. */
export function skippedText(names: readonly string[]): string {
  const quoted = names.map((n) => `“${n}”`);
  const list = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}` : (quoted[0] ?? '');
  return names.length > 1
    ? `Your changes to ${list} could not be kept: they were deleted in another tab or window.`
    : `Your change to ${list} could not be kept: it was deleted in another tab or window.`;
}
