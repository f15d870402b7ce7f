import { AI_MESSAGES, type AiRequest, AUTH_MESSAGES } from '@dpp/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import type { Lease } from '../../lib/leases';
import { sseEvent } from '../../lib/sse';
import { type AiProvider, type AiStream, estimateTokens, type LibraryTemplate } from '../../ports/ai.port';
import type { AuthenticatedSession } from '../identity';
import { sha256 } from '../identity';
import { activeTemplatePlans } from '../templates';
import { maxReplyTokens, promptFor } from './planner.prompts';
import { addTokens, periodOf } from './planner.repository';
import { creditsUsedMessage, findSessionGate, plannerAccessOf } from './planner.service';

/** The active templates that carry a plan: what a provider that composes rather than prompts draws on. */
async function templateLibrary(app: FastifyInstance): Promise<LibraryTemplate[]> {
  const rows = await activeTemplatePlans(app.db);
  return rows
    .filter((r) => r.plan.sections.length > 0)
    .map((r) => ({ productName: r.productName, sections: r.plan.sections }));
}

/** How long a session the gate let through may have the provider asked before the gate is read again. */
const ALLOWED_MS = 10 * 60_000;
/** Entries each cache keeps at most; past that it starts again, which costs only early requests. */
const CACHE_LIMIT = 10_000;

interface RelayCall {
  /** The bearer token of the caller; its session is checked here, read with the gate in one statement. */
  token: string;
  body: AiRequest;
  /** Aborts the provider's request: the browser went away. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
  /** Takes one of the member's runs (planner.budget.ts): its place, let go when the answer ends; or throws the 429. */
  takeRun: (clientId: number) => Promise<Lease>;
}

interface PlannerRelay {
  /**
   * One step of the AI planner: checks the session, the planner's gate and this month's credits, asks the
   * provider, and gives its reply as server-sent events: `delta` {text} as it is produced, then `done` {tokens,
   * estimated, used, limit}, or `error` {code, message} when the provider fails mid-way. Whatever was produced is
   * counted once, however the reply ends. Refusals (401, 402, 403, and 429 beyond the member's budget of runs)
   * and a provider refusing the request (502) are thrown before the first event.
   */
  start(call: RelayCall): Promise<{ session: AuthenticatedSession; events: AsyncGenerator<string> }>;
}

/**
 * The relay between the planner's browser and the AI provider. It keeps, per instance, this month's total per
 * client as last read or written here, and the sessions the gate let through lately: only for those, with
 * credits left as last counted, is the provider asked before the session, the gate and the member's budget of
 * runs have been read (a refusal costs at most one early request, which it ends). A member with a run under way
 * here, or refused by their budget lately, is not asked for early: many requests at once cost at most one.
 */
export function plannerRelay(app: FastifyInstance, provider: AiProvider): PlannerRelay {
  const counted = new Map<number, { used: number; period: string }>();
  const allowed = new Map<string, { at: number; clientId: number; limit: number }>();
  /** Runs under way on this instance per client (asked for early, or with their place taken). */
  const running = new Map<number, number>();
  /** Until when a client's budget refused them (epoch ms), as it said. */
  const refusedUntil = new Map<number, number>();
  const remember = (clientId: number, used: number, now: Date) => {
    if (counted.size > CACHE_LIMIT) counted.clear();
    counted.set(clientId, { used, period: periodOf(now) });
  };
  /** The client to ask for early: let through lately, with credits left, no run here, not refused lately. */
  const askEarlyFor = (tokenHash: string, now: Date): number | undefined => {
    const seen = allowed.get(tokenHash);
    if (!seen || seen.at < now.getTime() - ALLOWED_MS) return undefined;
    if (running.has(seen.clientId) || (refusedUntil.get(seen.clientId) ?? 0) > now.getTime()) return undefined;
    const used = counted.get(seen.clientId);
    return used !== undefined && used.period === periodOf(now) && used.used < seen.limit ? seen.clientId : undefined;
  };
  /** Counts a run under way here; the answer lets it go once, however the run ends. */
  const startRunning = (clientId: number) => {
    running.set(clientId, (running.get(clientId) ?? 0) + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (running.get(clientId) ?? 1) - 1;
      if (left > 0) running.set(clientId, left);
      else running.delete(clientId);
    };
  };
  const noteRefused = (clientId: number, error: unknown) => {
    if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') return;
    if (refusedUntil.size > CACHE_LIMIT) refusedUntil.clear();
    refusedUntil.set(clientId, Date.now() + (error.retryAfterSeconds ?? 1) * 1000);
  };
  const noteAllowed = (tokenHash: string, clientId: number, limit: number) => {
    if (allowed.size > CACHE_LIMIT) allowed.clear();
    allowed.set(tokenHash, { at: Date.now(), clientId, limit });
  };
  const count = async (clientId: number, tokens: number, now: Date) => {
    const used = await addTokens(app.db, clientId, tokens, now);
    remember(clientId, used, now);
    return used;
  };

  /** The session, its client and credits, refusing a dead session or a caller with no credits left. */
  async function admit(token: string, tokenHash: string, now: Date) {
    const found = await app.identity.authenticateWith(token, (hash, at) => findSessionGate(app.db, hash, at));
    if (!found) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.SESSION_REQUIRED);
    const access = await plannerAccessOf(app, found.session, found.found, now);
    remember(access.client.id, access.used, now);
    if (access.used >= access.limit) {
      throw new AppError('PAYMENT_REQUIRED', creditsUsedMessage(access.limit, now), { limit: access.limit });
    }
    noteAllowed(tokenHash, access.client.id, access.limit);
    return { session: found.session, ...access };
  }

  return {
    async start({ token, body, signal, log, takeRun }) {
      const messages = promptFor(body);
      // Ended when the browser goes away, or here when the caller is refused after an early request.
      const refused = new AbortController();
      const aborted = AbortSignal.any([signal, refused.signal]);
      const ask = () =>
        provider.complete({
          messages,
          request: body,
          library: () => templateLibrary(app),
          maxTokens: maxReplyTokens(body.step),
          signal: aborted,
        });
      const now = new Date();
      const tokenHash = sha256(token);
      // A session the gate let through last time is asked for at once, while it, the gate and the budget are read
      // again; the reply goes nowhere unless all still say yes, and a refusal ends the early request.
      const earlyClient = askEarlyFor(tokenHash, now);
      const endEarly = earlyClient === undefined ? undefined : startRunning(earlyClient);
      const early = endEarly ? ask() : undefined;
      early?.catch(() => undefined);
      // One turn of the event loop puts the early request on the wire before the read: the embedded database
      // answers on this thread and would otherwise hold it back until the gate is known.
      if (early) await new Promise((resolve) => setImmediate(resolve));
      let admitted: Awaited<ReturnType<typeof admit>>;
      try {
        admitted = await admit(token, tokenHash, now);
      } catch (error) {
        allowed.delete(tokenHash);
        refused.abort();
        endEarly?.();
        throw error;
      }
      const { session, client, limit } = admitted;
      let place: Lease;
      try {
        place = await takeRun(client.id);
      } catch (error) {
        noteRefused(client.id, error);
        refused.abort();
        endEarly?.();
        throw error;
      }
      const endRunning = endEarly ?? startRunning(client.id);
      // Let go when the answer ends, or when the browser leaves before it has begun.
      const letGo = () => {
        endRunning();
        place.release().catch((error: unknown) => log.warn({ err: error }, 'AI planner run place not let go'));
      };
      signal.addEventListener('abort', letGo, { once: true });
      let stream: AiStream;
      try {
        stream = await (early ?? ask());
      } catch (error) {
        letGo();
        log.error({ err: error }, 'AI provider refused the request');
        throw new AppError('UPSTREAM_FAILED', AI_MESSAGES.PROVIDER_FAILED);
      }
      const promptTokens = estimateTokens(messages.map((m) => m.content).join('\n'));
      async function* events() {
        let produced = '';
        let failed = false;
        let usage: ReturnType<AiStream['usage']> = null;
        let tokens = 0;
        let used = 0;
        try {
          for await (const text of stream.chunks) {
            produced += text;
            yield sseEvent('delta', { text });
          }
          usage = stream.usage();
        } catch (error) {
          failed = true;
          if (!aborted.aborted) log.error({ err: error }, 'AI provider failed mid-stream');
        } finally {
          // Counted once, however the reply ended: what was produced counts, also when the browser went away.
          tokens = usage ? usage.promptTokens + usage.completionTokens : promptTokens + estimateTokens(produced);
          try {
            used = await count(client.id, tokens, now);
          } finally {
            letGo();
          }
        }
        yield failed
          ? sseEvent('error', { code: 'UPSTREAM_FAILED', message: AI_MESSAGES.PROVIDER_FAILED })
          : sseEvent('done', { tokens, estimated: usage?.estimated ?? true, used, limit });
      }
      return { session, events: events() };
    },
  };
}
