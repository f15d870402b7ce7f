import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES } from '@dpp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, mailedLink, PASSWORD, signedInUser, type TestContext } from '../../../test/helpers';
import type { OutgoingMail } from '../../ports/mail.port';
import { identityService } from './identity.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

let counter = 0;
const email = () => `person${++counter}.${Date.now()}@example.com`;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });

describe('sign-up and verification', () => {
  it('creates an unconfirmed account, mails a one-time link, and confirms it', async () => {
    const address = email();
    const res = await post('/api/identity/sign-up', { email: address, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_confirmed: false });
    const { sign_up_proof } = res.json();

    const early = await post('/api/identity/sign-in', { email: address, password: PASSWORD });
    expect(early.json().error.exception).toBe('UserNotConfirmedException');

    const { code, username } = await mailedLink(ctx.app, address, '/activate-account/');
    expect((await post('/api/identity/confirm-sign-up', { username, code, sign_up_proof })).statusCode).toBe(200);
    const again = await post('/api/identity/confirm-sign-up', { username, code, sign_up_proof });
    expect(again.json().error.exception).toBe('NotAuthorizedException');

    const signIn = await post('/api/identity/sign-in', { email: address, password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.attributes['custom:first_login']).toBe('true');
    expect(signIn.json().user.attributes['custom:database_id']).toMatch(/^\d+$/);
  });

  it('carries a page of this site to come back to on the verification link, and refuses any other address', async () => {
    const address = email();
    const res = await post('/api/identity/sign-up', {
      email: address,
      password: PASSWORD,
      return_to: '/team/accept/Ab-_09xyzAb-_09xyz',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mailbox = await ctx.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(address)}` });
    const [link] = (mailbox.json() as { links: string[] }[]).flatMap((m) => m.links);
    const url = new URL(link!);
    expect(url.pathname).toMatch(/^\/activate-account\/[^/]+\/[^/]+$/);
    expect(url.searchParams.get('next')).toBe('/team/accept/Ab-_09xyzAb-_09xyz');
    // The link still verifies as one without a return address does.
    const { code, username } = await mailedLink(ctx.app, address, '/activate-account/');
    expect((await post('/api/identity/confirm-sign-up', { username, code })).statusCode).toBe(200);

    for (const elsewhere of ['//evil.example/x', 'https://evil.example/', '/x?y=1']) {
      const refused = await post('/api/identity/sign-up', { email: email(), password: PASSWORD, return_to: elsewhere });
      expect([refused.statusCode, refused.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('names each sign-up failure as the user pool does', async () => {
    const address = email();
    await post('/api/identity/sign-up', { email: address, password: PASSWORD });
    const taken = await post('/api/identity/sign-up', { email: address.toUpperCase(), password: PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      exception: 'UsernameExistsException',
      message: AUTH_MESSAGES.ACCOUNT_EXISTS,
    });
    const weak = await post('/api/identity/sign-up', { email: email(), password: 'password1' });
    expect(weak.json().error.exception).toBe('InvalidPasswordException');
    const badEmail = await post('/api/identity/sign-up', { email: 'not-an-email', password: PASSWORD });
    expect(badEmail.json().error.exception).toBe('InvalidParameterException');
    const extra = await post('/api/identity/sign-up', { email: email(), password: PASSWORD, admin: true });
    expect(extra.statusCode).toBe(400);
  });

  it('refuses a wrong verification link, and a resent link replaces the earlier one', async () => {
    const address = email();
    await post('/api/identity/sign-up', { email: address, password: PASSWORD });
    const { code, username } = await mailedLink(ctx.app, address, '/activate-account/');
    const wrong = await post('/api/identity/confirm-sign-up', { username, code: `${code}x` });
    expect(wrong.json().error.exception).toBe('CodeMismatchException');
    expect((await post('/api/identity/resend-code', { username })).statusCode).toBe(200);
    const fresh = await mailedLink(ctx.app, address, '/activate-account/');
    expect(fresh.code).not.toBe(code);
    const replaced = await post('/api/identity/confirm-sign-up', { username, code });
    expect(replaced.json().error.exception).toBe('CodeMismatchException');
    expect((await post('/api/identity/confirm-sign-up', fresh)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('knows the caller by the bearer token and forgets it after sign-out', async () => {
    const user = await signedInUser(ctx.app, email());
    const me = await ctx.app.inject({ method: 'GET', url: '/api/identity/current-user', headers: user.auth });
    expect(me.json().username).toBe(user.username);
    expect((await post('/api/identity/sign-out', {}, user.auth)).statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/identity/current-user', headers: user.auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('stores tokens, codes and passwords only as hashes, in every table of the database', async () => {
    const address = email();
    const { sign_up_proof } = (await post('/api/identity/sign-up', { email: address, password: PASSWORD })).json();
    const verify = await mailedLink(ctx.app, address, '/activate-account/');
    await post('/api/identity/confirm-sign-up', { ...verify, sign_up_proof });
    const signIn = await post('/api/identity/sign-in', { email: address, password: PASSWORD });
    const token = signIn.json().access_token as string;
    const auth = { authorization: `Bearer ${token}` };
    const changed = 'Changed#2026';
    await post('/api/identity/change-password', { current_password: PASSWORD, new_password: changed }, auth);
    await post('/api/identity/forgot-password', { email: address });
    const reset = await mailedLink(ctx.app, address, '/reset-password/');
    const { secret } = (await post('/api/identity/mfa/setup', {}, auth)).json() as { secret: string };

    const tables = (await ctx.app.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    const dumps = new Map<string, string>();
    for (const { table_name: table } of tables.rows) {
      const rows = await ctx.app.db.execute(sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`);
      dumps.set(table, JSON.stringify(rows));
    }
    expect(dumps.size).toBeGreaterThan(10);
    const all = [...dumps.values()].join('\n');
    expect(all).toContain(address);
    expect(all).toContain('$argon2id$');
    for (const secretValue of [PASSWORD, changed, token, secret, sign_up_proof]) expect(all).not.toContain(secretValue);
    // The local outbox holds the mails themselves, links included; nothing else may hold a code.
    const outsideOutbox = [...dumps].filter(([table]) => table !== 'mail_outbox').map(([, dump]) => dump);
    for (const code of [verify.code, reset.code]) {
      expect(dumps.get('mail_outbox')).toContain(code);
      for (const dump of outsideOutbox) expect(dump).not.toContain(code);
    }
  });
});

describe('passwords', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const address = email();
    const first = await signedInUser(ctx.app, address);
    const second = await post('/api/identity/sign-in', { email: address, password: PASSWORD });
    const otherAuth = { authorization: `Bearer ${second.json().access_token}` };

    const wrong = await post(
      '/api/identity/change-password',
      { current_password: 'Wrong#Pass1', new_password: 'Another#2026' },
      first.auth,
    );
    expect(wrong.json().error).toMatchObject({
      exception: 'NotAuthorizedException',
      message: AUTH_MESSAGES.CREDENTIALS_MISMATCH,
    });
    const ok = await post(
      '/api/identity/change-password',
      { current_password: PASSWORD, new_password: 'Another#2026' },
      first.auth,
    );
    expect(ok.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/identity/current-user', headers: first.auth })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/identity/current-user', headers: otherAuth })).statusCode,
    ).toBe(401);
    expect((await post('/api/identity/sign-in', { email: address, password: 'Another#2026' })).statusCode).toBe(200);
  });

  it('resets a forgotten password with a single-use link that expires', async () => {
    const address = email();
    const user = await signedInUser(ctx.app, address);
    expect((await post('/api/identity/forgot-password', { email: address })).json()).toEqual({ ok: true });
    expect((await post('/api/identity/forgot-password', { email: 'nobody@example.com' })).json()).toEqual({ ok: true });
    const { code, username } = await mailedLink(ctx.app, address, '/reset-password/');
    const reset = await post('/api/identity/confirm-forgot-password', { username, code, password: 'Reset#2026' });
    expect(reset.statusCode).toBe(200);
    const reuse = await post('/api/identity/confirm-forgot-password', { username, code, password: 'Reset#2027' });
    expect(reuse.json().error.exception).toBe('CodeMismatchException');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/identity/current-user', headers: user.auth })).statusCode,
    ).toBe(401);
    expect((await post('/api/identity/sign-in', { email: address, password: 'Reset#2026' })).statusCode).toBe(200);
  });
});

describe('pre-registered e-mail', () => {
  const ATTACKER_PASSWORD = 'Attacker#2026';
  const signInWith = (address: string, password: string) => post('/api/identity/sign-in', { email: address, password });

  it("ends with the attacker's password refused when the owner resets it by e-mail", async () => {
    const victim = email();
    await post('/api/identity/sign-up', { email: victim, password: ATTACKER_PASSWORD });
    const own = await post('/api/identity/sign-up', { email: victim, password: PASSWORD });
    expect(own.json().error.message).toBe(AUTH_MESSAGES.ACCOUNT_EXISTS);
    // Forgot-password on the unconfirmed account mails a real reset link.
    await post('/api/identity/forgot-password', { email: victim });
    const link = await mailedLink(ctx.app, victim, '/reset-password/');
    expect((await post('/api/identity/confirm-forgot-password', { ...link, password: PASSWORD })).statusCode).toBe(200);
    expect((await signInWith(victim, ATTACKER_PASSWORD)).json().error.exception).toBe('NotAuthorizedException');
    expect((await signInWith(victim, PASSWORD)).statusCode).toBe(200);
  });

  it("ends with the attacker's password refused when the owner opens the verification link", async () => {
    const victim = email();
    await post('/api/identity/sign-up', { email: victim, password: ATTACKER_PASSWORD });
    const verify = await mailedLink(ctx.app, victim, '/activate-account/');
    const confirmed = await post('/api/identity/confirm-sign-up', verify);
    expect(confirmed.statusCode).toBe(200);
    // The address is proven, the password is not the owner's: it is dropped and the owner chooses one now.
    expect(confirmed.json()).toEqual({ ok: true, password_kept: false, reset_code: expect.any(String) });
    expect((await signInWith(victim, ATTACKER_PASSWORD)).json().error.exception).toBe('NotAuthorizedException');
    const chosen = { username: verify.username, code: confirmed.json().reset_code, password: PASSWORD };
    expect((await post('/api/identity/confirm-forgot-password', chosen)).statusCode).toBe(200);
    expect((await signInWith(victim, PASSWORD)).statusCode).toBe(200);
  });

  it('keeps the password when the one who chose it confirms, with the proof their sign-up answer gave', async () => {
    const [address, other] = [email(), email()];
    const proof = (await post('/api/identity/sign-up', { email: address, password: PASSWORD })).json().sign_up_proof;
    await post('/api/identity/sign-up', { email: other, password: ATTACKER_PASSWORD });
    // Another sign-up's proof is no proof for this one.
    const stranger = await post('/api/identity/confirm-sign-up', {
      ...(await mailedLink(ctx.app, other, '/activate-account/')),
      sign_up_proof: proof,
    });
    expect(stranger.json().password_kept).toBe(false);
    const verify = await mailedLink(ctx.app, address, '/activate-account/');
    const confirmed = await post('/api/identity/confirm-sign-up', { ...verify, sign_up_proof: proof });
    expect(confirmed.json()).toEqual({ ok: true, password_kept: true });
    expect((await signInWith(address, PASSWORD)).statusCode).toBe(200);
  });
});

describe('user enumeration', () => {
  it('answers forgot-password alike for known and unknown e-mails, doing the same work for both', async () => {
    const known = email();
    await signedInUser(ctx.app, known);
    const unknown = email();
    const jobsOf = async (address: string) =>
      (
        (await ctx.app.db.execute(
          sql`select kind, payload from jobs where payload->>'email' = ${address} order by id`,
        )) as unknown as { rows: { kind: string; payload: unknown }[] }
      ).rows.map((row) => ({ kind: row.kind, keys: Object.keys(row.payload as object) }));
    const knownAnswer = await post('/api/identity/forgot-password', { email: known });
    const unknownAnswer = await post('/api/identity/forgot-password', { email: unknown });
    expect([knownAnswer.statusCode, knownAnswer.body]).toEqual([unknownAnswer.statusCode, unknownAnswer.body]);
    expect(knownAnswer.json()).toEqual({ ok: true });
    // The answer waits only for the same queued job: looking the address up and mailing happen after it.
    expect(await jobsOf(known)).toEqual([{ kind: 'identity.password-reset-mail', keys: ['email'] }]);
    expect(await jobsOf(unknown)).toEqual(await jobsOf(known));
    expect(await mailedLink(ctx.app, known, '/reset-password/')).toMatchObject({ code: expect.any(String) });
  });
});

describe('throttling wrong passwords', () => {
  const from = (remoteAddress: string) => (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, remoteAddress });

  it('five wrong passwords from one address stop neither the owner at another address nor a reset by e-mail', async () => {
    const address = email();
    await signedInUser(ctx.app, address);
    const attacker = from('203.0.113.9');
    for (let i = 0; i < 5; i++) {
      const res = await attacker('/api/identity/sign-in', { email: address, password: 'Wrong#Pass1' });
      expect(res.json().error.exception).toBe('NotAuthorizedException');
    }
    // That address now waits, told for how long.
    const blocked = await attacker('/api/identity/sign-in', { email: address, password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatchObject({
      exception: 'LimitExceededException',
      message: 'Temporarily blocked because of multiple failed attempts, please try again in 1 minute',
    });
    // The owner, elsewhere, signs in.
    const owner = from('198.51.100.7');
    expect((await owner('/api/identity/sign-in', { email: address, password: PASSWORD })).statusCode).toBe(200);
    // And resetting by e-mail works even from the blocked address; it lifts the wait there too.
    expect((await attacker('/api/identity/forgot-password', { email: address })).statusCode).toBe(200);
    const link = await mailedLink(ctx.app, address, '/reset-password/');
    const reset = await attacker('/api/identity/confirm-forgot-password', { ...link, password: 'Reset#2026' });
    expect(reset.statusCode).toBe(200);
    expect((await attacker('/api/identity/sign-in', { email: address, password: 'Reset#2026' })).statusCode).toBe(200);
  });

  it('answers the throttle alike for an e-mail without an account', async () => {
    const nobody = email();
    const attacker = from('203.0.113.10');
    for (let i = 0; i < 5; i++) await attacker('/api/identity/sign-in', { email: nobody, password: 'Wrong#Pass1' });
    const blocked = await attacker('/api/identity/sign-in', { email: nobody, password: 'Wrong#Pass1' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.exception).toBe('LimitExceededException');
  });
});

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const device = { userAgent: 'vitest', ip: '127.0.0.1' };

/** The identity service on the test database with a clock the test moves, and the mail it sent. */
function clockedIdentity() {
  let time = Date.now();
  const mails: OutgoingMail[] = [];
  const service = identityService({
    db: ctx.app.db,
    mailer: {
      kind: 'local',
      send: async (mail) => {
        mails.push(mail);
      },
    },
    publicUrl: 'http://localhost:8080',
    supportEmail: 'support@example.com',
    encryptionKey: randomBytes(32),
    now: () => new Date(time),
  });
  /** Moves the clock to `ms` after the start. */
  const start = time;
  const at = (ms: number) => {
    time = start + ms;
  };
  const link = (to: string, path: '/activate-account/' | '/reset-password/') => {
    const mail = mails.filter((m) => m.to === to).at(-1);
    const found = mail?.text.match(new RegExp(`${path}([^/\\s]+)/([0-9a-f-]{36})`));
    if (!found) throw new Error(`no ${path} link mailed to ${to}`);
    return { code: found[1]!, username: found[2]! };
  };
  const confirmedAccount = async () => {
    const address = email();
    const { sign_up_proof } = await service.signUp({ email: address, password: PASSWORD });
    await service.confirmSignUp({ ...link(address, '/activate-account/'), sign_up_proof });
    return address;
  };
  const signIn = async (address: string, password = PASSWORD) => {
    const result = await service.signIn({ email: address, password }, device);
    if (!('access_token' in result)) throw new Error('expected a session');
    return result.access_token;
  };
  /** The user-pool exception a call fails with, or 'ok'. */
  const outcome = (call: Promise<unknown>) =>
    call.then(
      () => 'ok',
      (error: { exception?: string }) => error.exception ?? String(error),
    );
  return { service, at, link, confirmedAccount, signIn, outcome };
}

describe('rules in time (service clock)', () => {
  it('ends a session after 4 hours without activity; activity renews it past the first 4 hours', async () => {
    const { service, at, confirmedAccount, signIn } = clockedIdentity();
    const address = await confirmedAccount();
    const idle = await signIn(address);
    const active = await signIn(address);
    at(3 * HOUR + 59 * MINUTE);
    expect(await service.authenticate(active)).not.toBeNull();
    expect(await service.authenticate(idle)).not.toBeNull();
    at(4 * HOUR + 59 * MINUTE);
    // Renewed at 3 h 59: alive an hour past its first 4 hours.
    expect(await service.authenticate(active)).not.toBeNull();
    at(8 * HOUR + 58 * MINUTE);
    expect(await service.authenticate(active)).not.toBeNull();
    // Nothing since 8 h 58: 4 hours later it is over.
    at(12 * HOUR + 58 * MINUTE);
    expect(await service.authenticate(active)).toBeNull();

    const { service: later, at: laterAt, signIn: laterSignIn } = clockedIdentity();
    const untouched = await laterSignIn(address);
    laterAt(4 * HOUR);
    expect(await later.authenticate(untouched)).toBeNull();
  });

  it('makes one address wait 1, 2, 4 … minutes after its fifth failure, at most an hour; a day later it starts over', async () => {
    const { service, at, confirmedAccount, outcome } = clockedIdentity();
    const address = await confirmedAccount();
    const signIn = (password: string) => outcome(service.signIn({ email: address, password }, device));
    let clock = 0;
    for (let i = 0; i < 5; i++) expect(await signIn('Wrong#Pass1')).toBe('NotAuthorizedException');
    for (const waitMinutes of [1, 2, 4, 8, 16, 32, 60, 60]) {
      at(clock + waitMinutes * MINUTE - 1000);
      expect(await signIn(PASSWORD)).toBe('LimitExceededException');
      clock += waitMinutes * MINUTE;
      at(clock);
      expect(await signIn('Wrong#Pass1')).toBe('NotAuthorizedException');
    }
    at(clock + HOUR);
    expect(await signIn(PASSWORD)).toBe('ok');
    // The right password cleared this address's count: five more failures pass before the next wait.
    for (let i = 0; i < 5; i++) expect(await signIn('Wrong#Pass1')).toBe('NotAuthorizedException');
    expect(await signIn(PASSWORD)).toBe('LimitExceededException');
    // Failures a day old are forgotten.
    at(clock + HOUR + 24 * HOUR + MINUTE);
    expect(await signIn('Wrong#Pass1')).toBe('NotAuthorizedException');
    expect(await signIn(PASSWORD)).toBe('ok');
  });

  it('makes addresses new to an account wait after 20 failures from anywhere, never one its owner signed in from', async () => {
    const { service, confirmedAccount, signIn, outcome } = clockedIdentity();
    const address = await confirmedAccount();
    await signIn(address);
    const from = (ip: string, password: string) =>
      outcome(service.signIn({ email: address, password }, { userAgent: 'vitest', ip }));
    // Four each from five addresses: no single address is throttled.
    for (let i = 0; i < 20; i++) expect(await from(`203.0.113.${i % 5}`, 'Wrong#Pass1')).toBe('NotAuthorizedException');
    expect(await from('192.0.2.50', PASSWORD)).toBe('LimitExceededException');
    expect(await from(device.ip, PASSWORD)).toBe('ok');
  });

  it('takes a verification link for 24 hours and no longer', async () => {
    const { service, at, link, outcome } = clockedIdentity();
    const [onTime, late] = [email(), email()];
    for (const address of [onTime, late]) await service.signUp({ email: address, password: PASSWORD });
    at(23 * HOUR + 59 * MINUTE);
    expect(await outcome(service.confirmSignUp(link(onTime, '/activate-account/')))).toBe('ok');
    at(24 * HOUR + MINUTE);
    expect(await outcome(service.confirmSignUp(link(late, '/activate-account/')))).toBe('ExpiredCodeException');
  });

  it('takes a reset link for 1 hour and no longer', async () => {
    const { service, at, link, confirmedAccount, outcome } = clockedIdentity();
    const [onTime, late] = [await confirmedAccount(), await confirmedAccount()];
    for (const address of [onTime, late]) await service.sendPasswordReset(address);
    const reset = (address: string) =>
      outcome(service.confirmForgotPassword({ ...link(address, '/reset-password/'), password: 'Reset#2026' }));
    at(59 * MINUTE);
    expect(await reset(onTime)).toBe('ok');
    at(61 * MINUTE);
    expect(await reset(late)).toBe('ExpiredCodeException');
  });
});

describe('profile', () => {
  it('activates the account when both names are given', async () => {
    const user = await signedInUser(ctx.app, email());
    const res = await post(
      '/api/identity/update-attributes',
      { given_name: 'Ada', family_name: 'Lovelace', 'custom:country_name': 'United Kingdom' },
      user.auth,
    );
    expect(res.json().attributes).toMatchObject({
      given_name: 'Ada',
      'custom:first_login': 'false',
      'custom:country_name': 'United Kingdom',
    });
    const sneaky = await post('/api/identity/update-attributes', { 'custom:first_login': 'false' }, user.auth);
    expect(sneaky.statusCode).toBe(400);
    const badPhone = await post('/api/identity/update-attributes', { 'custom:phone_number': '12345' }, user.auth);
    expect(badPhone.json().error.details).toContainEqual(
      expect.objectContaining({ message: 'Invalid Phone Number Format' }),
    );
    const phone = await post('/api/identity/update-attributes', { 'custom:phone_number': '+14155552671' }, user.auth);
    expect(phone.json().attributes['custom:phone_number']).toBe('+14155552671');
  });

  it('takes names of letters, digits and spaces only, in the activation rule’s words', async () => {
    const user = await signedInUser(ctx.app, email());
    const update = (payload: object) => post('/api/identity/update-attributes', payload, user.auth);
    const messages = async (payload: object) => {
      const res = await update(payload);
      expect(res.statusCode).toBe(400);
      return (res.json().error.details as { message: string }[]).map((d) => d.message);
    };
    for (const name of ['Ada!', 'Jean-Luc', "O'Brien", 'Ada~', '<b>Ada</b>', 'Ada_2']) {
      expect(await messages({ given_name: name })).toEqual([AUTH_MESSAGES.NO_SPECIAL_CHARACTERS]);
      expect(await messages({ family_name: name })).toEqual([AUTH_MESSAGES.NO_SPECIAL_CHARACTERS]);
    }
    expect(await messages({ given_name: '  ' })).toEqual([AUTH_MESSAGES.FIRST_NAME_REQUIRED]);
    expect(await messages({ family_name: '' })).toEqual([AUTH_MESSAGES.LAST_NAME_REQUIRED]);
    const names = await update({ given_name: ' José María 2 ', family_name: 'Nguyễn Thị' });
    expect(names.statusCode).toBe(200);
    expect(names.json().attributes).toMatchObject({ given_name: 'José María 2', family_name: 'Nguyễn Thị' });
    // Other attributes are not names: they keep their characters.
    const company = await update({ 'custom:company_name': 'Smith & Sons, Ltd.', address: '1 Main St., #4' });
    expect(company.statusCode).toBe(200);
  });
});

describe('logs', () => {
  it('never carry a password or a token, even at the most detailed level', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({ LOG_LEVEL: 'trace' }, { write: (line) => lines.push(line) });
    try {
      const user = await signedInUser(logged.app, 'logs@example.com');
      await logged.app.inject({
        method: 'POST',
        url: '/api/identity/change-password',
        headers: user.auth,
        payload: { current_password: PASSWORD, new_password: 'Secret#Value9' },
      });
      const log = lines.join('');
      expect(lines.length).toBeGreaterThan(3);
      for (const secret of [PASSWORD, 'Secret#Value9', user.token]) expect(log).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});

describe('sandbox mailbox', () => {
  it('does not exist in production mode', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production' });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
      const age = {
        method: 'POST',
        url: '/api/dev/mailbox/age',
        payload: { email: 'a@example.com', hours: 25 },
      } as const;
      expect((await production.app.inject(age)).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});

describe('sandbox mailbox clock', () => {
  it('ages only the given account’s codes: a day later its link has expired, another’s has not', async () => {
    const late = email();
    const other = email();
    for (const address of [late, other]) await post('/api/identity/sign-up', { email: address, password: PASSWORD });
    const aged = await post('/api/dev/mailbox/age', { email: late.toUpperCase(), hours: 25 });
    expect(aged.json()).toEqual({ codes: 1 });
    const expired = await mailedLink(ctx.app, late, '/activate-account/');
    expect((await post('/api/identity/confirm-sign-up', expired)).json().error.exception).toBe('ExpiredCodeException');
    const fresh = await mailedLink(ctx.app, other, '/activate-account/');
    expect((await post('/api/identity/confirm-sign-up', fresh)).statusCode).toBe(200);
    expect((await post('/api/dev/mailbox/age', { email: 'nobody@example.com', hours: 25 })).statusCode).toBe(404);
    expect((await post('/api/dev/mailbox/age', { email: late, hours: 0 })).statusCode).toBe(400);
  });
});

describe('per-address rate limit', () => {
  it('answers 429 once an address sends too many identity requests', async () => {
    const limited = await buildTestApp({ IDENTITY_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/identity/forgot-password',
          payload: { email: 'someone@example.com' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('limits the signed-in routes too, reads more loosely than changes', async () => {
    const limited = await buildTestApp({ IDENTITY_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const user = await signedInUser(limited.app, 'limits@example.com');
      const statuses = async (method: 'GET' | 'POST' | 'DELETE', url: string, times: number, payload?: object) => {
        const codes: number[] = [];
        for (let i = 0; i < times; i++) {
          const res = await limited.app.inject({ method, url, headers: user.auth, ...(payload && { payload }) });
          codes.push(res.statusCode);
        }
        return codes;
      };
      // Reads: ten times the limit.
      for (const url of [
        '/api/identity/current-user',
        '/api/identity/mfa',
        '/api/identity/sessions',
        '/api/identity/linked-accounts',
      ]) {
        const codes = await statuses('GET', url, 31);
        expect(codes.slice(0, 30), url).toEqual(Array(30).fill(200));
        expect(codes[30], url).toBe(429);
      }
      expect(await statuses('POST', '/api/identity/update-attributes', 4, { given_name: 'Ada' })).toEqual([
        200, 200, 200, 429,
      ]);
      expect(await statuses('POST', '/api/identity/sessions/revoke-others', 4, {})).toEqual([200, 200, 200, 429]);
      const endOne = await statuses('DELETE', '/api/identity/sessions/999999', 4);
      expect(endOne).toEqual([404, 404, 404, 429]);
      const unlink = await statuses('DELETE', '/api/identity/linked-accounts/google', 4);
      expect(unlink.slice(0, 3)).not.toContain(429);
      expect(unlink[3]).toBe(429);
      // Last: the first sign-out ends the session, the next ones are refused until the limit answers.
      expect(await statuses('POST', '/api/identity/sign-out', 4, {})).toEqual([200, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
