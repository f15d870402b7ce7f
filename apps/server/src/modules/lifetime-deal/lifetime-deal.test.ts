import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, mailedLink, signedInUser, type TestContext } from '../../../test/helpers';
import { ROLE_ADMIN } from '../../plugins/auth';
import { ensureClient, findClientByEmail, grantAuthority } from '../clients/clients.repository';
import { lifetimeDealCodes } from './lifetime-deal.tables';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await signedInUser(ctx.app, 'codes-admin@example.com');
  await grantAuthority(ctx.app.db, (await ensureClient(ctx.app.db, 'codes-admin@example.com')).id, ROLE_ADMIN);
});
afterAll(async () => {
  await ctx.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });
const importCsv = (csv: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/appsumo/codes/import',
    payload: csv,
    headers: { 'content-type': 'text/csv', ...headers },
  });

describe('lifetime-deal codes', () => {
  it('are imported by administrators only, and stored hashed', async () => {
    expect((await importCsv('code\nLTD-AAAA-0001\n')).statusCode).toBe(401);
    const user = await signedInUser(ctx.app, 'not-admin@example.com');
    expect((await importCsv('code\nLTD-AAAA-0001\n', user.auth)).statusCode).toBe(403);
    const res = await importCsv('code\nLTD-AAAA-0001\nltd-aaaa-0002,batch 1\nLTD-AAAA-0001\n', admin.auth);
    expect(res.json()).toEqual({ imported: 2, duplicates: 1 });
    const bad = await importCsv('code\nLTD-AAAA-0003\nnot a code!\n', admin.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Line 3');
    // Nothing of a refused file is kept, and no code is stored in clear.
    const rows = await ctx.app.db.select().from(lifetimeDealCodes);
    expect(JSON.stringify(rows)).not.toMatch(/LTD-AAAA-000[123]/);
    expect((await post('/appsumo/code', { appSumoCode: 'LTD-AAAA-0003' })).statusCode).toBe(404);
  });

  it('redeems once: after its account is made the second time fails, and unknown codes are not valid', async () => {
    await importCsv('LTD-ONCE-0001\n', admin.auth);
    const first = await post('/appsumo/code', { appSumoCode: 'LTD-ONCE-0001' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('Coupon code redeemed successfully');
    const form = { nameUser: 'Ada', lastName: 'Once', email: 'ada-once@example.com', appSumoCode: 'LTD-ONCE-0001' };
    expect((await post('/appsumo/response', form)).statusCode).toBe(200);
    const second = await post('/appsumo/code', { appSumoCode: 'ltd-once-0001' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('This code has already been redeemed');
    const unknown = await post('/appsumo/code', { appSumoCode: 'NOPE-0000' });
    expect(unknown.json().error.message).toBe('This code is not valid');
    expect((await post('/appsumo/code', { appSumoCode: 'X', extra: 1 })).statusCode).toBe(400);
  });

  it('gives a code to exactly one of two people claiming it at the same time', async () => {
    await importCsv('LTD-RACE-0001\n', admin.auth);
    // Both pass the code check (nobody has claimed it yet)…
    const checks = await Promise.all([
      post('/appsumo/code', { appSumoCode: 'LTD-RACE-0001' }),
      post('/appsumo/code', { appSumoCode: 'LTD-RACE-0001' }),
    ]);
    expect(checks.map((a) => a.statusCode)).toEqual([200, 200]);
    // …but only one gets the account.
    const claim = (email: string) =>
      post('/appsumo/response', { nameUser: 'Race', lastName: 'Runner', email, appSumoCode: 'LTD-RACE-0001' });
    const answers = await Promise.all([claim('race-a@example.com'), claim('race-b@example.com')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(loser.json().error.message).toBe('This code has already been redeemed');
    const claimed = await ctx.app.db
      .select()
      .from(lifetimeDealCodes)
      .where(inArray(lifetimeDealCodes.claimedEmail, ['race-a@example.com', 'race-b@example.com']));
    expect(claimed).toHaveLength(1);
  });

  it('lets a buyer whose account step failed start again after a reload, and only that buyer continue', async () => {
    await importCsv('LTD-STUCK-001\n', admin.auth);
    await signedInUser(ctx.app, 'stuck-old@example.com');
    expect((await post('/appsumo/code', { appSumoCode: 'LTD-STUCK-001' })).statusCode).toBe(200);
    const form = { nameUser: 'Sam', lastName: 'Stuck', email: 'stuck-old@example.com', appSumoCode: 'LTD-STUCK-001' };
    // The account step fails (here: the address is taken)…
    expect((await post('/appsumo/response', form)).statusCode).toBe(409);
    // …the page is reloaded and the whole form sent again: the code check passes again.
    const again = await post('/appsumo/code', { appSumoCode: 'LTD-STUCK-001' });
    expect(again.statusCode, again.body).toBe(200);
    const fixed = { ...form, email: 'stuck-new@example.com' };
    const response = await post('/appsumo/response', fixed);
    expect(response.statusCode).toBe(200);
    // Once claimed: the code check fails for everyone, the same address can still finish (the follow-up
    // failed, say), another address cannot.
    expect((await post('/appsumo/code', { appSumoCode: 'LTD-STUCK-001' })).statusCode).toBe(409);
    expect((await post('/appsumo/response', fixed)).json().database_id).toBe(response.json().database_id);
    const other = await post('/appsumo/response', { ...fixed, email: 'someone-else@example.com' });
    expect(other.statusCode).toBe(409);
    const follow = { nameUser: 'Sam', lastName: 'Stuck', email: fixed.email, database_id: response.json().database_id };
    expect((await post('/appsumo/send-password-email', follow)).json()).toEqual({ ok: true });
  });

  it('creates the account, mails the link, and the code logs in once with the deal plan', async () => {
    await importCsv('LTD-FLOW-0001\n', admin.auth);
    const form = { nameUser: 'Grace', lastName: 'Hopper', email: 'grace@example.com', appSumoCode: 'LTD-FLOW-0001' };
    // The account needs a redeemed code.
    expect((await post('/appsumo/response', form)).json().error.message).toBe('Please redeem your code first');
    await post('/appsumo/code', { appSumoCode: 'LTD-FLOW-0001' });
    const response = await post('/appsumo/response', form);
    expect(response.statusCode).toBe(200);
    const { database_id } = response.json();
    // Sending the form again gives the same account; another address cannot take the code.
    const again = (await post('/appsumo/response', form)).json();
    expect(again).toEqual({ database_id, sign_up_proof: expect.any(String) });
    const thief = await post('/appsumo/response', { ...form, email: 'thief@example.com' });
    expect(thief.json().error.message).toBe('This code has already been redeemed');

    const client = await findClientByEmail(ctx.app.db, 'grace@example.com');
    expect(client).toMatchObject({
      id: database_id,
      isAppsumoUser: true,
      firstNameAppsumo: 'Grace',
      lastNameAppsumo: 'Hopper',
      appsumoCode: '…0001',
    });
    const follow = { nameUser: 'Grace', lastName: 'Hopper', email: 'grace@example.com', database_id };
    expect((await post('/appsumo/send-password-email', { ...follow, email: 'x@example.com' })).statusCode).toBe(404);
    expect((await post('/appsumo/send-password-email', follow)).json()).toEqual({ ok: true });
    const { code, username } = await mailedLink(ctx.app, 'grace@example.com', '/activate-account/');

    const signIn = () => post('/api/identity/sign-in', { email: 'grace@example.com', password: 'LTD-FLOW-0001' });
    expect((await signIn()).json().error.exception).toBe('UserNotConfirmedException');
    // Confirmed in the browser that claimed the code: its proof keeps the code as the password.
    await post('/api/identity/confirm-sign-up', { username, code, sign_up_proof: again.sign_up_proof });
    const session = await signIn();
    expect(session.statusCode).toBe(200);
    expect(session.json().user.attributes['custom:appsumo_login']).toBe('true');
    expect((await findClientByEmail(ctx.app.db, 'grace@example.com'))?.planName).toBe('Pro Monthly Membership');
    const auth = { authorization: `Bearer ${session.json().access_token}` };
    const changed = await post(
      '/api/identity/change-password',
      { current_password: 'LTD-FLOW-0001', new_password: 'Deal#2026x' },
      auth,
    );
    expect(changed.statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(400);
    // The code is no longer the password: the account stops asking for one, and activation resumes at the names.
    const me = await ctx.app.inject({ method: 'GET', url: '/api/identity/current-user', headers: auth });
    expect(me.json().attributes).toMatchObject({ 'custom:appsumo_login': 'false', 'custom:first_login': 'true' });
    // The CRM heard of the new holder.
    const events = await ctx.app.inject({
      method: 'GET',
      url: '/api/active-campaign/events?email=grace@example.com',
      headers: admin.auth,
    });
    expect(events.json().map((e: { kind: string }) => e.kind)).toEqual(['tag_added', 'contact_created']);
    // The follow-up mails nobody twice once the account is confirmed.
    expect((await post('/appsumo/send-password-email', follow)).statusCode).toBe(409);
  });

  it('refuses an address that already has an account, keeping the code for another try', async () => {
    await signedInUser(ctx.app, 'taken@example.com');
    await importCsv('LTD-TAKE-0001\n', admin.auth);
    await post('/appsumo/code', { appSumoCode: 'LTD-TAKE-0001' });
    const form = { nameUser: 'Tom', lastName: 'Taken', email: 'taken@example.com', appSumoCode: 'LTD-TAKE-0001' };
    const refused = await post('/appsumo/response', form);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('An account already exists with this email address');
    expect((await post('/appsumo/response', { ...form, email: 'tom@example.com' })).statusCode).toBe(200);
  });
});
