import { z } from 'zod';
import { DatabaseIdSchema } from './ids';

/** The members tab of /admin_panel: the list, one member's page and the actions on their account. */

/** The most members one page of the list holds. */
export const MEMBER_LIST_MAX_SIZE = 100;
/** The most rows each list of a member's page holds (newest first). */
export const MEMBER_PAGE_LIST_LIMIT = 20;

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Search and filters of the list; each filter left out matches everyone. Pages count from 1. */
export const MemberListQuerySchema = z
  .object({
    /** Part of the e-mail address or of the name. */
    q: z.string().trim().max(200).optional(),
    /** The client record's plan name, exactly. */
    plan: z.string().trim().max(100).optional(),
    trial: flag.optional(),
    admin: flag.optional(),
    locked: flag.optional(),
    lifetime_deal: flag.optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    size: z.coerce.number().int().min(1).max(MEMBER_LIST_MAX_SIZE).default(20),
  })
  .strict();
export type MemberListQuery = z.input<typeof MemberListQuerySchema>;
export type MemberListFilters = Omit<z.output<typeof MemberListQuerySchema>, 'page' | 'size'>;

/** One member as the list shows them: their client record, with what their identity adds. */
export const MemberSummarySchema = z.object({
  client_id: z.number().int(),
  email: z.string(),
  name: z.string(),
  plan_name: z.string(),
  trial: z.boolean(),
  admin: z.boolean(),
  locked: z.boolean(),
  lifetime_deal: z.boolean(),
  /** False for a client record with no sign-in account (yet). */
  has_account: z.boolean(),
  verified: z.boolean(),
  sign_in_disabled: z.boolean(),
  created_at: z.string(),
});
export type MemberSummary = z.infer<typeof MemberSummarySchema>;

export const MemberListSchema = z.object({
  members: z.array(MemberSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type MemberList = z.infer<typeof MemberListSchema>;

export const MemberParamsSchema = z.object({ clientId: DatabaseIdSchema }).strict();

/** One member's page: their record and the newest rows of each kind held about them (MEMBER_PAGE_LIST_LIMIT each). */
export const MemberDetailSchema = z.object({
  member: MemberSummarySchema.extend({
    subscription_state: z.enum(['', '1', '2']),
    trial_end: z.string().nullable(),
    digipremium: z.number().int(),
    toolkit: z.boolean(),
    /** Until when sign-in waits after failed attempts; null when it need not. */
    locked_until: z.string().nullable(),
  }),
  subscriptions: z.array(
    z.object({
      id: z.number().int(),
      provider: z.string(),
      plan_id: z.number().int(),
      status: z.string(),
      started_at: z.string(),
      current_period_end: z.string(),
      canceled_at: z.string().nullable(),
    }),
  ),
  payments: z.array(
    z.object({ id: z.number().int(), kind: z.string(), amount_cents: z.number().int(), created_at: z.string() }),
  ),
  purchases: z.array(
    z.object({
      id: z.number().int(),
      project_plan_id: z.number().int(),
      provider: z.string(),
      amount_cents: z.number().int(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
  ai_plans: z.array(z.object({ id: z.number().int(), title: z.string(), updated_at: z.string() })),
  uploads: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      status: z.string(),
      created_at: z.string(),
      finished_at: z.string().nullable(),
    }),
  ),
  ai_usage: z.array(z.object({ period: z.string(), tokens: z.number().int(), requests: z.number().int() })),
  sessions: z.array(
    z.object({
      id: z.number().int(),
      user_agent: z.string(),
      ip: z.string(),
      created_at: z.string(),
      last_seen_at: z.string(),
      expires_at: z.string(),
      revoked_at: z.string().nullable(),
    }),
  ),
  audit_events: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      action: z.string(),
      outcome: z.string(),
      actor_email: z.string().nullable(),
      ip: z.string(),
    }),
  ),
});
export type MemberDetail = z.infer<typeof MemberDetailSchema>;

/** The answer of every action: what it did, in the product's words. */
export const MemberActionResultSchema = z.object({ ok: z.literal(true), message: z.string() });
export type MemberActionResult = z.infer<typeof MemberActionResultSchema>;
