import { z } from 'zod';
import { DatabaseIdSchema } from './ids';

/** "My data": the archive of everything held about a member, and the deletion of their account. */

/** A requested archive: follow its job, then download it once with the token (only its hash is kept). */
export const MyDataExportStartedSchema = z.object({
  export_id: z.number().int(),
  job_id: z.number().int(),
  /** Shown this once; sent back in the X-Download-Token header of the download. */
  token: z.string(),
  /** Unix seconds: the link stops working then. */
  expires_at: z.number().int(),
});
export type MyDataExportStarted = z.infer<typeof MyDataExportStartedSchema>;

export const MyDataExportParamsSchema = z.object({ exportId: DatabaseIdSchema }).strict();

/** How far the archive is: `done` of `total` parts written; `ready` once it can be downloaded. */
export const MyDataExportStatusSchema = z.object({
  export_id: z.number().int(),
  state: z.enum(['queued', 'running', 'succeeded', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
  ready: z.boolean(),
  downloaded: z.boolean(),
  expires_at: z.number().int(),
});
export type MyDataExportStatus = z.infer<typeof MyDataExportStatusSchema>;

/** The download's single-use token, sent as a header so that it never sits in an address or a log. */
export const MyDataDownloadHeadersSchema = z.object({ 'x-download-token': z.string().min(1).max(128) });

/**
 * What the account's deletion is confirmed with: the password, else the authenticator code, else (`email`: an
 * account made through Google or Facebook with neither) a link mailed to the account's address.
 */
export const AccountDeletionInfoSchema = z.object({ confirm_with: z.enum(['password', 'code', 'email']) });
export type AccountDeletionInfo = z.infer<typeof AccountDeletionInfoSchema>;

/** The proof the account asks for (AccountDeletionInfo): its password, its authenticator code, or the mailed link's token. */
export const DeleteAccountRequestSchema = z
  .object({
    password: z.string().max(128).optional(),
    code: z.string().trim().max(16).optional(),
    token: z.string().trim().max(128).optional(),
  })
  .strict();
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

export const DeleteAccountResponseSchema = z.object({ deleted: z.literal(true) });

/** The deletion link was mailed: to this address (masked), working for this many minutes. */
export const AccountDeletionLinkSentSchema = z.object({ sent_to: z.string(), expires_in_minutes: z.number().int() });
export type AccountDeletionLinkSent = z.infer<typeof AccountDeletionLinkSentSchema>;
