import { AI_MESSAGES, MEMBER_BUDGETS } from '@dpp/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { type Lease, takeLease } from '../../lib/leases';

/**
 * How long an answer holds its place at most: longer than any answer is written (the provider's own timeout is a
 * minute by default). Only an instance that stopped mid-answer leaves a place held until then.
 */
const RUN_LEASE_MS = 5 * 60_000;
/** When to ask again after a refusal: an answer is written in seconds. */
const RETRY_SECONDS = 10;

/** Takes the place of one of a member's answers, to let go once it has ended; refused: the 429. */
export type PlannerRunBudget = (clientId: number) => Promise<Lease>;

/**
 * A member's budget of AI planner answers (ADR 0041): at most MEMBER_BUDGETS.PLANNER_RUNS_AT_ONCE being written
 * at once, counted in the database so that every instance counts them together (lib/leases.ts). Beyond it, the
 * 429 with Retry-After in the member's words; the provider is not asked.
 */
export function plannerRunBudget(app: FastifyInstance): PlannerRunBudget {
  const atOnce = MEMBER_BUDGETS.PLANNER_RUNS_AT_ONCE;
  return async (clientId) => {
    const place = await takeLease(app.db, `planner-runs:client:${clientId}`, { slots: atOnce, ttlMs: RUN_LEASE_MS });
    if (place) return place;
    throw new AppError('RATE_LIMITED', AI_MESSAGES.RUNS_AT_ONCE(atOnce), undefined, undefined, RETRY_SECONDS);
  };
}
