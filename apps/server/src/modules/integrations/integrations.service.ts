import { UPLOAD_MESSAGES } from '@dpp/shared';
import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type {
  Named,
  RemoteProgress,
  TaskToolAdapter,
  TaskToolName,
  TokenSource,
  ToolAccount,
  UploadLedger,
  UploadPlan,
  UploadSkip,
  UploadTarget,
} from '../../ports/task-tool.port';
import { UpstreamError } from '../../ports/task-tool.port';
import { randomSecret, sha256 } from '../identity';
import {
  enqueueJob,
  findJob,
  hasSucceededJob,
  type JobHandler,
  type JobRow,
  PermanentJobError,
  RetryLaterError,
} from '../jobs';
import { planSourceFor } from './integrations.plan-sources';
import { oauthStates, taskToolConnections, uploadItems } from './integrations.tables';
import { connectionHandles, resolveTokenKey, type TokenCipher, tokenCipher } from './integrations.token-crypto';
import { countItems, toUploadPlan } from './integrations.upload-plan';

export const UPLOAD_JOB_KIND = 'task-tool-upload';
/** How long an OAuth round trip may take between the link and the code exchange. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** Tokens this close to expiry are refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;

type ConnectionRow = typeof taskToolConnections.$inferSelect;

/** Whether this client's upload of this plan finished: our record behind the campaign's plan-uploaded tag. */
export async function hasUploadedPlan(db: Database, clientId: number, planId: string): Promise<boolean> {
  return hasSucceededJob(db, UPLOAD_JOB_KIND, { clientId: String(clientId), planId });
}

export interface UploadJobPayload {
  clientId: number;
  /** The plan's id as the upload path gave it (a template id, or the AI planner's): what the campaign tag names. */
  planId: string;
  connectionId: number;
  tool: TaskToolName;
  target: UploadTarget;
  plan: UploadPlan;
}

/** What a finished upload job keeps as its result. */
interface UploadJobResult {
  projectId: string;
  /** Null when the tool gave no address (or an upload finished before addresses were kept). */
  projectUrl: string | null;
  created: number;
  /** What the tool did not receive (links between tasks), each for its task; absent from older uploads' results. */
  skipped?: UploadSkip[];
}

/** A user-facing error for a failed call to a tool during the wizard (not the upload job). */
function upstreamToAppError(error: unknown): never {
  if (error instanceof UpstreamError) {
    if (error.status === 401 || error.status === 403) throw new AppError('TOOL_NOT_CONNECTED', error.message);
    throw new AppError('UPSTREAM_FAILED', error.message);
  }
  throw error;
}

/**
 * What a user may read of a failed upload: the task tool's own message when it refused the request (bad
 * workspace, revoked access), else 'Please try again' (server errors, network failures, our own faults).
 */
export function uploadFailureMessage(error: unknown): string {
  if (error instanceof UpstreamError && !error.retryable && error.status >= 400 && error.status < 500) {
    return error.message;
  }
  return UPLOAD_MESSAGES.TRY_AGAIN;
}

interface IntegrationsDeps {
  db: Database;
  config: Config;
  /** One adapter per tool, each pointed at the vendor or at its simulator. */
  taskTools: Record<TaskToolName, TaskToolAdapter>;
  now?: () => Date;
  /** Where a sent project whose address could not be read is reported. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export function integrationsService(deps: IntegrationsDeps) {
  const { db, config, taskTools: adapters } = deps;
  const now = deps.now ?? (() => new Date());
  const tokenKey = resolveTokenKey(config);
  const cipher: TokenCipher = tokenCipher(tokenKey);
  const handles = connectionHandles(tokenKey);
  const redirectUri = (tool: TaskToolName) => `${config.PUBLIC_URL.replace(/\/$/, '')}/upload-action/connect/${tool}`;

  /** The token of a connection, refreshed when it is about to expire or the tool said 401. */
  function tokenSource(connection: ConnectionRow): TokenSource {
    let current = connection;
    const adapter = adapters[current.tool as TaskToolName];
    const refresh = async (): Promise<string | null> => {
      if (!adapter.refresh || !current.refreshToken) return null;
      const fresh = await adapter.refresh(cipher.decrypt(current.refreshToken)).catch((error: unknown) => {
        // A refused refresh (revoked or expired grant) is the tool saying the connection is gone: a 401.
        if (error instanceof UpstreamError && error.status >= 400 && error.status < 500) {
          throw new UpstreamError(error.tool, 401, error.message, false);
        }
        throw error;
      });
      const [updated] = await db
        .update(taskToolConnections)
        .set({
          accessToken: cipher.encrypt(fresh.accessToken),
          refreshToken: fresh.refreshToken ? cipher.encrypt(fresh.refreshToken) : current.refreshToken,
          expiresAt: fresh.expiresAt ?? null,
          updatedAt: now(),
        })
        .where(eq(taskToolConnections.id, current.id))
        .returning();
      if (updated) current = updated;
      return fresh.accessToken;
    };
    return {
      async current() {
        if (current.expiresAt && current.expiresAt.getTime() - REFRESH_MARGIN_MS < now().getTime()) {
          const fresh = await refresh();
          if (fresh) return fresh;
        }
        return cipher.decrypt(current.accessToken);
      },
      refreshed: refresh,
    };
  }

  /** The member's connection to a tool that `handle` names; one per member and tool, so found by both. */
  async function connectionByHandle(clientId: number, tool: TaskToolName, handle: string): Promise<ConnectionRow> {
    const row = await findConnection(clientId, tool);
    if (!row || !handles.matches(row.handleHash, handle)) {
      throw new AppError('TOOL_NOT_CONNECTED', UPLOAD_MESSAGES.CONNECTION_UNKNOWN);
    }
    return row;
  }

  async function findConnection(clientId: number, tool: TaskToolName): Promise<ConnectionRow | null> {
    const [row] = await db
      .select()
      .from(taskToolConnections)
      .where(and(eq(taskToolConnections.clientId, clientId), eq(taskToolConnections.tool, tool)))
      .limit(1);
    return row ?? null;
  }

  async function connectionOf(clientId: number, tool: TaskToolName): Promise<ConnectionRow> {
    const row = await findConnection(clientId, tool);
    if (!row) throw new AppError('TOOL_NOT_CONNECTED', UPLOAD_MESSAGES.CONNECTION_UNKNOWN);
    return row;
  }

  async function loadLedger(job: JobRow, signal: AbortSignal): Promise<UploadLedger & { size(): number }> {
    const rows = await db.select().from(uploadItems).where(eq(uploadItems.jobId, job.id));
    const known = new Map(rows.map((r) => [r.itemKey, r.remoteId]));
    const remoteIds = new Set(known.values());
    return {
      signal,
      resumed: job.attempts > 1 || known.size > 0,
      get: (key) => known.get(key),
      holds: (remoteId) => remoteIds.has(remoteId),
      size: () => known.size,
      async record(entries) {
        if (entries.length === 0) return;
        await db
          .insert(uploadItems)
          .values(entries.map((e) => ({ jobId: job.id, itemKey: e.key, remoteId: e.remoteId })))
          .onConflictDoNothing();
        for (const e of entries) {
          known.set(e.key, e.remoteId);
          remoteIds.add(e.remoteId);
        }
      },
    };
  }

  /**
   * The address the tool gives the uploaded project. The plan is in the tool by then: a failed read leaves the
   * upload without its link rather than failing it (or sending it all again).
   */
  async function projectAddress(
    adapter: TaskToolAdapter,
    token: TokenSource,
    projectId: string,
    target: UploadTarget,
    signal: AbortSignal,
  ): Promise<string | null> {
    try {
      return await adapter.projectUrl(token, projectId, target, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      deps.log?.warn({ err: error, tool: adapter.tool, projectId }, 'the address of a sent project could not be read');
      return null;
    }
  }

  /** The upload job: creates what the ledger does not hold yet, in order, recording each remote id. */
  const runUpload: JobHandler = async (job, context) => {
    const payload = job.payload as UploadJobPayload;
    const [connection] = await db
      .select()
      .from(taskToolConnections)
      .where(eq(taskToolConnections.id, payload.connectionId))
      .limit(1);
    if (!connection) throw new PermanentJobError(UPLOAD_MESSAGES.CONNECTION_UNKNOWN);
    const ledger = await loadLedger(job, context.signal);
    const adapter = adapters[payload.tool];
    const token = tokenSource(connection);
    const result = await adapter.upload(token, payload.plan, payload.target, ledger);
    const projectUrl = await projectAddress(adapter, token, result.projectId, payload.target, context.signal);
    // Told before the job ends: should it fail, the job runs again, finds everything in the ledger, and tells again.
    await planSourceFor(payload.planId)?.sent?.(db, payload.clientId, payload.planId, {
      tool: payload.tool,
      at: now(),
      url: projectUrl,
      projectId: result.projectId,
      tasks: payload.plan.sections.flatMap((section) =>
        section.tasks.flatMap((task) => {
          const remoteId = ledger.get(task.key);
          if (!remoteId) return [];
          return [
            { remoteId, name: task.name, section: section.name, dueOn: task.dueOn, taskId: task.sourceId ?? null },
          ];
        }),
      ),
    });
    const outcome: UploadJobResult = {
      projectId: result.projectId,
      projectUrl,
      created: ledger.size(),
      skipped: result.skipped,
    };
    return outcome;
  };

  /**
   * The job's error is what its owner reads, so it holds only user-facing text; the original error goes to
   * the log as the cause (a database or network failure says nothing useful to the user and may leak internals).
   */
  const uploadHandler: JobHandler = async (job, context) => {
    try {
      return await runUpload(job, context);
    } catch (error) {
      // Stopping or losing the lease is not a failure of the upload: the runner hands the job on.
      if (context.signal.aborted || error instanceof PermanentJobError) throw error;
      const shown = uploadFailureMessage(error);
      if (error instanceof UpstreamError) {
        if (error.retryAfterMs !== undefined) throw new RetryLaterError(shown, error.retryAfterMs, { cause: error });
        if (!error.retryable) throw new PermanentJobError(shown, { cause: error });
      }
      // Retried with backoff; should it be the last attempt, the user reads 'Please try again'.
      throw new Error(shown, { cause: error });
    }
  };

  return {
    adapters,
    cipher,
    uploadHandler,
    connectionByHandle,

    /**
     * The tasks of a project sent earlier, read with the member's connection to the tool: 'disconnected' when
     * they removed it. Upstream failures are thrown as they are (the caller keeps its last good read).
     */
    async readProjectProgress(
      clientId: number,
      tool: TaskToolName,
      projectId: string,
      signal?: AbortSignal,
    ): Promise<RemoteProgress | 'disconnected'> {
      const connection = await findConnection(clientId, tool);
      if (!connection) return 'disconnected';
      return adapters[tool].readProgress(tokenSource(connection), projectId, signal);
    },

    /** The tool's consent page for this session: a fresh single-use state (and PKCE verifier for Asana). */
    async authorizationLink(sessionId: number, clientId: number, tool: TaskToolName): Promise<string> {
      const adapter = adapters[tool];
      const state = randomSecret(32);
      const verifier = adapter.usesPkce ? randomSecret(32) : null;
      // Old states of this session are useless once a new round trip starts; expired ones of anyone too.
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now()));
      await db.insert(oauthStates).values({
        stateHash: sha256(state),
        sessionId,
        clientId,
        tool,
        codeVerifier: verifier ? cipher.encrypt(verifier) : null,
        expiresAt: new Date(now().getTime() + OAUTH_STATE_TTL_MS),
      });
      return adapter.authorizeUrl({
        state,
        redirectUri: redirectUri(tool),
        ...(verifier && { codeChallenge: sha256(verifier) }),
      });
    },

    /** Exchanges a code for tokens, after checking the state belongs to this session; returns a new handle. */
    async connect(sessionId: number, clientId: number, tool: TaskToolName, code: string, state: string) {
      // Single use: the state is spent by the same statement that checks it.
      const [spent] = await db
        .update(oauthStates)
        .set({ usedAt: now() })
        .where(
          and(
            eq(oauthStates.stateHash, sha256(state)),
            eq(oauthStates.sessionId, sessionId),
            eq(oauthStates.clientId, clientId),
            eq(oauthStates.tool, tool),
            isNull(oauthStates.usedAt),
            gt(oauthStates.expiresAt, now()),
          ),
        )
        .returning();
      if (!spent) throw new AppError('FORBIDDEN', UPLOAD_MESSAGES.STATE_INVALID);
      const tokens = await adapters[tool]
        .exchangeCode({
          code,
          redirectUri: redirectUri(tool),
          ...(spent.codeVerifier && { codeVerifier: cipher.decrypt(spent.codeVerifier) }),
        })
        .catch(upstreamToAppError);
      // A new seed for each consent: the handle of an earlier connection no longer works.
      const seedHash = sha256(randomSecret(32));
      const values = {
        handleHash: seedHash,
        accessToken: cipher.encrypt(tokens.accessToken),
        refreshToken: tokens.refreshToken ? cipher.encrypt(tokens.refreshToken) : null,
        expiresAt: tokens.expiresAt ?? null,
        accountEmail: tokens.account.email,
        accountId: tokens.account.gid,
        updatedAt: now(),
      };
      await db
        .insert(taskToolConnections)
        .values({ clientId, tool, ...values })
        .onConflictDoUpdate({ target: [taskToolConnections.clientId, taskToolConnections.tool], set: values });
      return { handle: handles.handleOf(seedHash), account: tokens.account };
    },

    /**
     * The member's stored connection to a tool, for a new sending without a new consent: its handle while the tool
     * still honours the grant (checked with one call, a token near expiry refreshed first). A grant the tool
     * refuses (revoked, or expired beyond refreshing) is forgotten, and null sends the member to the consent page.
     */
    async resume(clientId: number, tool: TaskToolName): Promise<{ handle: string; account: ToolAccount } | null> {
      const row = await findConnection(clientId, tool);
      if (!row) return null;
      let account: ToolAccount;
      try {
        account = await adapters[tool].account(tokenSource(row));
      } catch (error) {
        if (!(error instanceof UpstreamError && (error.status === 401 || error.status === 403))) {
          return upstreamToAppError(error);
        }
        await db.delete(taskToolConnections).where(eq(taskToolConnections.id, row.id));
        return null;
      }
      if (account.email !== row.accountEmail || account.gid !== row.accountId) {
        await db
          .update(taskToolConnections)
          .set({ accountEmail: account.email, accountId: account.gid, updatedAt: now() })
          .where(eq(taskToolConnections.id, row.id));
      }
      return { handle: handles.handleOf(row.handleHash), account };
    },

    async workspaces(clientId: number, tool: TaskToolName, handle: string): Promise<Named[]> {
      const connection = await connectionByHandle(clientId, tool, handle);
      return adapters[tool].listWorkspaces(tokenSource(connection)).catch(upstreamToAppError);
    },

    async teams(clientId: number, tool: TaskToolName, handle: string, workspaceId: string): Promise<Named[]> {
      const connection = await connectionByHandle(clientId, tool, handle);
      const adapter = adapters[tool];
      if (!adapter.listTeams) return [];
      return adapter.listTeams(tokenSource(connection), workspaceId).catch(upstreamToAppError);
    },

    async createWorkspace(clientId: number, tool: TaskToolName, name: string): Promise<Named> {
      const adapter = adapters[tool];
      if (!adapter.createWorkspace) throw new AppError('NOT_FOUND', 'This tool has no workspaces to create.');
      const connection = await connectionOf(clientId, tool);
      return adapter.createWorkspace(tokenSource(connection), name).catch(upstreamToAppError);
    },

    /** Checks the plan and the connection, snapshots the plan into a job, and queues it. */
    async enqueueUpload(input: {
      clientId: number;
      tool: TaskToolName;
      handle: string;
      planId: string;
      target: UploadTarget;
      startDate?: string | undefined;
    }): Promise<JobRow> {
      const connection = await connectionByHandle(input.clientId, input.tool, input.handle);
      const source = planSourceFor(input.planId);
      const loaded = source ? await source.load(db, input.clientId, input.planId) : null;
      if (!source || !loaded) throw new AppError('NOT_FOUND', UPLOAD_MESSAGES.PLAN_NOT_FOUND);
      if (!(await source.mayUpload(db, input.clientId, input.planId))) {
        throw new AppError('PAYMENT_REQUIRED', UPLOAD_MESSAGES.PLAN_NOT_ALLOWED);
      }
      const startDate = input.startDate ?? now().toISOString().slice(0, 10);
      const plan = toUploadPlan({ key: 'project', ...loaded }, startDate);
      const payload: UploadJobPayload = {
        clientId: input.clientId,
        planId: input.planId,
        connectionId: connection.id,
        tool: input.tool,
        target: input.target,
        plan,
      };
      return enqueueJob(db, UPLOAD_JOB_KIND, payload, { maxAttempts: 8 });
    },

    /** A job's state as the browser sees it (its owner only). */
    async uploadProgress(clientId: number, jobId: number) {
      const job = await findJob(db, jobId);
      const payload = job?.payload as UploadJobPayload | undefined;
      if (!job || job.kind !== UPLOAD_JOB_KIND || payload?.clientId !== clientId) {
        throw new AppError('NOT_FOUND', 'No such upload.');
      }
      const [created] = await db.select({ n: count() }).from(uploadItems).where(eq(uploadItems.jobId, jobId));
      const result = job.status === 'succeeded' ? (job.result as UploadJobResult | null) : null;
      return {
        job,
        created: created?.n ?? 0,
        total: countItems(payload.plan),
        projectUrl: result?.projectUrl ?? null,
        skipped: result?.skipped ?? [],
      };
    },
  };
}

export type IntegrationsService = ReturnType<typeof integrationsService>;
