import { z } from 'zod';
import { PLANNER } from '../constants';
import { BodyIdSchema } from './ids';

/**
 * Which prompt the server runs. 0 SMART goal; 1 project ideas and tips; 2 list of up to 5 projects;
 * 3-7 the success plan sections; 8 the eight task names; 9 subtasks of every task as JSON; room the
 * older three-question wizard (S, M, A, R, T).
 */
export const AI_STEPS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'room'] as const;
export type AiStep = (typeof AI_STEPS)[number];
export const SECTION_STEPS = ['3', '4', '5', '6', '7'] as const;
export const PLAN_SECTION_NAMES = [
  'Purpose',
  'Description',
  'Roles/Resources',
  'Success Criteria',
  'Potential Tools',
] as const;

const text = (max = 2000) => z.string().trim().max(max);
const short = () => text(300);

/** The AI request payload (docs/product-rules.md, AI planner). Answers only: the prompts live on the server. */
export const AiRequestSchema = z
  .object({
    step: z.enum(AI_STEPS),
    industry: short().optional(),
    goal_or_problem: text(600).optional(),
    target_audience: text(600).optional(),
    solution: short().optional(),
    outcome_importance: text(600).optional(),
    challenges: text(1000).optional(),
    updated: z.boolean().optional(),
    smart_goal: text(3000).optional(),
    list_specific_projects: text(4000).optional(),
    selected_project: text(600).optional(),
    email: z.email().optional(),
    previousQuestionsAndAnswers: z
      .array(z.object({ question: text(600), answer: text(3000) }).strict())
      .max(PLANNER.PREVIOUS_QA_PAIRS)
      .optional(),
    fullSMARTAnswer: text(3000).optional(),
    tasksList: z.array(short()).max(20).optional(),
    previousSubtasks: text(4000).optional(),
    task: short().optional(),
    tasks_array: z.array(short()).max(20).optional(),
    count: z.number().int().min(1).max(20).optional(),
    s3file: short().optional(),
    selected_project_short: short().optional(),
    userEmail: z.email().optional(),
    isUpdated: z.boolean().optional(),
    responses: z
      .object({ specific: text(), measurable: text(), achievable: text(), relevant: text() })
      .partial()
      .strict()
      .optional(),
  })
  .strict();
export type AiRequest = z.infer<typeof AiRequestSchema>;

export const SubtaskSchema = z.object({ name: z.string().trim().min(1).max(300), description: z.string().max(1000) });
export type Subtask = z.infer<typeof SubtaskSchema>;
export const PlannedTaskSchema = z.object({
  name: z.string().trim().min(1).max(300),
  subtasks: z.array(SubtaskSchema).max(12),
});
export type PlannedTask = z.infer<typeof PlannedTaskSchema>;
/** The JSON the subtasks step (9) must answer. */
export const SubtasksReplySchema = z.object({ tasks: z.array(PlannedTaskSchema).min(1).max(20) });

/** The same shapes as request bodies: unknown fields refused (model replies above are read leniently). */
const SubtaskInputSchema = SubtaskSchema.strict();
export const PlannedTaskInputSchema = z
  .object({ name: PlannedTaskSchema.shape.name, subtasks: z.array(SubtaskInputSchema).max(12) })
  .strict();

export const SuccessPlanSchema = z.array(
  z.object({ title: z.enum(PLAN_SECTION_NAMES), text: z.string().max(8000) }).strict(),
);
export type SuccessPlanSection = z.infer<typeof SuccessPlanSchema>[number];

/** Where the wizard is; saved with the plan so a later visit resumes it. */
export const AiPlanStateSchema = z
  .object({
    step: z
      .number()
      .int()
      .min(0)
      .max(PLANNER.WIZARD_STEPS - 1),
    answers: z
      .object({
        industry: z.string().max(300),
        industry_other: z.string().max(300),
        products_services: z.string().max(600),
        help_needed: z.string().max(300),
        help_needed_subcategory: z.string().max(300),
        help_needed_other: z.string().max(300),
        specific_problem: z.string().max(1000),
        success_measure: z.string().max(600),
        help_type: z.string().max(300),
      })
      .partial()
      .strict(),
    goal: z.string().max(3000),
    goalUpdated: z.boolean(),
    projectsText: z.string().max(8000),
    tipsText: z.string().max(8000),
    projects: z.array(z.string().max(600)).max(PLANNER.MAX_PROJECTS),
    project: z.string().max(600),
    successPlan: SuccessPlanSchema,
    tasks: z.array(PlannedTaskInputSchema).max(20),
  })
  .strict();
export type AiPlanState = z.infer<typeof AiPlanStateSchema>;

/** POST /ai/planfile: saves (creates or updates) the caller's plan. */
export const PlanfileRequestSchema = z
  .object({
    id: BodyIdSchema.optional(),
    email: z.email(),
    title: z.string().trim().min(1).max(200),
    project: z.string().trim().max(600),
    tasks: z.array(PlannedTaskInputSchema).max(20),
    state: AiPlanStateSchema.optional(),
  })
  .strict();
export type PlanfileRequest = z.infer<typeof PlanfileRequestSchema>;

/** POST /ai/doc: stores one generated text of the plan (goal, a section) under its step. */
export const DocRequestSchema = z
  .object({
    id: BodyIdSchema.optional(),
    email: z.email(),
    title: z.string().trim().min(1).max(200),
    step: z.enum(AI_STEPS),
    input: z.string().max(8000),
  })
  .strict();

export const DownloadRequestSchema = z
  .object({
    id: BodyIdSchema.optional(),
    email: z.email(),
    title: z.string().trim().min(1).max(200),
    excel: z.boolean(),
  })
  .strict();

export const AiPlanSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  goal: z.string(),
  project: z.string(),
  success_plan: SuccessPlanSchema,
  tasks: z.array(PlannedTaskSchema),
  state: AiPlanStateSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AiPlan = z.infer<typeof AiPlanSchema>;

export const DownloadLinkSchema = z.object({ url: z.string(), expires_at: z.string(), file_name: z.string() });
export type DownloadLink = z.infer<typeof DownloadLinkSchema>;

export const AiUsageSchema = z.object({ used: z.number().int(), limit: z.number().int(), resets_at: z.string() });
export type AiUsage = z.infer<typeof AiUsageSchema>;
