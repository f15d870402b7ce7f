import { z } from 'zod';
import { MESSAGES } from '../messages';
import { daySchema } from './days';
import { BodyIdSchema } from './ids';

/** The connectionType path segment (docs/product-rules.md, Plan upload): the tool's name, or its wizard value. */
export const CONNECTION_TYPES = ['asana', 'clickup', 'monday'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];
export const ConnectionTypeParamSchema = z.enum([...CONNECTION_TYPES, '1', '2', '3']);

/** An opaque handle of the server-side connection; never the tool's own token. */
const Handle = z.string().min(16).max(200);

export const OAuthLinkResponseSchema = z.object({ link: z.url() });
export type OAuthLinkResponse = z.infer<typeof OAuthLinkResponseSchema>;

export const TokensRequestSchema = z
  .object({
    userCode: z.string().min(1).max(2000),
    /** The OAuth state returned with the code; must match the one issued to this session. */
    state: z.string().min(16).max(200),
  })
  .strict();
export const TokensResponseSchema = z.object({
  access_token: z.string(),
  data: z.object({ email: z.string(), gid: z.string() }).nullable(),
  err: z.string().optional(),
});
export type TokensResponse = z.infer<typeof TokensResponseSchema>;

/** Sending again: the member's stored connection to the tool, reused while the tool still honours it. */
export const ResumeConnectionRequestSchema = z.object({}).strict();
export const ResumeConnectionResponseSchema = z.discriminatedUnion('connected', [
  z.object({
    connected: z.literal(true),
    /** The connection's handle, as the code exchange answers it. */
    access_token: z.string(),
    data: z.object({ email: z.string(), gid: z.string() }),
  }),
  /** No connection, or one the tool no longer honours: the member goes through the tool's consent. */
  z.object({ connected: z.literal(false) }),
]);
export type ResumeConnectionResponse = z.infer<typeof ResumeConnectionResponseSchema>;

export const NamedSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** What the place belongs to, where the tool nests them: a ClickUp space's Workspace. */
  group: z.string().optional(),
});
export type Named = z.infer<typeof NamedSchema>;

export const TeamsRequestSchema = z.object({ accessToken: Handle }).strict();
export const TeamsResponseSchema = z.object({ teams: z.array(NamedSchema) });

export const WorkspacesRequestSchema = z
  .object({ accessToken: Handle, managementToolEmail: z.string().max(320).optional() })
  .strict();
export const WorkspacesResponseSchema = z.object({
  spaces: z.array(NamedSchema),
  success: z.boolean(),
  message: z.string(),
});
export type WorkspacesResponse = z.infer<typeof WorkspacesResponseSchema>;

export const UploadPlanRequestSchema = z
  .object({
    accessToken: Handle,
    managementToolEmail: z.string().max(320).optional(),
    gid: z.string().max(100).optional(),
    /** Asana: the workspace the chosen team belongs to. */
    workspaceId: z.string().max(100).optional(),
    /** The project's first day (YYYY-MM-DD); today when absent. Due dates count from it. */
    startDate: daySchema(MESSAGES.BAD_DAY).optional(),
  })
  .strict();
/**
 * The upload call answers at once (202) with the job it queued: the status and message (the upload was accepted;
 * docs/product-rules.md, Plan upload) plus the job to follow (GET /api/upload-jobs/{job_id}/events) for its
 * progress and outcome.
 */
export const UploadPlanResponseSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  job_id: z.number().int(),
  /** True while the job still runs: its outcome comes from the job, not from this answer. */
  pending: z.boolean(),
});
export type UploadPlanResponse = z.infer<typeof UploadPlanResponseSchema>;

export const UploadJobResponseSchema = z.object({
  job_id: z.number().int(),
  state: z.enum(['queued', 'running', 'succeeded', 'failed']),
  status: z.boolean(),
  message: z.string(),
  created: z.number().int(),
  total: z.number().int(),
  /** Where the member opens the new project in the tool, once the upload succeeded; null before, or when none. */
  project_url: z.string().nullable(),
  /**
   * Once the upload succeeded: what of the plan the tool did not receive (a link between two tasks it refused, or
   * naming a task no longer in the plan), each for its task, in words for the member. Empty before, or when all went.
   */
  skipped: z.array(z.object({ task: z.string(), message: z.string() })),
});
export type UploadJobResponse = z.infer<typeof UploadJobResponseSchema>;

/** ClickUp and monday uploads through the team path: the workspace answer plus the queued job. */
export const UploadAcceptedSpacesResponseSchema = WorkspacesResponseSchema.extend({ job_id: z.number().int() });
export type UploadAcceptedSpacesResponse = z.infer<typeof UploadAcceptedSpacesResponseSchema>;

export const UploadFeedbackRequestSchema = z
  .object({
    rating: z.number().int().min(1).max(5),
    comment: z.string().max(2000).default(''),
    job_id: BodyIdSchema.optional(),
  })
  .strict();
export const UploadFeedbackResponseSchema = z.object({ id: z.number().int() });

export const CreateWorkspaceResponseSchema = z.object({ id: z.string(), name: z.string() });
