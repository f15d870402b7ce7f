import { z } from 'zod';
import { EmailSchema, NewAccountEmailSchema } from './identity';
import { DatabaseIdSchema, UploadedPlanIdSchema } from './ids';
import { ProjectPlanLinkSchema } from './templates';

const DatabaseId = DatabaseIdSchema;
const Name = z.string().trim().min(1).max(60);

/** POST /api/active-campaign/check-toolkit-user and check-digipremium-user. */
export const CrmCheckRequestSchema = z.object({ email: EmailSchema, database_id: DatabaseId }).strict();
export const ToolkitCheckResponseSchema = z.object({ is_toolkit_user: z.boolean() });
export const DigipremiumCheckResponseSchema = z.object({ is_digipremium: z.boolean() });

/** POST /api/active-campaign/create-contact (and create-contact-appsumo). */
export const CrmContactRequestSchema = z
  .object({ first_name: Name, last_name: Name, email: EmailSchema, database_id: DatabaseId })
  .strict();
export const CrmContactAppsumoRequestSchema = z.object({ email: EmailSchema, database_id: DatabaseId }).strict();

/** POST /api/active-campaign/create-tag: the contact uploaded a plan (a template, or an AI plan `ai-<id>`). */
export const CrmPlanTagRequestSchema = z
  .object({ database_id: DatabaseId, project_plan_id: UploadedPlanIdSchema })
  .strict();
/** POST /api/active-campaign/create-premium-tag. */
export const CrmPremiumTagRequestSchema = z.object({ database_id: DatabaseId }).strict();
/** POST /api/active-campaign/tag: a named tag on the caller's contact. */
export const CrmTagRequestSchema = z
  .object({
    contactTagRequest: CrmPlanTagRequestSchema,
    tag: z.string().trim().min(1).max(100),
    tag_type: z.literal('contact'),
    description: z.string().max(300).default(''),
  })
  .strict();
export const CrmOkResponseSchema = z.object({ ok: z.literal(true) });

export const CrmEventSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  kind: z.enum(['contact_created', 'tag_added']),
  detail: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type CrmEvent = z.infer<typeof CrmEventSchema>;

/** Admin: set the local CRM's flags of a contact (the local stand-in for tags set in the CRM itself). */
export const CrmFlagsRequestSchema = z
  .object({ email: EmailSchema, toolkit: z.boolean().optional(), digipremium: z.boolean().optional() })
  .strict();

/** A product as members see it: with every link (videos, templates, support). */
export const MemberProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  product_name: z.string(),
  description: z.string(),
  overview: z.string(),
  category: z.string(),
  project_plan_links: z.array(ProjectPlanLinkSchema),
});
export type MemberProduct = z.infer<typeof MemberProductSchema>;
export const MemberCategorySchema = z.object({ category: z.string(), products: z.array(MemberProductSchema) });
export type MemberCategory = z.infer<typeof MemberCategorySchema>;
export const MemberCatalogueSchema = z.array(MemberCategorySchema);
export const MemberLinkSchema = ProjectPlanLinkSchema.extend({
  product_id: z.number().int(),
  product_name: z.string(),
});
export type MemberLink = z.infer<typeof MemberLinkSchema>;
export { IdParamSchema } from './ids';

/** POST /email/send-email: a Q&A question to the support team. */
export const SendEmailRequestSchema = z
  .object({
    from: EmailSchema,
    to: EmailSchema,
    subject: z.string().trim().min(1).max(200),
    body: z.string().trim().min(1).max(5000),
  })
  .strict();
export type SendEmailRequest = z.input<typeof SendEmailRequestSchema>;

/** Lifetime deal: POST /appsumo/code. */
export const AppsumoCodeRequestSchema = z.object({ appSumoCode: z.string().trim().min(1).max(64) }).strict();
/** POST /appsumo/response. */
export const AppsumoResponseRequestSchema = z
  .object({
    nameUser: Name,
    lastName: Name,
    email: NewAccountEmailSchema,
    appSumoCode: z.string().trim().min(1).max(64),
  })
  .strict();
/** The claimed account's client id, and the proof for this browser's confirmation link (ADR 0025). */
export const AppsumoResponseSchema = z.object({ database_id: z.number().int(), sign_up_proof: z.string() });
/** The follow-up: POST /appsumo/send-password-email. */
export const AppsumoFollowUpRequestSchema = z
  .object({ nameUser: Name, lastName: Name, email: EmailSchema, database_id: DatabaseId })
  .strict();
export const AppsumoImportResponseSchema = z.object({ imported: z.number().int(), duplicates: z.number().int() });
