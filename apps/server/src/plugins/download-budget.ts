import { MEMBER_BUDGETS, WORK_MESSAGES } from '@dpp/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberBudget } from './member-budget';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler, after requireUser: the member's downloads per minute (MEMBER_BUDGETS.DOWNLOADS_PER_MINUTE), every
     * download route counting together; over it, 429 with Retry-After. How many are built at once is the worker
     * pool's count (work/index.ts).
     */
    downloadBudget: (request: FastifyRequest) => Promise<void>;
  }
}

/** The download budget (ADR 0040), in the rate-limit store. Register after @fastify/rate-limit. */
export function registerDownloadBudget(app: FastifyInstance): void {
  const perMinute = MEMBER_BUDGETS.DOWNLOADS_PER_MINUTE;
  const downloads = memberBudget(app, {
    name: 'downloads',
    perMinute,
    refusal: (wait) => WORK_MESSAGES.DOWNLOADS_PER_MINUTE(perMinute, wait),
  });
  app.decorate('downloadBudget', (request: FastifyRequest) => downloads(request, request.session!.user.id));
}
