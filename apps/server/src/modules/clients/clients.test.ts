import { ClientRecordSchema, MESSAGES } from '@dpp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestContext } from '../../../test/helpers';
import { ROLE_ADMIN } from '../../plugins/auth';
import { ensureClient, grantAuthority } from './clients.repository';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });

describe('client records', () => {
  it('lets a user read their own record, and nobody else', async () => {
    const alice = await signedInUser(ctx.app, 'alice@example.com');
    const bob = await signedInUser(ctx.app, 'bob@example.com');
    const own = await post('/api/client/get', { email: 'alice@example.com' }, alice.auth);
    expect(own.statusCode).toBe(200);
    const record = ClientRecordSchema.parse(own.json());
    expect(record).toMatchObject({ email: 'alice@example.com', username: alice.username, is_subscribed: '' });
    expect((await post('/api/client/get', { email: 'alice@example.com' }, bob.auth)).statusCode).toBe(403);
    expect((await post('/api/client/get', { email: 'nobody@example.com' }, bob.auth)).statusCode).toBe(403);
    expect((await post('/api/client/get', { email: 'alice@example.com' })).statusCode).toBe(401);
  });

  it('never takes a plan or another identity from the browser', async () => {
    const carol = await signedInUser(ctx.app, 'carol@example.com');
    const dave = await signedInUser(ctx.app, 'dave@example.com');
    const record = (await post('/api/client/get', { email: 'carol@example.com' }, carol.auth)).json();
    const plan = await post(
      '/api/client/update',
      { id: record.id, plan_name: 'Premium Monthly Membership' },
      carol.auth,
    );
    expect(plan.statusCode).toBe(403);
    const steal = await post('/api/client/update', { id: record.id, username: dave.username }, carol.auth);
    expect(steal.statusCode).toBe(403);
    const other = await post('/api/client/update', { id: record.id, username: dave.username }, dave.auth);
    expect(other.statusCode).toBe(403);
    const subscribed = await post('/api/client/update', { id: record.id, is_subscribed: '2' }, carol.auth);
    expect(subscribed.statusCode).toBe(400);
  });

  it('answers allow/create alike for known and unknown e-mails, and gives the id only to its owner', async () => {
    const erin = await signedInUser(ctx.app, 'erin@example.com');
    const known = await post('/api/client/allow/create', { email: 'erin@example.com' });
    const unknown = await post('/api/client/allow/create', { email: 'ghost@example.com' });
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(known.json()).toEqual({ id: null });
    const own = await post('/api/client/allow/create', { email: 'erin@example.com' }, erin.auth);
    const record = (await post('/api/client/get', { email: 'erin@example.com' }, erin.auth)).json();
    expect(own.json()).toEqual({ id: record.id });
    // Someone else's address, known or not, is refused alike.
    await signedInUser(ctx.app, 'fay@example.com');
    const other = await post('/api/client/allow/create', { email: 'fay@example.com' }, erin.auth);
    const nobody = await post('/api/client/allow/create', { email: 'ghost@example.com' }, erin.auth);
    expect(other.statusCode).toBe(403);
    expect([other.statusCode, other.body]).toEqual([nobody.statusCode, nobody.body]);
  });

  it('answers an update with nothing to change, or an id past the column range, with a 400 in clear words', async () => {
    const member = await signedInUser(ctx.app, 'empty-update@example.com');
    const record = (await post('/api/client/get', { email: 'empty-update@example.com' }, member.auth)).json();
    const empty = await post('/api/client/update', { id: record.id }, member.auth);
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: MESSAGES.NOTHING_TO_UPDATE });
    for (const id of [2 ** 31, 2 ** 53 - 1]) {
      const far = await post('/api/client/update', { id, username: member.username }, member.auth);
      expect(far.statusCode, `${id}: ${far.body}`).toBe(400);
      expect(far.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('lets an administrator read any record', async () => {
    const admin = await signedInUser(ctx.app, 'admin@example.com');
    await grantAuthority(ctx.app.db, (await ensureClient(ctx.app.db, 'admin@example.com')).id, ROLE_ADMIN);
    await signedInUser(ctx.app, 'frank@example.com');
    const res = await post('/api/client/get', { email: 'frank@example.com' }, admin.auth);
    expect(res.statusCode).toBe(200);
    expect((await post('/api/client/get', { email: 'admin@example.com' }, admin.auth)).json().authorities).toEqual([
      { name: ROLE_ADMIN },
    ]);
  });
});

describe('permissions', () => {
  it("gives each user their plan's permissions and keeps the plan screens for administrators", async () => {
    const user = await signedInUser(ctx.app, 'grace@example.com');
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/client/permissions', headers: user.auth });
    expect(mine.json()).toContainEqual({
      permission_type: 'ROUTE',
      permission_name: 'ai/generate',
      is_displayed: false,
    });
    for (const url of ['/api/permissions/plans', '/api/permissions/plan/4']) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: user.auth })).statusCode, url).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const admin = await signedInUser(ctx.app, 'heidi@example.com');
    await grantAuthority(ctx.app.db, (await ensureClient(ctx.app.db, 'heidi@example.com')).id, ROLE_ADMIN);
    const plan = await ctx.app.inject({ method: 'GET', url: '/api/permissions/plan/7', headers: admin.auth });
    expect(plan.statusCode).toBe(200);
    expect(plan.json().every((p: { is_displayed: boolean }) => p.is_displayed)).toBe(true);
  });
});
