import { request } from 'node:http';
import { AI_MESSAGES, AREA_SEPARATOR, MEMBER_BUDGETS, PLAN_NAMES } from '@dpp/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherInstance, buildTestApp, signedInUser, type TestContext } from '../../../test/helpers';
import { startOpenAiStub } from '../../../test/openai-stub';
import { clients } from '../clients/clients.tables';

/**
 * What one member may ask of the AI provider at once: a few answers being written, counted by every instance
 * together. Two app instances share the database, as instances behind a load balancer do.
 */
const STEP = {
  step: '0',
  industry: 'Real Estate',
  target_audience: 'Luxury condo sales in Miami',
  goal_or_problem: `Team & Hiring${AREA_SEPARATOR}Contractors & virtual assistants`,
  challenges: 'I spend 20 hours a week on admin',
  outcome_importance: 'Cut admin to 5 hours a week by June',
  solution: 'Action Plan',
};

let ctx: TestContext;
let second: FastifyInstance;
let stub: Awaited<ReturnType<typeof startOpenAiStub>>;

beforeAll(async () => {
  stub = await startOpenAiStub();
  const env = { AI_API_KEY: 'sk-test', AI_BASE_URL: stub.baseUrl, AI_MODEL: 'gpt-test' };
  ctx = await buildTestApp(env);
  second = await anotherInstance(ctx.app, env);
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
  await stub?.close();
});

let n = 0;
/** A signed-in, activated Premium member. */
async function member() {
  const email = `budget-${Date.now()}-${n++}@example.com`;
  const user = await signedInUser(ctx.app, email);
  await ctx.app.inject({
    method: 'POST',
    url: '/api/identity/update-attributes',
    payload: { given_name: 'Ada', family_name: 'Lovelace' },
    headers: user.auth,
  });
  await ctx.app.inject({ method: 'POST', url: '/api/client/get', payload: { email }, headers: user.auth });
  await ctx.app.db
    .update(clients)
    .set({ isSubscribed: '2', planName: PLAN_NAMES.PREMIUM_MONTHLY })
    .where(eq(clients.email, email));
  return user;
}

const ask = (app: FastifyInstance, auth: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/openai', payload: STEP, headers: auth });

describe("a member's budget of AI planner answers", () => {
  it('writes at most two answers at once for a member, whichever instance is asked; the rest are refused', async () => {
    const user = await member();
    const atOnce = MEMBER_BUDGETS.PLANNER_RUNS_AT_ONCE;
    // Each answer takes a while to write, as a real provider's.
    stub.setFallback({ chunks: ['Specific:', ' one', ' two', ' three'], delayMs: 150 });
    const asked = stub.requests.length;
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => ask(i % 2 === 0 ? ctx.app : second, user.auth)),
      );
      const written = answers.filter((a) => a.statusCode === 200);
      const refused = answers.filter((a) => a.statusCode !== 200);
      expect(written).toHaveLength(atOnce);
      for (const answer of refused) {
        expect(answer.statusCode, answer.body).toBe(429);
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        expect(answer.json().error.message).toBe(AI_MESSAGES.RUNS_AT_ONCE(atOnce));
      }
      // The provider was asked only for the answers written.
      expect(stub.requests.length - asked).toBe(atOnce);
      // Once written, their places are free again.
      const next = await Promise.all([ask(second, user.auth), ask(ctx.app, user.auth)]);
      expect(next.map((a) => a.statusCode)).toEqual([200, 200]);
    } finally {
      stub.setFallback({ chunks: ['Hello', ' world'] });
    }
  });

  it('frees the place of an answer whose browser went away mid-way', async () => {
    const user = await member();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as { port: number };
    stub.reply(
      ...Array.from({ length: MEMBER_BUDGETS.PLANNER_RUNS_AT_ONCE }, () => ({
        chunks: ['Specific:', ' slow', ' answer', ' never', ' read'],
        delayMs: 2_000,
      })),
    );
    // Each browser reads the first bytes of its answer, then closes the connection.
    const leaving = Array.from(
      { length: MEMBER_BUDGETS.PLANNER_RUNS_AT_ONCE },
      () =>
        new Promise<void>((resolve, reject) => {
          const req = request(
            `http://127.0.0.1:${port}/openai`,
            { method: 'POST', headers: { ...user.auth, 'content-type': 'application/json' } },
            (res) => {
              expect(res.statusCode).toBe(200);
              res.once('data', () => {
                req.destroy();
                resolve();
              });
            },
          );
          req.on('error', reject);
          req.end(JSON.stringify(STEP));
        }),
    );
    await Promise.all(leaving);
    // Long before the answers would have ended (10 s each), their places are free.
    await expect.poll(async () => (await ask(second, user.auth)).statusCode).toBe(200);
  });

  it('asks the provider ahead of the budget at most once for a member refused, on an instance not writing for them', async () => {
    const user = await member();
    // Let through once here: this instance would ask the provider early for the member's next request.
    expect((await ask(ctx.app, user.auth)).statusCode).toBe(200);
    // Meanwhile the other instance writes two answers for them.
    stub.reply(
      ...Array.from({ length: MEMBER_BUDGETS.PLANNER_RUNS_AT_ONCE }, () => ({
        chunks: ['Specific:', ' slow', ' answer'],
        delayMs: 1_000,
      })),
    );
    const before = stub.requests.length;
    const elsewhere = Array.from({ length: MEMBER_BUDGETS.PLANNER_RUNS_AT_ONCE }, () => ask(second, user.auth));
    const asked = before + MEMBER_BUDGETS.PLANNER_RUNS_AT_ONCE;
    await expect.poll(() => stub.requests.length).toBe(asked);
    const cut = stub.cutByClient;
    stub.reply({ chunks: ['Never', ' shown'], delayMs: 500 });
    // Asked early, then refused by the budget: that request is ended, nothing of it shown.
    const refused = await ask(ctx.app, user.auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).not.toContain('Never');
    await expect.poll(() => stub.cutByClient).toBe(cut + 1);
    // Refused once, the member's next request is not sent to the provider ahead of the budget's answer.
    expect((await ask(ctx.app, user.auth)).statusCode).toBe(429);
    expect((await Promise.all(elsewhere)).map((a) => a.statusCode)).toEqual([200, 200]);
    // By now the provider has seen every request it was sent: the early one only.
    expect(stub.requests.length).toBe(asked + 1);
    // Another member is not affected.
    expect((await ask(ctx.app, (await member()).auth)).statusCode).toBe(200);
  });
});
