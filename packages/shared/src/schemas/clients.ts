import { z } from 'zod';
import { MESSAGES } from '../messages';
import { EmailSchema } from './identity';
import { BodyIdSchema } from './ids';

/** The signed-in user's record (stored by the web app as dppUser). */
export const ClientRecordSchema = z.object({
  id: z.number().int(),
  /** The identity username; used as client_id in billing calls. */
  username: z.string(),
  email: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  /** '1' trial, '2' paid, '' none. */
  is_subscribed: z.enum(['1', '2', '']),
  has_used_free_trial: z.boolean(),
  plan_name: z.string(),
  digipremium: z.number().int(),
  is_appsumo_user: z.boolean(),
  is_toolkit_user: z.boolean(),
  /** Unix seconds. */
  trial_start: z.number().int().nullable(),
  trial_end: z.number().int().nullable(),
  authorities: z.array(z.object({ name: z.string() })),
  appsumo_code: z.string(),
  first_name_appsumo: z.string(),
  last_name_appsumo: z.string(),
});
export type ClientRecord = z.infer<typeof ClientRecordSchema>;

export const ClientGetRequestSchema = z.object({ email: EmailSchema }).strict();
export const ClientCreateRequestSchema = z
  .object({
    email: EmailSchema,
    is_appsumo_user: z.boolean().optional(),
    appsumo_code: z.string().max(64).optional(),
    first_name_appsumo: z.string().max(60).optional(),
    last_name_appsumo: z.string().max(60).optional(),
  })
  .strict();
/** The caller's own record id; null for an anonymous caller, who is never told whether an address has one. */
export const ClientCreateResponseSchema = z.object({ id: z.number().int().nullable() });
export const ClientUpdateRequestSchema = z
  .object({
    id: BodyIdSchema,
    username: z.string().max(64).optional(),
    plan_name: z.string().max(100).optional(),
  })
  .strict()
  .refine((update) => update.username !== undefined || update.plan_name !== undefined, MESSAGES.NOTHING_TO_UPDATE);

export const PermissionSchema = z.object({
  id: z.number().int(),
  permission_type: z.string(),
  permission_name: z.string(),
  header_name: z.string(),
});
export type Permission = z.infer<typeof PermissionSchema>;

/** What one plan shows or hides. */
export const PlanPermissionSchema = z.object({
  id: z.number().int(),
  is_displayed: z.boolean(),
  /** For a permission that counts (e.g. `my-plans`, plan copies kept): at most this many; null: no limit. */
  limit: z.number().int().nullable(),
  entity_type: z.literal('PLAN'),
  plan: z.object({ id: z.number().int(), name: z.string() }),
  permission: PermissionSchema,
});
export type PlanPermission = z.infer<typeof PlanPermissionSchema>;

/** The caller's effective permissions, for the route gate and feature checks. */
export const ClientPermissionSchema = z.object({
  permission_type: z.string(),
  permission_name: z.string(),
  is_displayed: z.boolean(),
});
export type ClientPermission = z.infer<typeof ClientPermissionSchema>;

export const PermissionPlanSchema = z.object({ id: z.number().int(), name: z.string() });
