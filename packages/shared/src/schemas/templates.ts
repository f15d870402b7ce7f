import { z } from 'zod';
import { TEMPLATE_CATEGORIES, TEMPLATE_LINK_TYPES, TEMPLATE_PAGE_SIZE_MAX } from '../constants';
import { MAX_DATABASE_ID } from './ids';

export const ProjectPlanLinkSchema = z.object({
  id: z.number().int(),
  type: z.enum(TEMPLATE_LINK_TYPES),
  link: z.string(),
  link_text: z.string(),
});
export type ProjectPlanLink = z.infer<typeof ProjectPlanLinkSchema>;

/** What the public may see of a template's plan: its shape, not its content. */
export const ProjectPlanOutlineSchema = z.object({
  sections: z.array(z.object({ name: z.string(), task_count: z.number().int() })),
  task_count: z.number().int(),
  subtask_count: z.number().int(),
  /** Days from the project start to the last due date. */
  duration_days: z.number().int(),
});
export type ProjectPlanOutline = z.infer<typeof ProjectPlanOutlineSchema>;

export const ProjectPlanSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  /** Base name of the uploaded file. */
  name: z.string(),
  product_name: z.string(),
  description: z.string(),
  /** Sanitised HTML. */
  overview: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  active: z.boolean(),
  free: z.boolean(),
  /** One-time price in cents; 0 for free templates. */
  price: z.number().int().nonnegative(),
  tag_id: z.number().int().nullable(),
  project_plan_links: z.array(ProjectPlanLinkSchema),
  outline: ProjectPlanOutlineSchema,
});
export type ProjectPlan = z.infer<typeof ProjectPlanSchema>;

export const ProjectPlanListSchema = z.array(ProjectPlanSchema);

export const ProjectPlanPageQuerySchema = z
  .object({
    page: z.coerce.number().int().min(0).max(MAX_DATABASE_ID).default(0),
    size: z.coerce.number().int().min(1).max(TEMPLATE_PAGE_SIZE_MAX).default(10),
  })
  .strict();
export type ProjectPlanPageQuery = z.infer<typeof ProjectPlanPageQuerySchema>;

export const ProjectPlanPageSchema = z.object({
  project_plan_dtos: z.array(ProjectPlanSchema),
  total: z.number().int(),
});
export type ProjectPlanPage = z.infer<typeof ProjectPlanPageSchema>;

export const ProjectPlanCategoriesSchema = z.array(z.string());

/** A template is addressed by its numeric id or by its slug. */
export const ProjectPlanRefSchema = z.object({
  idOrSlug: z
    .string()
    .regex(/^(\d{1,10}|[a-z0-9]+(?:-[a-z0-9]+)*)$/, 'Unknown project plan')
    .max(120),
});

export const CountrySchema = z.object({ name: z.string(), dial_code: z.string(), code: z.string().length(2) });
export type Country = z.infer<typeof CountrySchema>;
export const CountryListSchema = z.array(CountrySchema);
