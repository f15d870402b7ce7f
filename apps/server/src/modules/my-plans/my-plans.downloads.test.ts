import { MEMBER_BUDGETS, WORK_MESSAGES } from '@dpp/shared';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchEventLoop } from '../../../test/event-loop';
import { buildTestApp, signedInMember, type TestContext } from '../../../test/helpers';
import { largePlan, storeCopy } from '../../../test/large-plans';

// The downloads of a member's copy are built on worker threads (ADR 0040): the event loop only waits, each build
// has a time and a memory budget, and each member a budget of downloads at once and per minute.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

/** Heavy builds take several times longer on a busy machine: a limit for a hang, not for slowness. */
const HEAVY_TEST_MS = 120_000;

type Auth = Record<string, string>;

const download = (app: TestContext['app'], auth: Auth, id: number, format: 'docx' | 'xlsx' = 'docx') =>
  app.inject({ method: 'GET', url: `/api/my-plans/${id}/download?format=${format}`, headers: auth });

/**
 * A copy at the bounds of a plan (MY_PLAN_LIMITS: 300 tasks, 1,000 subtasks), every text filled: the heaviest
 * Word file a member may ask for, about a second of building on a quiet machine, several on a busy one.
 */
const HEAVY = largePlan(300, 3);
/** A copy light to write. */
const LIGHT = largePlan(5, 2);

describe('a Word download of a large copy', () => {
  it('is built off the event loop: the server goes on answering while it is written', {
    timeout: HEAVY_TEST_MS,
  }, async () => {
    const ann = await signedInMember(ctx.app, 'ann-large-copy@example.com');
    const id = await storeCopy(ctx.app, ann.clientId, HEAVY);
    const watch = await watchEventLoop(() => download(ctx.app, ann.auth, id));
    expect(watch.result.statusCode, watch.result.body.slice(0, 200)).toBe(200);
    const zip = await JSZip.loadAsync(watch.result.rawPayload);
    expect(await zip.file('word/document.xml')!.async('string')).toContain('Task 15.20');
    // Built on the event loop, the file held it for nearly the whole download; on a worker thread, the loop
    // only read the copy and sent the file.
    expect(
      watch.stallShare,
      `the loop stalled ${Math.round(watch.longestStallMs)} ms of ${Math.round(watch.durationMs)} ms`,
    ).toBeLessThan(0.5);
  });
});

describe("a member's download budget", () => {
  it(`builds ${MEMBER_BUDGETS.DOWNLOADS_AT_ONCE} of their files at once, refuses more with 429 and Retry-After, and holds no one else up`, {
    timeout: HEAVY_TEST_MS,
  }, async () => {
    const bea = await signedInMember(ctx.app, 'bea-at-once@example.com');
    const cal = await signedInMember(ctx.app, 'cal-beside@example.com');
    const heavy = await storeCopy(ctx.app, bea.clientId, largePlan(100, 10));
    const light = await storeCopy(ctx.app, cal.clientId, LIGHT);
    const asked = Array.from({ length: MEMBER_BUDGETS.DOWNLOADS_AT_ONCE + 1 }, () =>
      download(ctx.app, bea.auth, heavy),
    );
    // Another member's download is not held up by Bea's, nor counted with them.
    const beside = await download(ctx.app, cal.auth, light);
    expect(beside.statusCode, beside.body.slice(0, 200)).toBe(200);
    const answers = await Promise.all(asked);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([
      ...Array(MEMBER_BUDGETS.DOWNLOADS_AT_ONCE).fill(200),
      429,
    ]);
    const refused = answers.find((res) => res.statusCode === 429)!;
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: WORK_MESSAGES.DOWNLOADS_AT_ONCE(MEMBER_BUDGETS.DOWNLOADS_AT_ONCE),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Once they are done, the next one is built.
    expect((await download(ctx.app, bea.auth, heavy, 'xlsx')).statusCode).toBe(200);
  });

  it(`allows ${MEMBER_BUDGETS.DOWNLOADS_PER_MINUTE} downloads a minute, Word and Excel together, then says when to try again`, async () => {
    const dan = await signedInMember(ctx.app, 'dan-per-minute@example.com');
    const id = await storeCopy(ctx.app, dan.clientId, LIGHT);
    for (let n = 0; n < MEMBER_BUDGETS.DOWNLOADS_PER_MINUTE; n += 1) {
      const res = await download(ctx.app, dan.auth, id, n % 2 === 0 ? 'docx' : 'xlsx');
      expect([n, res.statusCode]).toEqual([n, 200]);
    }
    const refused = await download(ctx.app, dan.auth, id);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(refused.json().error.message).toMatch(
      new RegExp(
        `^You can download up to ${MEMBER_BUDGETS.DOWNLOADS_PER_MINUTE} files a minute\\. Please try again in \\d+ (second|minute)s?\\.$`,
      ),
    );
    // Someone else's downloads are theirs to count.
    const eve = await signedInMember(ctx.app, 'eve-own-minute@example.com');
    expect((await download(ctx.app, eve.auth, await storeCopy(ctx.app, eve.clientId, LIGHT))).statusCode).toBe(200);
  });
});

describe("a build's budgets", () => {
  it('refuse a file that needs more memory than a thread has with 413, and the next file is built', {
    timeout: HEAVY_TEST_MS,
  }, async () => {
    // A thread of 32 MB: enough to load the builders and write a small plan; a plan past the bounds needs
    // hundreds. The download refuses such a copy before it is built (the bounds), so a route of this test's own
    // asks the pool for it.
    const small = await buildTestApp({ WORKER_MEMORY_MB: '32' }, undefined, (app) => {
      app.get('/test/large-build', async () => {
        await app.work.run('copyDocx', { name: 'Large', plan: largePlan(1000, 30) });
        return {};
      });
    });
    try {
      const fay = await signedInMember(small.app, 'fay-memory@example.com');
      const res = await small.app.inject({ method: 'GET', url: '/test/large-build' });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(413);
      expect(res.json().error).toMatchObject({ code: 'TOO_LARGE', message: WORK_MESSAGES.TOO_LARGE });
      const next = await download(small.app, fay.auth, await storeCopy(small.app, fay.clientId, LIGHT));
      expect(next.statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('give up a file that takes longer than its time with 503 and Retry-After, and stop its thread', {
    timeout: HEAVY_TEST_MS,
  }, async () => {
    // A second is far less than a file past the plan bounds takes. The download refuses such a copy before it
    // is built (the bounds), so a route of this test's own asks the pool for it.
    const quick = await buildTestApp({ WORKER_TASK_SECONDS: '1' }, undefined, (app) => {
      app.get('/test/slow-build', async () => {
        await app.work.run('copyDocx', { name: 'Slow', plan: largePlan(1000, 30) });
        return {};
      });
    });
    try {
      const res = await quick.app.inject({ method: 'GET', url: '/test/slow-build' });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(503);
      expect(res.json().error).toMatchObject({ code: 'UNAVAILABLE', message: WORK_MESSAGES.TOO_SLOW });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(quick.app.work.load()).toEqual({ running: 0, waiting: 0 });
    } finally {
      await quick.close();
    }
  });
});
