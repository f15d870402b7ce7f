import { AUTH_MESSAGES, MEMBER_ADMIN_MESSAGES, type MemberDetail, type MemberList } from '@dpp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, signedInMember, type TestContext } from '../../../test/helpers';
import { ROLE_ADMIN } from '../../plugins/auth';
import { ensureClient, grantAuthority } from '../clients/clients.repository';

let ctx: TestContext;
let admin: Record<string, string>;
let adminId: number;

interface Someone {
  email: string;
  id: number;
  auth: Record<string, string>;
}

async function member(email: string): Promise<Someone> {
  const { auth, clientId } = await signedInMember(ctx.app, email);
  return { email, id: clientId, auth };
}

const get = (url: string, headers: Record<string, string> = admin) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string> = admin) => ctx.app.inject({ method: 'POST', url, headers });
const list = async (query: string) => {
  const res = await get(`/api/admin/members?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MemberList;
};
const emails = (answer: MemberList) => answer.members.map((m) => m.email);
const signIn = (email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/identity/sign-in', payload: { email, password: PASSWORD } });

/** The audit events an action on a client record wrote, newest first. */
async function auditOf(action: string, clientId: number) {
  const found = (await ctx.app.db.execute(
    sql`select action, outcome, status_code, actor_email from audit_events
      where action = ${`admin.POST /api/admin/members/:clientId/${action}`} and target->>'clientId' = ${String(clientId)}
      order by id desc`,
  )) as unknown as { rows: { action: string; outcome: string; status_code: number; actor_email: string }[] };
  return found.rows;
}

let alice: Someone;
let bob: Someone;
let carolId: number;

beforeAll(async () => {
  ctx = await buildTestApp();
  const signedIn = await member('members-admin@example.com');
  admin = signedIn.auth;
  adminId = signedIn.id;
  await grantAuthority(ctx.app.db, adminId, ROLE_ADMIN);
  alice = await member('alice.trial@example.com');
  bob = await member('bob.deal@example.com');
  await ctx.app.db.execute(sql`update users set given_name = 'Alice', family_name = 'Zephyr'
    where email = ${alice.email}`);
  await ctx.app.db.execute(sql`update clients set is_subscribed = '1', plan_name = 'Growth' where id = ${alice.id}`);
  await ctx.app.db.execute(sql`update clients set is_appsumo_user = true, plan_name = 'Lifetime Deal'
    where id = ${bob.id}`);
  // Signed up, never verified.
  await ctx.app.inject({
    method: 'POST',
    url: '/api/identity/sign-up',
    payload: { email: 'carol.unverified@example.com', password: PASSWORD },
  });
  carolId = (await ensureClient(ctx.app.db, 'carol.unverified@example.com')).id;
});
afterAll(async () => {
  await ctx.close();
});

describe('the members list', () => {
  it('finds members by part of the e-mail or of the name', async () => {
    expect(emails(await list('q=bob.DEAL'))).toEqual([bob.email]);
    expect(emails(await list('q=zephyr'))).toEqual([alice.email]);
    expect(emails(await list('q=alice%20zeph'))).toEqual([alice.email]);
    // LIKE's wildcards are searched for as text.
    expect((await list('q=%25')).total).toBe(0);
  });

  it('filters by plan, trial, administrator, lock and lifetime deal', async () => {
    expect(emails(await list('plan=Growth'))).toEqual([alice.email]);
    expect(emails(await list('trial=true'))).toEqual([alice.email]);
    expect(emails(await list('lifetime_deal=true'))).toEqual([bob.email]);
    expect(emails(await list('admin=true'))).toContain('members-admin@example.com');
    expect(emails(await list('admin=true'))).not.toContain(alice.email);
    expect(emails(await list('admin=false&q=example.com'))).toContain(alice.email);
    expect((await list('locked=true')).total).toBe(0);
    const carol = (await list('q=carol')).members[0]!;
    expect([carol.verified, carol.has_account, carol.trial]).toEqual([false, true, false]);
  });

  it('is paged, newest first, with the total of all matches', async () => {
    const first = await list('q=example.com&size=2&page=1');
    const second = await list('q=example.com&size=2&page=2');
    expect(first.members).toHaveLength(2);
    expect(first.total).toBe(second.total);
    expect(first.total).toBeGreaterThanOrEqual(4);
    expect(first.members[0]!.client_id).toBeGreaterThan(first.members[1]!.client_id);
    expect(first.members[1]!.client_id).toBeGreaterThan(second.members[0]!.client_id);
    // One page holds at most 100; filters take only true or false.
    expect((await get('/api/admin/members?size=101')).statusCode).toBe(400);
    expect((await get('/api/admin/members?trial=yes')).statusCode).toBe(400);
    expect((await get('/api/admin/members?other=1')).statusCode).toBe(400);
  });
});

describe("a member's page", () => {
  it('shows their record, sessions and the audit events about them', async () => {
    const res = await get(`/api/admin/members/${alice.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as MemberDetail;
    expect(page.member).toMatchObject({ email: alice.email, name: 'Alice Zephyr', plan_name: 'Growth', trial: true });
    expect(page.sessions.length).toBeGreaterThanOrEqual(1);
    expect(page.audit_events.map((e) => e.action)).toContain('identity.sign-in');
    expect(page.payments).toEqual([]);
  });

  it('is a 404 for a client record that does not exist', async () => {
    const res = await get('/api/admin/members/999999');
    expect([res.statusCode, res.json().error.message]).toEqual([404, MEMBER_ADMIN_MESSAGES.NOT_FOUND]);
  });
});

describe('the actions on a member', () => {
  it('ends all their sessions: their next request is refused; the event is audited', async () => {
    const dave = await member('dave.sessions@example.com');
    expect((await get('/api/identity/sessions', dave.auth)).statusCode).toBe(200);
    const res = await post(`/api/admin/members/${dave.id}/end-sessions`);
    expect([res.statusCode, res.json().message]).toEqual([200, MEMBER_ADMIN_MESSAGES.SESSIONS_ENDED]);
    expect((await get('/api/identity/sessions', dave.auth)).statusCode).toBe(401);
    expect(await auditOf('end-sessions', dave.id)).toEqual([
      expect.objectContaining({ outcome: 'success', status_code: 200, actor_email: 'members-admin@example.com' }),
    ]);
    const page = (await get(`/api/admin/members/${dave.id}`)).json() as MemberDetail;
    expect(page.sessions.every((s) => s.revoked_at !== null)).toBe(true);
    expect(page.audit_events[0]!.action).toBe('admin.POST /api/admin/members/:clientId/end-sessions');
  });

  it('disables sign-in: the session ends and a sign-in is refused with a clear message, until enabled', async () => {
    const erin = await member('erin.disabled@example.com');
    const disabled = await post(`/api/admin/members/${erin.id}/disable-sign-in`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await get('/api/identity/sessions', erin.auth)).statusCode).toBe(401);
    // The right password is told, in plain words and by its own exception, that the account is disabled.
    const refused = await signIn(erin.email);
    expect([refused.statusCode, refused.json().error]).toEqual([
      403,
      expect.objectContaining({ exception: 'UserDisabledException', message: AUTH_MESSAGES.SIGN_IN_DISABLED }),
    ]);
    // A wrong one learns nothing of the account: the answer any wrong password gets.
    const guessed = await ctx.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in',
      payload: { email: erin.email, password: 'Wrong#Password1' },
    });
    const nobody = await ctx.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in',
      payload: { email: 'nobody.disabled@example.com', password: 'Wrong#Password1' },
    });
    expect([guessed.statusCode, guessed.json().error]).toEqual([nobody.statusCode, nobody.json().error]);
    expect(guessed.json().error).toMatchObject({ exception: 'NotAuthorizedException' });
    expect((await list('q=erin')).members[0]!.sign_in_disabled).toBe(true);
    expect((await post(`/api/admin/members/${erin.id}/enable-sign-in`)).statusCode).toBe(200);
    expect((await signIn(erin.email)).statusCode).toBe(200);
    expect((await auditOf('disable-sign-in', erin.id))[0]).toMatchObject({ outcome: 'success' });
    expect((await auditOf('enable-sign-in', erin.id))[0]).toMatchObject({ outcome: 'success' });
  });

  it('never disables their own sign-in', async () => {
    const res = await post(`/api/admin/members/${adminId}/disable-sign-in`);
    expect([res.statusCode, res.json().error.message]).toEqual([409, MEMBER_ADMIN_MESSAGES.OWN_SIGN_IN]);
  });

  it('lifts a lock: the locked member is found by the filter and may sign in at once', async () => {
    const frank = await member('frank.locked@example.com');
    for (let i = 0; i < 6; i++) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/identity/sign-in',
        payload: { email: frank.email, password: 'Wrong#Password1' },
      });
    }
    expect((await signIn(frank.email)).statusCode).toBe(429);
    expect(emails(await list('locked=true'))).toEqual([frank.email]);
    const page = (await get(`/api/admin/members/${frank.id}`)).json() as MemberDetail;
    expect(page.member.locked_until).not.toBeNull();
    expect((await post(`/api/admin/members/${frank.id}/lift-lock`)).statusCode).toBe(200);
    expect((await list('locked=true')).total).toBe(0);
    expect((await signIn(frank.email)).statusCode).toBe(200);
    expect((await auditOf('lift-lock', frank.id))[0]).toMatchObject({ outcome: 'success' });
  });

  it('resends the verification mail, only to a member who has not verified', async () => {
    const mails = async () =>
      ((await get(`/api/dev/mailbox?to=${encodeURIComponent('carol.unverified@example.com')}`)).json() as unknown[])
        .length;
    const before = await mails();
    const res = await post(`/api/admin/members/${carolId}/resend-verification`);
    expect([res.statusCode, res.json().message]).toEqual([200, MEMBER_ADMIN_MESSAGES.VERIFICATION_SENT]);
    expect(await mails()).toBe(before + 1);
    const verified = await post(`/api/admin/members/${alice.id}/resend-verification`);
    expect([verified.statusCode, verified.json().error.message]).toEqual([409, MEMBER_ADMIN_MESSAGES.ALREADY_VERIFIED]);
    expect((await auditOf('resend-verification', alice.id))[0]).toMatchObject({ outcome: 'failure', status_code: 409 });
  });

  it('grants and revokes the administrator role', async () => {
    const granted = await post(`/api/admin/members/${bob.id}/grant-admin`);
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await get('/api/admin/members', bob.auth)).statusCode).toBe(200);
    const revoked = await post(`/api/admin/members/${bob.id}/revoke-admin`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await get('/api/admin/members', bob.auth)).statusCode).toBe(403);
    expect((await auditOf('grant-admin', bob.id))[0]).toMatchObject({ outcome: 'success' });
    expect((await auditOf('revoke-admin', bob.id))[0]).toMatchObject({ outcome: 'success' });
  });

  it("never changes one's own administrator role", async () => {
    const res = await post(`/api/admin/members/${adminId}/revoke-admin`);
    expect([res.statusCode, res.json().error.message]).toEqual([409, MEMBER_ADMIN_MESSAGES.OWN_ADMIN_ROLE]);
    expect((await auditOf('revoke-admin', adminId))[0]).toMatchObject({ outcome: 'failure', status_code: 409 });
  });

  it('never takes the role from the last administrator, even when two revoke each other at once', async () => {
    // Only two administrators: each takes the role from the other at the same moment.
    const other = await member('grace.admin@example.com');
    await grantAuthority(ctx.app.db, other.id, ROLE_ADMIN);
    const seeded = (await ctx.app.db.execute(
      sql`select client_id from client_authorities where name = ${ROLE_ADMIN} and client_id not in (${adminId}, ${other.id})`,
    )) as unknown as { rows: { client_id: number }[] };
    for (const { client_id } of seeded.rows) {
      expect((await post(`/api/admin/members/${client_id}/revoke-admin`)).statusCode).toBe(200);
    }
    const answers = await Promise.all([
      post(`/api/admin/members/${other.id}/revoke-admin`, admin),
      post(`/api/admin/members/${adminId}/revoke-admin`, other.auth),
    ]);
    // Two lawful refusals: if both pass the permission check, the last-administrator rule answers 409;
    // if one revocation commits first, the other request no longer comes from an administrator: 403.
    const refusals = answers.filter((a) => a.statusCode !== 200);
    expect(refusals, answers.map((a) => a.body).join(' ')).toHaveLength(1);
    const refusal = refusals[0]!;
    const expected: Record<number, string> = { 409: MEMBER_ADMIN_MESSAGES.LAST_ADMIN, 403: AUTH_MESSAGES.FORBIDDEN };
    expect(refusal.json().error?.message, refusal.body).toBe(expected[refusal.statusCode]);
    // Either may win; the one whose revocation went through is the administrator left.
    const remaining = answers[0]!.statusCode === 200 ? admin : other.auth;
    const left = await get('/api/admin/members?admin=true', remaining);
    expect(left.statusCode, left.body).toBe(200);
    expect((left.json() as MemberList).total).toBe(1);
  });
});

describe('every members route', () => {
  const routes = (id: number) => [
    ['GET', '/api/admin/members'],
    ['GET', `/api/admin/members/${id}`],
    ...[
      'end-sessions',
      'disable-sign-in',
      'enable-sign-in',
      'lift-lock',
      'resend-verification',
      'grant-admin',
      'revoke-admin',
    ].map((action) => ['POST', `/api/admin/members/${id}/${action}`]),
  ];

  it('answers 401 without a session and 403 to a member, changing nothing', async () => {
    const mallory = await member('mallory.members@example.com');
    for (const [method, url] of routes(alice.id)) {
      const anonymous = await ctx.app.inject({ method: method as 'GET', url });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const forbidden = await ctx.app.inject({ method: method as 'GET', url, headers: mallory.auth });
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await get('/api/identity/sessions', alice.auth)).statusCode).toBe(200);
  });

  it('is an administrators route to the access checks and the audit log', () => {
    for (const [method, url] of routes(1)) {
      expect(ctx.app.adminRoutes.has(`${method} ${url!.replace(/\/1(\/|$)/, '/:clientId$1')}`), url).toBe(true);
    }
  });
});
