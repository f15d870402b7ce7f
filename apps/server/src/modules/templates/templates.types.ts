import type { RelativePlan } from '@dpp/shared';

/**
 * A template's plan: sections of tasks with subtasks, stored as JSON in project_plans.plan and pushed into task
 * tools by the upload feature. It has the shape of every plan due in days from the project's start (the AI
 * planner's too, and what a plan sheet reads into), which packages/shared names.
 */
export type TemplatePlan = RelativePlan;
export type TemplateSection = TemplatePlan['sections'][number];
export type TemplateTask = TemplateSection['tasks'][number];
