import { MEMBER_BUDGETS, MY_DATA_MESSAGES } from '@dpp/shared';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchEventLoop } from '../../../test/event-loop';
import { buildTestApp, signedInMember, type TestContext } from '../../../test/helpers';
import { largePlan, storeCopies } from '../../../test/large-plans';
import { waitForJob } from '../jobs/jobs.service';

// "Download my data" off the event loop, and within the member's budget (ADR 0040): one archive at a time,
// MEMBER_BUDGETS.EXPORTS_PER_DAY a day, each emptied once downloaded or once its hour is over.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

/** Heavy builds take several times longer on a busy machine: a limit for a hang, not for slowness. */
const HEAVY_TEST_MS = 120_000;

type Auth = Record<string, string>;
type App = TestContext['app'];

const rows = async <T = Record<string, unknown>>(app: App, query: ReturnType<typeof sql>) =>
  ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;

const askForArchive = (app: App, auth: Auth) =>
  app.inject({ method: 'POST', url: '/api/my-data/exports', headers: auth });

/** Asks for an archive and waits until its job has finished. */
async function archiveFor(app: App, auth: Auth) {
  const started = await askForArchive(app, auth);
  expect(started.statusCode, started.body).toBe(202);
  const body = started.json() as { export_id: number; job_id: number; token: string };
  const job = await waitForJob(app.db, body.job_id, 60_000, 20);
  return { ...body, job };
}

/** A member whose archive is large: ten copies of a plan of 250 tasks, as the review's trial member had. */
async function memberWithLargeCopies(app: App, email: string) {
  const member = await signedInMember(app, email);
  await storeCopies(app, member.clientId, largePlan(250, 10), 10);
  return member;
}

describe('the archive of a member with ten large copies', () => {
  it('is built off the event loop: the server goes on answering while it is written', {
    timeout: HEAVY_TEST_MS,
  }, async () => {
    const ann = await memberWithLargeCopies(ctx.app, 'ann-large-archive@example.com');
    const watch = await watchEventLoop(() => archiveFor(ctx.app, ann.auth));
    const { export_id, token, job } = watch.result;
    expect(job?.status, job?.error ?? '').toBe('succeeded');
    // Built on the event loop, the zip held it for most of the job; on a worker thread, the loop only read the
    // rows (as text) and stored the zip.
    expect(
      watch.stallShare,
      `the loop stalled ${Math.round(watch.longestStallMs)} ms of ${Math.round(watch.durationMs)} ms`,
    ).toBeLessThan(0.5);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/my-data/exports/${export_id}/archive`,
      headers: { ...ann.auth, 'x-download-token': token },
    });
    expect(res.statusCode).toBe(200);
    const plans = JSON.parse(await (await JSZip.loadAsync(res.rawPayload)).file('plans.json')!.async('string'));
    expect(plans.member_plans).toHaveLength(10);
    expect(plans.member_plans[9].plan.sections[12].tasks[9].subtasks[9].name).toBe('Step 10');
  });
});

describe("a member's archives", () => {
  it('are built one at a time: of requests at once, one starts and the others get 429 with Retry-After', {
    timeout: HEAVY_TEST_MS,
  }, async () => {
    const bea = await memberWithLargeCopies(ctx.app, 'bea-one-at-a-time@example.com');
    const answers = await Promise.all(Array.from({ length: 4 }, () => askForArchive(ctx.app, bea.auth)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([202, 429, 429, 429]);
    for (const refused of answers.filter((res) => res.statusCode === 429)) {
      expect(refused.json().error).toEqual({ code: 'RATE_LIMITED', message: MY_DATA_MESSAGES.EXPORT_IN_PROGRESS });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const [only] = await rows<{ n: number }>(
      ctx.app,
      sql`select count(*)::int as n from member_exports where client_id = ${bea.clientId}`,
    );
    expect(only!.n).toBe(1);
    // Once it is built, the next one may start.
    const started = answers.find((res) => res.statusCode === 202)!.json() as { job_id: number };
    expect((await waitForJob(ctx.app.db, started.job_id, 60_000, 20))?.status).toBe('succeeded');
    expect((await archiveFor(ctx.app, bea.auth)).job?.status).toBe('succeeded');
  });

  it(`are ${MEMBER_BUDGETS.EXPORTS_PER_DAY} a day: the next is refused with 429, saying when the oldest leaves the day`, async () => {
    const cal = await signedInMember(ctx.app, 'cal-per-day@example.com');
    for (let n = 0; n < MEMBER_BUDGETS.EXPORTS_PER_DAY; n += 1) await archiveFor(ctx.app, cal.auth);
    const refused = await askForArchive(ctx.app, cal.auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: MY_DATA_MESSAGES.EXPORTS_PER_DAY_USED(MEMBER_BUDGETS.EXPORTS_PER_DAY, 'in 24 hours'),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // The oldest asked for almost a day ago: the next may come in half a minute.
    const backdate = (interval: string) =>
      ctx.app.db.execute(
        sql`update member_exports set created_at = now() - ${interval}::interval
          where id = (select min(id) from member_exports where client_id = ${cal.clientId})`,
      );
    await backdate('23 hours 59 minutes 30 seconds');
    const soon = await askForArchive(ctx.app, cal.auth);
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(soon.json().error.message).toMatch(/Please try again in \d+ seconds\.$/);
    await backdate('24 hours 1 second');
    expect((await askForArchive(ctx.app, cal.auth)).statusCode).toBe(202);
  });

  it('are emptied by the sweep once their hour is over, and a build left behind by a dead instance stops counting', async () => {
    const dan = await signedInMember(ctx.app, 'dan-sweep@example.com');
    const kept = await archiveFor(ctx.app, dan.auth);
    const late = await archiveFor(ctx.app, dan.auth);
    // The second one's hour is over, never downloaded; a third is stuck "building" past its hour.
    await ctx.app.db.execute(sql`update member_exports set expires_at = now() - interval '1 second'
      where id = ${late.export_id}`);
    await ctx.app.db.execute(sql`insert into member_exports (client_id, token_hash, expires_at, building_since)
      values (${dan.clientId}, 'stuck-build', now() - interval '1 second', now() - interval '61 minutes')`);
    expect((await askForArchive(ctx.app, dan.auth)).json().error.message).toBe(MY_DATA_MESSAGES.EXPORT_IN_PROGRESS);
    // A row older than the days it counts toward goes whole.
    await ctx.app.db.execute(sql`insert into member_exports (client_id, token_hash, expires_at, created_at)
      values (${dan.clientId}, 'last-week', now() - interval '8 days', now() - interval '8 days')`);

    expect(await ctx.app.myData.sweepExports()).toBe(2);
    const left = await rows<{ id: number; token_hash: string; archive: unknown; building_since: unknown }>(
      ctx.app,
      sql`select id, token_hash, archive, building_since from member_exports where client_id = ${dan.clientId}
        order by id`,
    );
    expect(left.map((r) => [r.id === kept.export_id, r.archive !== null, r.building_since !== null])).toEqual([
      [true, true, false],
      [false, false, false],
      [false, false, false],
    ]);
    expect(left.some((r) => r.token_hash === 'last-week')).toBe(false);
    // Nothing stands in the way but the day's count: three asked for today.
    const refused = await askForArchive(ctx.app, dan.auth);
    expect(refused.json().error.message).toBe(
      MY_DATA_MESSAGES.EXPORTS_PER_DAY_USED(MEMBER_BUDGETS.EXPORTS_PER_DAY, 'in 24 hours'),
    );
  });

  it('that are too large for a thread fail with the job, and free the member to ask again', {
    timeout: HEAVY_TEST_MS,
  }, async () => {
    // Threads of 32 MB take archives of up to 4 MB of rows: twenty large copies are more.
    const small = await buildTestApp({ WORKER_MEMORY_MB: '32' });
    try {
      const eve = await signedInMember(small.app, 'eve-too-large@example.com');
      await storeCopies(small.app, eve.clientId, largePlan(300, 3), 20);
      const { export_id, job } = await archiveFor(small.app, eve.auth);
      expect([job?.status, job?.attempts]).toEqual(['failed', 1]);
      const status = await small.app.inject({
        method: 'GET',
        url: `/api/my-data/exports/${export_id}`,
        headers: eve.auth,
      });
      expect(status.json()).toMatchObject({ state: 'failed', ready: false });
      const again = await askForArchive(small.app, eve.auth);
      expect(again.statusCode, again.body).toBe(202);
    } finally {
      await small.close();
    }
  });
});
