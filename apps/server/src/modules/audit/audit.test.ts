import { generate } from 'otplib';
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
  return res.json().events as {
    action: string;
    outcome: string;
    actor_email: string | null;
    reason: string | null;
    target: Record<string, string> | null;
  }[];
}

const post = (url: string, payload: object | string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });

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

describe('audit log of account security', () => {
  it('records two-factor set-up, the second sign-in factor (naming the user), and turning it off', async () => {
    const address = 'two-factor@example.com';
    const user = await signedInUser(ctx.app, address);
    const { secret } = (await post('/api/identity/mfa/setup', {}, user.auth)).json() as { secret: string };
    const enabled = await post('/api/identity/mfa/enable', { code: await generate({ secret }) }, user.auth);
    expect(enabled.statusCode).toBe(200);
    const [first, second] = enabled.json().recovery_codes as string[];

    const challenge = (await post('/api/identity/sign-in', { email: address, password: PASSWORD })).json();
    expect(challenge.mfa_token).toEqual(expect.any(String));
    expect(
      (await post('/api/identity/sign-in/mfa', { mfa_token: challenge.mfa_token, code: '000000' })).statusCode,
    ).toBe(400);
    const passed = await post('/api/identity/sign-in/mfa', { mfa_token: challenge.mfa_token, recovery_code: first });
    expect(passed.statusCode).toBe(200);
    expect((await post('/api/identity/mfa/disable', { recovery_code: second }, user.auth)).statusCode).toBe(200);

    const log = await events();
    const secondFactor = log.filter((e) => e.action === 'identity.sign-in-second-factor');
    expect(secondFactor.map((e) => [e.outcome, e.actor_email])).toEqual([
      ['success', address],
      ['failure', null],
    ]);
    expect(log.find((e) => e.action === 'identity.enable-two-factor')).toMatchObject({
      outcome: 'success',
      actor_email: address,
    });
    expect(log.find((e) => e.action === 'identity.disable-two-factor')).toMatchObject({
      outcome: 'success',
      actor_email: address,
    });
    expect(JSON.stringify(log)).not.toContain(first!);
  });

  it('records ending sessions, changing account details, social sign-in and unlinking', async () => {
    const address = 'sessions-audit@example.com';
    const user = await signedInUser(ctx.app, address);
    await post('/api/identity/sign-in', { email: address, password: PASSWORD });
    await post('/api/identity/sign-in', { email: address, password: PASSWORD });
    const sessions = (
      await ctx.app.inject({ method: 'GET', url: '/api/identity/sessions', headers: user.auth })
    ).json() as { id: number; current: boolean }[];
    const other = sessions.find((s) => !s.current)!;
    const ended = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/identity/sessions/${other.id}`,
      headers: user.auth,
    });
    expect(ended.statusCode).toBe(200);
    expect((await post('/api/identity/sessions/revoke-others', {}, user.auth)).statusCode).toBe(200);
    expect((await post('/api/identity/update-attributes', { given_name: 'Ada' }, user.auth)).statusCode).toBe(200);
    expect((await post('/api/identity/oauth/exchange', { code: 'not-a-hand-over-code' })).statusCode).toBe(400);
    const unlink = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/identity/linked-accounts/google',
      headers: user.auth,
    });
    expect(unlink.statusCode).toBeGreaterThanOrEqual(400);

    const log = await events();
    expect(log.find((e) => e.action === 'identity.end-session')).toMatchObject({
      outcome: 'success',
      actor_email: address,
      target: { id: String(other.id) },
    });
    expect(log.find((e) => e.action === 'identity.end-other-sessions')).toMatchObject({
      outcome: 'success',
      actor_email: address,
    });
    expect(log.find((e) => e.action === 'identity.update-attributes')).toMatchObject({
      outcome: 'success',
      actor_email: address,
    });
    expect(log.find((e) => e.action === 'identity.social-sign-in')).toMatchObject({ outcome: 'failure' });
    expect(log.find((e) => e.action === 'identity.unlink-social-account')).toMatchObject({
      outcome: 'failure',
      actor_email: address,
      target: { provider: 'google' },
    });
  });

  it('records administrators’ routes guarded before the body is read, and a member refused there', async () => {
    const csv = { 'content-type': 'text/csv' };
    const imported = await post('/api/appsumo/codes/import', 'AUDIT-CODE-0001\nAUDIT-CODE-0002\n', {
      ...admin.auth,
      ...csv,
    });
    expect(imported.statusCode).toBe(200);
    const member = await signedInUser(ctx.app, 'importer@example.com');
    const refused = await post('/api/appsumo/codes/import', 'AUDIT-CODE-0003\n', { ...member.auth, ...csv });
    expect(refused.statusCode).toBe(403);

    const imports = (await events()).filter((e) => e.action === 'admin.POST /api/appsumo/codes/import');
    expect(imports.map((e) => [e.outcome, e.actor_email])).toEqual([
      ['failure', 'importer@example.com'],
      ['success', 'auditor@example.com'],
    ]);
  });
});
