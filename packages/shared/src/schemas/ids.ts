import { z } from 'zod';

/** The largest value of a PostgreSQL integer column: a larger id can name nothing, and must not reach SQL. */
export const MAX_DATABASE_ID = 2_147_483_647;

/** A row id from a path or query: a positive integer within the column's range. */
export const DatabaseIdSchema = z.coerce.number().int().positive().max(MAX_DATABASE_ID);

/** A path with one row id: /{id}. */
export const IdParamSchema = z.object({ id: DatabaseIdSchema }).strict();

/** A row id inside a JSON body: a number, not coerced from text, within the column's range. */
export const BodyIdSchema = z.number().int().positive().max(MAX_DATABASE_ID);

/** Text that is a row id when it is all digits (a client named by id or username): in the column's range then. */
export const isIdInRangeOrName = (value: string) => !/^\d+$/.test(value) || DatabaseIdSchema.safeParse(value).success;

/** A plan made with the AI planner, as uploads and campaign tags name it: `ai-<id>` (never a template id). */
export const AiPlanIdSchema = z.string().regex(/^ai-[1-9]\d{0,8}$/, 'must be a template id or an AI plan id (ai-<id>)');

/** A member's own plan copy (My Plans), as uploads and campaign tags name it: `my-plan-<id>`. */
export const MyPlanIdSchema = z
  .string()
  .regex(/^my-plan-[1-9]\d{0,8}$/, 'must be a template id, an AI plan id (ai-<id>) or a plan copy id (my-plan-<id>)');

/** The plan an upload named: a template's id, an AI plan's `ai-<id>` or a member's copy's `my-plan-<id>`. */
export const UploadedPlanIdSchema = z.union([AiPlanIdSchema, MyPlanIdSchema, DatabaseIdSchema]);
export type UploadedPlanId = z.infer<typeof UploadedPlanIdSchema>;
