import { z } from 'zod';
import { MESSAGES } from '../messages';
import { DAY_RANGE, longDay } from '../rules/days';
import { circleText, type DependencyProblem, dependencyProblems } from '../rules/dependencies';
import { PLAN_ROLES } from '../rules/team';
import { daySchema } from './days';
import { BodyIdSchema, DatabaseIdSchema, MAX_DATABASE_ID } from './ids';
import { PlanPersonSchema } from './team';

/**
 * A member's own copy of a plan (a template or an AI plan they took): sections → tasks → subtasks, each item
 * with a stable id so that an editor can move it and the server can tell it apart. Limits are stated here,
 * once, for both ends: sizes a real plan never reaches (the largest template has 5 sections, 17 tasks, 45
 * subtasks and 6,645 characters; the planner's largest plan 20 tasks of 12 subtasks, in a reply of at most
 * 3,000 tokens), that cap what saving, downloading and sending a copy costs (ADR 0036).
 */
export const MY_PLAN_LIMITS = {
  NAME: 255,
  DESCRIPTION: 5_000,
  OWNER: 100,
  SECTIONS: 30,
  /** Tasks in the whole plan, all sections together: the size the editor and the timeline were measured at. */
  TASKS: 300,
  SUBTASKS_PER_TASK: 20,
  /** Subtasks in the whole plan, all tasks together. */
  SUBTASKS: 1_000,
  /** Characters of text in the whole plan: every name, description and owner together. */
  CHARACTERS: 250_000,
  /** An item id: client-generated ids are allowed, within this length and alphabet. */
  ID: 64,
  /** The largest request body a save may send: a plan at every limit, its text in three-byte characters. */
  BODY_BYTES: 2 * 1024 * 1024,
  /** Finish-to-start links a task may wait on, and a plan may hold in all. */
  DEPENDENCIES_PER_TASK: 30,
  DEPENDENCIES: 300,
} as const;

/** A limit as a sentence writes it: 250,000. */
const counted = (n: number) => n.toLocaleString('en-US');

export const MY_PLAN_PRIORITIES = ['none', 'low', 'medium', 'high'] as const;
export type MyPlanPriority = (typeof MY_PLAN_PRIORITIES)[number];

/** Where a copy came from: a template, an AI plan, or nothing (a blank plan the member starts themselves). */
export const MY_PLAN_SOURCE_KINDS = ['template', 'ai', 'blank'] as const;
export type MyPlanSourceKind = (typeof MY_PLAN_SOURCE_KINDS)[number];

export const MY_PLANS_MESSAGES = {
  NOT_FOUND: 'This plan does not exist or is not yours.',
  /** A blank plan's name and its one section's, until the member names them. */
  BLANK_PLAN_NAME: 'New plan',
  BLANK_SECTION_NAME: 'Tasks',
  STALE_VERSION:
    'This plan was changed in another tab or window. Reload it to see the latest version; your changes were not saved.',
  SOURCE_NOT_FOUND: 'This plan does not exist or is no longer available.',
  SOURCE_NOT_ALLOWED: 'Your membership does not include this plan. Buy it or choose a membership to take it.',
  LIMIT_REACHED: (limit: number) =>
    `Your membership keeps up to ${limit} ${limit === 1 ? 'plan' : 'plans'}. Delete one of My Plans, or upgrade your membership, to take another.`,
  DUPLICATE_ID: 'Two items of the plan have the same id.',
  TOO_MANY_TASKS: `A plan holds at most ${counted(MY_PLAN_LIMITS.TASKS)} tasks.`,
  TOO_MANY_SECTIONS: `A plan holds at most ${counted(MY_PLAN_LIMITS.SECTIONS)} sections.`,
  TOO_MANY_SUBTASKS: `A task holds at most ${counted(MY_PLAN_LIMITS.SUBTASKS_PER_TASK)} subtasks.`,
  TOO_MANY_SUBTASKS_IN_PLAN: `A plan holds at most ${counted(MY_PLAN_LIMITS.SUBTASKS)} subtasks.`,
  TOO_MUCH_TEXT: `A plan holds at most ${counted(MY_PLAN_LIMITS.CHARACTERS)} characters of text (names, descriptions and owners together): shorten or remove some of it.`,
  NAME_TOO_LONG: `A name holds at most ${MY_PLAN_LIMITS.NAME} characters.`,
  DESCRIPTION_TOO_LONG: `A description holds at most ${MY_PLAN_LIMITS.DESCRIPTION} characters.`,
  OWNER_TOO_LONG: `An owner holds at most ${MY_PLAN_LIMITS.OWNER} characters.`,
  NAME_REQUIRED: 'Please enter a name.',
  START_AFTER_DUE: 'A task cannot start after it is due.',
  START_TOO_LATE: `This start date puts tasks after ${longDay(DAY_RANGE.LAST)}: choose an earlier start date.`,
  TOO_MANY_DEPENDENCIES_OF_TASK: `A task waits on at most ${MY_PLAN_LIMITS.DEPENDENCIES_PER_TASK} other tasks.`,
  TOO_MANY_DEPENDENCIES: `A plan holds at most ${counted(MY_PLAN_LIMITS.DEPENDENCIES)} links between tasks (one task waiting on another): remove some of them.`,
  DEPENDENCY_ON_ITSELF: 'A task cannot wait on itself.',
  DEPENDENCY_UNKNOWN: 'A task waits on a task that is not in this plan.',
  DEPENDENCY_TWICE: 'A task waits on the same task twice.',
  /** What the editor says of a link it does not offer: the other task waits on this one, directly or not. */
  DEPENDENCY_WOULD_CIRCLE:
    'That task already waits on this one (directly or through others), so this one cannot wait on it.',
  /** `names`: the tasks of the circle in order, as circleText writes them. */
  DEPENDENCY_CIRCLE: (names: string) => `These tasks wait on each other in a circle: ${names}.`,
  /** A copy saved under earlier, larger limits: `limit` is the sentence of the one it exceeds. */
  TOO_LARGE_TO_DOWNLOAD: (limit: string) => `${limit} Make this plan smaller in the editor, then download it.`,
} as const;

// Control characters (C0, DEL, C1): invisible, they break exports and task tools. Line breaks and tabs are
// allowed in descriptions only.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to find them.
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to find them.
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const lineText = (max: number, tooLong: string) =>
  z
    .string()
    .max(max, tooLong)
    .refine((s) => !CONTROL_IN_LINE.test(s), MESSAGES.UNSTORABLE_TEXT);

/** A name: one line, not blank. */
const NameSchema = lineText(MY_PLAN_LIMITS.NAME, MY_PLANS_MESSAGES.NAME_TOO_LONG).refine(
  (s) => s.trim() !== '',
  MY_PLANS_MESSAGES.NAME_REQUIRED,
);
const DescriptionSchema = z
  .string()
  .max(MY_PLAN_LIMITS.DESCRIPTION, MY_PLANS_MESSAGES.DESCRIPTION_TOO_LONG)
  .refine((s) => !CONTROL_IN_TEXT.test(s), MESSAGES.UNSTORABLE_TEXT);

/** A date of a plan: a real calendar day, YYYY-MM-DD, within the days the product takes (DAY_RANGE). */
export const PlanDaySchema = daySchema(MESSAGES.BAD_DAY);

export const MyPlanItemIdSchema = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9_-]{1,${MY_PLAN_LIMITS.ID}}$`), 'must be an id of letters, digits, _ or -');

export const MyPlanSubtaskSchema = z
  .object({ id: MyPlanItemIdSchema, name: NameSchema, description: DescriptionSchema })
  .strict();
export type MyPlanSubtask = z.infer<typeof MyPlanSubtaskSchema>;

export const MyPlanTaskSchema = z
  .object({
    id: MyPlanItemIdSchema,
    name: NameSchema,
    description: DescriptionSchema,
    start_date: PlanDaySchema.nullable(),
    due_date: PlanDaySchema.nullable(),
    owner: lineText(MY_PLAN_LIMITS.OWNER, MY_PLANS_MESSAGES.OWNER_TOO_LONG),
    priority: z.enum(MY_PLAN_PRIORITIES),
    /**
     * The person of the plan's team the task is assigned to (a client id: the owner, or a teammate with access to
     * the plan), null for none; `owner` then holds their name (ADR 0052).
     */
    assignee_id: BodyIdSchema.nullable().default(null),
    /** Ids of tasks of the same plan that must finish before this one starts (finish-to-start). */
    depends_on: z
      .array(MyPlanItemIdSchema)
      .max(MY_PLAN_LIMITS.DEPENDENCIES_PER_TASK, MY_PLANS_MESSAGES.TOO_MANY_DEPENDENCIES_OF_TASK)
      .default([]),
    /** A milestone: a moment (its due day), drawn as a diamond and sent as the tool's milestone where it has one. */
    milestone: z.boolean().default(false),
    subtasks: z.array(MyPlanSubtaskSchema).max(MY_PLAN_LIMITS.SUBTASKS_PER_TASK, MY_PLANS_MESSAGES.TOO_MANY_SUBTASKS),
  })
  .strict()
  // ISO dates compare as text.
  .refine((t) => !t.start_date || !t.due_date || t.start_date <= t.due_date, {
    message: MY_PLANS_MESSAGES.START_AFTER_DUE,
    path: ['start_date'],
  });
export type MyPlanTask = z.infer<typeof MyPlanTaskSchema>;

export const MyPlanSectionSchema = z
  .object({
    id: MyPlanItemIdSchema,
    name: NameSchema,
    description: DescriptionSchema,
    // Each section's own bound keeps a hostile body from being walked whole before the plan's total is checked.
    tasks: z.array(MyPlanTaskSchema).max(MY_PLAN_LIMITS.TASKS, MY_PLANS_MESSAGES.TOO_MANY_TASKS),
  })
  .strict();
export type MyPlanSection = z.infer<typeof MyPlanSectionSchema>;

export const MyPlanDocumentSchema = z
  .object({
    start_date: PlanDaySchema.nullable(),
    sections: z.array(MyPlanSectionSchema).max(MY_PLAN_LIMITS.SECTIONS, MY_PLANS_MESSAGES.TOO_MANY_SECTIONS),
  })
  .strict()
  .superRefine((plan, ctx) => {
    for (const message of planTotalsProblems(plan)) ctx.addIssue({ code: 'custom', message, path: ['sections'] });
    const duplicate = duplicateItemId(plan);
    if (duplicate) ctx.addIssue({ code: 'custom', message: MY_PLANS_MESSAGES.DUPLICATE_ID, path: duplicate });
    for (const problem of dependencyProblems(plan, MY_PLAN_LIMITS.DEPENDENCIES)) {
      ctx.addIssue({ code: 'custom', message: dependencyMessage(problem), path: problem.path });
    }
  });
export type MyPlanDocument = z.infer<typeof MyPlanDocumentSchema>;

export function countTasks(plan: Pick<MyPlanDocument, 'sections'>): number {
  return plan.sections.reduce((sum, s) => sum + s.tasks.length, 0);
}

export function countSubtasks(plan: Pick<MyPlanDocument, 'sections'>): number {
  return plan.sections.reduce((sum, s) => sum + s.tasks.reduce((n, t) => n + t.subtasks.length, 0), 0);
}

/** The characters of text of a plan: every name, description and owner, as the limit counts them. */
export function planCharacters(plan: Pick<MyPlanDocument, 'sections'>): number {
  let characters = 0;
  for (const section of plan.sections) {
    characters += section.name.length + section.description.length;
    for (const task of section.tasks) {
      characters += task.name.length + task.description.length + task.owner.length;
      for (const subtask of task.subtasks) characters += subtask.name.length + subtask.description.length;
    }
  }
  return characters;
}

/** The limits of the plan as a whole it exceeds (tasks, subtasks, characters), each as its sentence. */
export function planTotalsProblems(plan: Pick<MyPlanDocument, 'sections'>): string[] {
  const problems: string[] = [];
  if (countTasks(plan) > MY_PLAN_LIMITS.TASKS) problems.push(MY_PLANS_MESSAGES.TOO_MANY_TASKS);
  if (countSubtasks(plan) > MY_PLAN_LIMITS.SUBTASKS) problems.push(MY_PLANS_MESSAGES.TOO_MANY_SUBTASKS_IN_PLAN);
  if (planCharacters(plan) > MY_PLAN_LIMITS.CHARACTERS) problems.push(MY_PLANS_MESSAGES.TOO_MUCH_TEXT);
  return problems;
}

/** The first limit a stored copy exceeds (one saved under earlier limits), as its sentence; none: undefined. */
export function planSizeProblem(plan: Pick<MyPlanDocument, 'sections'>): string | undefined {
  if (plan.sections.length > MY_PLAN_LIMITS.SECTIONS) return MY_PLANS_MESSAGES.TOO_MANY_SECTIONS;
  const crowded = plan.sections.some((s) => s.tasks.some((t) => t.subtasks.length > MY_PLAN_LIMITS.SUBTASKS_PER_TASK));
  if (crowded) return MY_PLANS_MESSAGES.TOO_MANY_SUBTASKS;
  return planTotalsProblems(plan)[0];
}

/** The path of the first item whose id an earlier item already has; ids are unique across the whole plan. */
export function duplicateItemId(plan: Pick<MyPlanDocument, 'sections'>): (string | number)[] | undefined {
  const seen = new Set<string>();
  const clash = (id: string) => {
    if (seen.has(id)) return true;
    seen.add(id);
    return false;
  };
  for (const [i, section] of plan.sections.entries()) {
    if (clash(section.id)) return ['sections', i, 'id'];
    for (const [j, task] of section.tasks.entries()) {
      if (clash(task.id)) return ['sections', i, 'tasks', j, 'id'];
      for (const [k, subtask] of task.subtasks.entries()) {
        if (clash(subtask.id)) return ['sections', i, 'tasks', j, 'subtasks', k, 'id'];
      }
    }
  }
  return undefined;
}

/** A problem of a plan's links between tasks (dependencyProblems) in the member's words. */
export function dependencyMessage(problem: DependencyProblem): string {
  switch (problem.kind) {
    case 'self':
      return MY_PLANS_MESSAGES.DEPENDENCY_ON_ITSELF;
    case 'unknown':
      return MY_PLANS_MESSAGES.DEPENDENCY_UNKNOWN;
    case 'twice':
      return MY_PLANS_MESSAGES.DEPENDENCY_TWICE;
    case 'too-many':
      return MY_PLANS_MESSAGES.TOO_MANY_DEPENDENCIES;
    case 'circle':
      return MY_PLANS_MESSAGES.DEPENDENCY_CIRCLE(circleText(problem.names));
  }
}

/**
 * Where a copy was last sent: the task tool, when, and the remote project's address when the tool gives one (null
 * once the project was deleted there).
 */
export const MyPlanLastSentSchema = z.object({
  tool: z.string(),
  at: z.string(),
  url: z.string().nullable(),
});

const MyPlanHeaderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  source_kind: z.enum(MY_PLAN_SOURCE_KINDS),
  source_id: z.number().int(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  last_sent: MyPlanLastSentSchema.nullable(),
});

/**
 * A copy's document as it is read back: its shape, not its limits, so that a copy saved under earlier limits (or
 * dates) still opens and its owner can bring it within them; every save is held to MyPlanDocumentSchema.
 */
const StoredSubtaskSchema = z.object({ id: z.string(), name: z.string(), description: z.string() });
const StoredTaskSchema = StoredSubtaskSchema.extend({
  start_date: z.string().nullable(),
  due_date: z.string().nullable(),
  owner: z.string(),
  priority: z.enum(MY_PLAN_PRIORITIES),
  assignee_id: z.number().int().nullable().default(null),
  depends_on: z.array(z.string()).default([]),
  milestone: z.boolean().default(false),
  subtasks: z.array(StoredSubtaskSchema),
});
export const StoredMyPlanDocumentSchema = z.object({
  start_date: z.string().nullable(),
  sections: z.array(StoredSubtaskSchema.extend({ tasks: z.array(StoredTaskSchema) })),
});

export const MyPlanSchema = MyPlanHeaderSchema.extend({ plan: StoredMyPlanDocumentSchema });
export type MyPlan = z.infer<typeof MyPlanSchema>;

/**
 * A copy as it is opened: the caller's standing on it (its owner, or a teammate's role) and its team, the people
 * its tasks may be assigned to (ADR 0052).
 */
export const MyPlanOpenedSchema = MyPlanSchema.extend({
  role: z.enum(['owner', ...PLAN_ROLES]),
  /** The owner's name as a teammate sees it; null for the owner themself. */
  owner_name: z.string().nullable(),
  team: z.array(PlanPersonSchema),
});
export type MyPlanOpened = z.infer<typeof MyPlanOpenedSchema>;

/**
 * Take a plan: a template (free, bought or in the membership) or one of the member's AI plans; or start a blank one
 * (one empty section, named `name` or "New plan"). Each counts against the copies the membership keeps.
 */
export const MyPlanCreateRequestSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('template'), templateId: BodyIdSchema, start_date: PlanDaySchema.optional() }).strict(),
  z.object({ source: z.literal('ai'), aiPlanId: BodyIdSchema, start_date: PlanDaySchema.optional() }).strict(),
  z.object({ source: z.literal('blank'), name: NameSchema.optional(), start_date: PlanDaySchema.optional() }).strict(),
]);
export type MyPlanCreateRequest = z.infer<typeof MyPlanCreateRequestSchema>;

/** A save: the version it was based on, and the whole plan. */
export const MyPlanSaveRequestSchema = z
  .object({
    version: z.number().int().positive().max(MAX_DATABASE_ID),
    name: NameSchema,
    plan: MyPlanDocumentSchema,
  })
  .strict();
export type MyPlanSaveRequest = z.infer<typeof MyPlanSaveRequestSchema>;

export const MyPlanSavedSchema = z.object({ id: z.number().int(), version: z.number().int(), updated_at: z.string() });
export type MyPlanSaved = z.infer<typeof MyPlanSavedSchema>;

export const MyPlanIdParamsSchema = z.object({ id: DatabaseIdSchema }).strict();

/** A copy's download: a Word document or a spreadsheet. */
export const MyPlanDownloadQuerySchema = z.object({ format: z.enum(['docx', 'xlsx']) }).strict();

// --- Progress back from the task tool -------------------------------------------------------------

/**
 * Where the progress of a sent copy stands: `waiting` until the first read after sending, `ok` when the tool
 * answered, `gone` when the tool no longer has the project, `disconnected` when the member's connection to the
 * tool was removed, `failed` when the last read did not get through (the last good figures stay).
 */
export const MY_PLAN_PROGRESS_STATES = ['waiting', 'ok', 'gone', 'disconnected', 'failed'] as const;
export type MyPlanProgressState = (typeof MY_PLAN_PROGRESS_STATES)[number];

export const MY_PLAN_PROGRESS_MESSAGES = {
  NOT_SENT: 'Send this plan to Asana, ClickUp or monday.com to follow its progress here.',
  GONE: (tool: string) => `This project was deleted in ${tool}.`,
  DISCONNECTED: (tool: string) =>
    `${tool} is no longer connected. Connect it again in the upload wizard to follow this plan.`,
  FAILED: (tool: string) => `${tool} could not be reached just now. The progress shown is from the last good read.`,
  /**
   * A member's progress reads a minute, all copies together (MEMBER_BUDGETS): a Refresh reads every project the
   * plan was sent to, each counting once. `wait` is what tryAgainIn() says.
   */
  REFRESHES_PER_MINUTE: (perMinute: number, wait: string) =>
    `You can refresh the progress of up to ${perMinute} projects a minute. Please try again ${wait}.`,
} as const;

/** One sent task as the tool holds it now. `late`: not done and its due day has passed (UTC). */
export const MyPlanProgressTaskSchema = z.object({
  /** The copy's own id of the task when it was sent; null for a sending recorded before ids were kept. */
  task_id: z.string().nullable(),
  name: z.string(),
  section: z.string(),
  /** Its due day in the tool now (a team may move it there). */
  due_on: z.string().nullable(),
  /** Its due day as it was sent: the plan the burn-up's target line is drawn from. */
  planned_on: z.string().nullable(),
  done: z.boolean(),
  late: z.boolean(),
});
export type MyPlanProgressTask = z.infer<typeof MyPlanProgressTaskSchema>;

/**
 * One sending of a copy (a project in a tool) and its progress, as the list shows it. A project deleted in its tool
 * (`gone`) answers neither its address nor figures: what was read of it before is no longer so.
 */
export const MyPlanSendingSchema = z.object({
  id: z.number().int(),
  state: z.enum(MY_PLAN_PROGRESS_STATES),
  tool: z.string(),
  sent_at: z.string(),
  /** Where the project is opened in the tool; null when the tool gives no address or the project is gone. */
  project_url: z.string().nullable(),
  read_at: z.string().nullable(),
  done: z.number().int(),
  total: z.number().int(),
  late: z.number().int(),
  /** The open task not late that is due first (nextTasks), null when there is none. */
  next: MyPlanProgressTaskSchema.nullable(),
});
export type MyPlanSending = z.infer<typeof MyPlanSendingSchema>;

/** One day of the burn-up: tasks done by the last read of that day, and the tasks the project held. */
export const MyPlanProgressPointSchema = z.object({
  date: z.string(),
  done: z.number().int(),
  total: z.number().int(),
});
export type MyPlanProgressPoint = z.infer<typeof MyPlanProgressPointSchema>;

/** A sending's progress whole: every sent task with its state, and the burn-up since it was sent. */
export const MyPlanSendingDetailSchema = MyPlanSendingSchema.extend({
  tasks: z.array(MyPlanProgressTaskSchema),
  history: z.array(MyPlanProgressPointSchema),
});
export type MyPlanSendingDetail = z.infer<typeof MyPlanSendingDetailSchema>;

/** The progress of every sending of a copy, the newest first (none for a copy never sent). */
export const MyPlanProgressSchema = z.object({ sendings: z.array(MyPlanSendingDetailSchema) });
export type MyPlanProgress = z.infer<typeof MyPlanProgressSchema>;

/** A copy in the list: its header, its size, and each of its sendings with its progress, the newest first. */
export const MyPlanSummarySchema = MyPlanHeaderSchema.extend({
  task_count: z.number().int(),
  sendings: z.array(MyPlanSendingSchema),
});
export type MyPlanSummary = z.infer<typeof MyPlanSummarySchema>;

/** A plan another member shares with the caller: whose it is and what the caller may do with it. */
export const SharedPlanSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  owner_name: z.string(),
  role: z.enum(PLAN_ROLES),
  version: z.number().int(),
  updated_at: z.string(),
  task_count: z.number().int(),
});
export type SharedPlanSummary = z.infer<typeof SharedPlanSummarySchema>;

export const MyPlanListSchema = z.object({
  plans: z.array(MyPlanSummarySchema),
  /** The plans teammates' owners share with the member, last changed first. */
  shared: z.array(SharedPlanSummarySchema),
  /** How many copies the member's membership keeps; null when unlimited. */
  limit: z.number().int().nullable(),
});
export type MyPlanList = z.infer<typeof MyPlanListSchema>;
