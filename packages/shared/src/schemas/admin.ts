import { z } from 'zod';
import { TEMPLATE_CATEGORIES, TEMPLATE_LINK_TYPES, UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '../constants';
import { ADMIN_MESSAGES } from '../messages';
import { BodyIdSchema, MAX_DATABASE_ID } from './ids';

/** A link as an admin sends it: an id for a link that exists, none for a new one. */
export const ProjectPlanLinkInputSchema = z
  .object({
    id: BodyIdSchema.optional(),
    type: z.enum(TEMPLATE_LINK_TYPES),
    link: z.string().trim().max(2000),
    link_text: z.string().trim().max(300),
  })
  .strict();
export type ProjectPlanLinkInput = z.infer<typeof ProjectPlanLinkInputSchema>;

const productFields = {
  /** Base name of the uploaded spreadsheet ('' when none); its plan becomes the template's plan. */
  name: z.string().trim().max(200).default(''),
  product_name: z
    .string({ error: ADMIN_MESSAGES.PRODUCT_NAME_REQUIRED })
    .trim()
    .min(1, ADMIN_MESSAGES.PRODUCT_NAME_REQUIRED)
    .max(200),
  category: z.enum(TEMPLATE_CATEGORIES, { error: ADMIN_MESSAGES.CATEGORY_REQUIRED }),
  active: z.boolean().default(true),
  free: z.boolean().default(false),
  description: z.string().max(5000).default(''),
  /** Rich text; the server keeps only an allow-list of tags and attributes. */
  overview: z.string().max(100_000).default(''),
  project_plan_links: z.array(ProjectPlanLinkInputSchema).max(50).default([]),
  tag_id: z.number().int().min(0).max(MAX_DATABASE_ID).nullable().default(null),
};

export const ProjectPlanCreateSchema = z.object(productFields).strict();
export type ProjectPlanCreate = z.input<typeof ProjectPlanCreateSchema>;

/** The update carries the whole product and its id, as the create does. */
export const ProjectPlanUpdateSchema = z.object({ id: BodyIdSchema, ...productFields }).strict();
export type ProjectPlanUpdate = z.input<typeof ProjectPlanUpdateSchema>;

const extensions = UPLOAD_EXTENSIONS.join('|');
export const UploadLinkRequestSchema = z
  .object({
    fileName: z
      .string()
      .trim()
      .min(1, ADMIN_MESSAGES.SELECT_FILE)
      .max(200)
      .regex(new RegExp(`\\.(${extensions})$`, 'i'), ADMIN_MESSAGES.FILE_TYPE),
    /** The file's size in bytes; the URL then takes exactly that many (required with S3 storage). */
    size: z
      .number()
      .int()
      .min(1, ADMIN_MESSAGES.FILE_EMPTY)
      .max(UPLOAD_MAX_BYTES, ADMIN_MESSAGES.FILE_TOO_LARGE)
      .optional(),
  })
  .strict();
export type UploadLinkRequest = z.infer<typeof UploadLinkRequestSchema>;

export const UploadLinkResponseSchema = z.object({
  /** Where the file goes with PUT (a path on this server, or the storage service's presigned URL). */
  url: z.string(),
  method: z.literal('PUT'),
  /** Headers the PUT must carry. */
  headers: z.record(z.string(), z.string()),
  /** The stored file's base name: the product's name for a spreadsheet, the IMAGE_LINK link for an image. */
  name: z.string(),
  kind: z.enum(['image', 'spreadsheet']),
  /** ISO time after which the URL is refused. */
  expires_at: z.string(),
});
export type UploadLinkResponse = z.infer<typeof UploadLinkResponseSchema>;

export const UploadReceiptSchema = z.object({ name: z.string(), size: z.number().int() });

/** The plan-permission payload: which plan shows (true) or hides (false) which permission. */
export const PlanPermissionCreateSchema = z
  .object({
    is_displayed: z.boolean(),
    /** For a permission that counts (e.g. `my-plans`): at most this many; null or left out: no limit. */
    limit: z.number().int().min(0).max(1_000_000).nullable().optional(),
    plan: z.object({ id: BodyIdSchema }).strict(),
    entity_type: z.literal('PLAN'),
    permission: z.object({ id: BodyIdSchema }).strict(),
  })
  .strict();
export type PlanPermissionCreate = z.infer<typeof PlanPermissionCreateSchema>;

export const PlanPermissionUpdateSchema = PlanPermissionCreateSchema.extend({
  /** The id of the plan permission being changed. */
  queryId: BodyIdSchema,
}).strict();
export type PlanPermissionUpdate = z.infer<typeof PlanPermissionUpdateSchema>;
