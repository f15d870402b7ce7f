import { tryAgainIn } from '@dpp/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * Spends `cost` calls (one by default) of a member's budget; beyond it, throws the 429 with Retry-After and the
 * refusal's words. A call that would go beyond spends what was left.
 */
export type MemberBudget = (request: FastifyRequest, member: number, cost?: number) => Promise<void>;

/**
 * A budget of calls a minute (or an hour, `perHour`) per member, counted in the rate-limit store (memory, PostgreSQL or Redis as
 * configured, ADR 0025) so that several instances count one member together. `name` keeps each budget's
 * counters apart; `refusal` words the 429 from when to try again ("in 40 seconds"). Build it after
 * @fastify/rate-limit is registered.
 */
export function memberBudget(
  app: FastifyInstance,
  options: { name: string; refusal: (wait: string) => string } & ({ perMinute: number } | { perHour: number }),
): MemberBudget {
  // The limiter keys on the request; the member is named by the caller (a route may know it before the session).
  const memberOf = new WeakMap<FastifyRequest, number>();
  const limit = app.createRateLimit({
    ...('perHour' in options
      ? { max: options.perHour, timeWindow: 3_600_000 }
      : { max: options.perMinute, timeWindow: 60_000 }),
    keyGenerator: (request) => `${options.name}:member:${memberOf.get(request)}`,
  });
  return async (request, member, cost = 1) => {
    memberOf.set(request, member);
    // The store counts one at a time; a call of several stops at the first one refused.
    for (let spent = 0; spent < cost; spent++) {
      const verdict = await limit(request);
      if (verdict.isAllowed || !verdict.isExceeded) continue;
      const seconds = Math.max(1, verdict.ttlInSeconds);
      throw new AppError('RATE_LIMITED', options.refusal(tryAgainIn(seconds)), undefined, undefined, seconds);
    }
  };
}
