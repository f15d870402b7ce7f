import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, signedInUser, type TestContext } from '../../../test/helpers';
import { ROLE_ADMIN } from '../../plugins/auth';
import { ensureClient, grantAuthority } from '../clients/clients.repository';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  ctx = await buildTestApp({}, undefined, (app) => {
    // Stands for any administrator's change: every non-GET route behind requireAdmin is audited.
    app.delete('/api/test-admin/things/:thingId', { preHandler: app.requireAdmin }, async () => ({ ok: true }));
  });
  admin = await signedInUser(ctx.app, 'auditor@example.com');
  await grantAuthority(ctx.app.db, (await ensureClient(ctx.app.db, 'auditor@example.com')).id, ROLE_ADMIN);
});
afterAll(() => ctx.close());

async function events() {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/audit-events?size=200', headers: admin.auth });
  expect(res.statusCode).toBe(200);
  return res.json().events as { action: string; outcome: string; actor_email: string; reason: string | null }[];
}

const signIn = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/identity/sign-in', payload: { email, password } });

describe('audit log', () => {
  it('records sign-ins, failed ones, the lockout, and a password change, without any password', async () => {
    await signedInUser(ctx.app, 'mallory@example.com');
    for (let attempt = 0; attempt < 6; attempt++) await signIn('mallory@example.com', 'Wrong#2026x');
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/identity/change-password',
      headers: admin.auth,
      payload: { current_password: PASSWORD, new_password: 'Planner#2027' },
    });
    expect(change.statusCode).toBe(200);
    const mallory = (await events()).filter((e) => e.actor_email === 'mallory@example.com');
    expect(mallory.filter((e) => e.action === 'identity.sign-in' && e.outcome === 'success')).toHaveLength(1);
    expect(mallory.filter((e) => e.reason === 'NotAuthorizedException').length).toBeGreaterThanOrEqual(4);
    expect(mallory.some((e) => e.reason === 'LimitExceededException')).toBe(true);
    const changes = (await events()).filter((e) => e.action === 'identity.change-password');
    expect(changes).toEqual([
      expect.objectContaining({
        actor_email: 'auditor@example.com',
        outcome: 'success',
      }),
    ]);
    expect(JSON.stringify(await events())).not.toContain('Wrong#2026x');
  });

  it('records administrators’ changes with what they targeted', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/test-admin/things/42', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const [latest] = await events();
    expect(latest).toMatchObject({
      action: 'admin.DELETE /api/test-admin/things/:thingId',
      outcome: 'success',
      actor_email: 'auditor@example.com',
      target: { thingId: '42' },
    });
  });

  it('is readable by administrators only', async () => {
    const member = await signedInUser(ctx.app, 'member@example.com');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/audit-events' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/audit-events', headers: member.auth })).statusCode,
    ).toBe(403);
  });
});
