import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  emailProblem,
  type IdentityUser,
  isReservedEmail,
  isValidPassword,
  LIFETIME_DEAL_PLAN_NAME,
  SESSION_LENGTH_HOURS,
  type SocialProvider,
  type UpdateAttributesRequest,
} from '@dpp/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { Mailer } from '../../ports/mail.port';
import type { SocialSignIn } from '../../ports/social.port';
import { ensureClient, findClientByEmail, updateClient } from '../clients';
import { decoyPasswordHash, hashPassword, randomSecret, sha256, verifyPassword } from './identity.crypto';
import { deviceLabel } from './identity.devices';
import { identityError } from './identity.errors';
import { accountDeletionMail, lifetimeDealMail, resetMail, verificationMail } from './identity.mail';
import { mfaOperations } from './identity.mfa';
import * as repo from './identity.repository';
import { socialOperations } from './identity.social';
import { users } from './identity.tables';
import { THROTTLE, throttledMessage, throttleKeys, waitAfter } from './identity.throttle';

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const VERIFY_CODE_TTL_MS = 24 * HOUR_MS;
const RESET_CODE_TTL_MS = HOUR_MS;
/** The sign-up's proof lasts as long as anyone may take to verify, with resent links. */
const SIGN_UP_PROOF_TTL_MS = 30 * 24 * HOUR_MS;
const SESSION_TTL_MS = SESSION_LENGTH_HOURS * HOUR_MS;
/** The mailed confirmation of an account's deletion is followed at once, or asked for again. */
const DELETION_LINK_MINUTES = 30;
/** Activity renews a session at most this often, to spare a write per request. */
const SESSION_TOUCH_MS = MINUTE_MS;

interface IdentityDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  supportEmail: string;
  /** Encrypts the TOTP secrets (AES-256-GCM). */
  encryptionKey: Buffer;
  /** Google and Facebook sign-in, real or sandbox; a missing one is unavailable. */
  socialProviders?: Partial<Record<SocialProvider, SocialSignIn>>;
  now?: () => Date;
}

export interface RequestContext {
  userAgent: string;
  ip: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-up, sign-in, sessions and the rest of the identity service (app.ts decorates the app with it). */
    identity: IdentityService;
  }
  interface FastifyRequest {
    /** Who is calling: set by requireUser (plugins/auth.ts) from the bearer token. */
    session: AuthenticatedSession | null;
  }
}

export interface AuthenticatedSession {
  user: repo.UserRow;
  sessionId: number;
}

const mask = (email: string) => email.replace(/^(.).*?@(.).*?(\.[^.]+)$/, '$1***@$2***$3');

function toIdentityUser(user: repo.UserRow, databaseId: number | null): IdentityUser {
  return {
    username: user.username,
    attributes: {
      email: user.email,
      email_verified: user.confirmed,
      given_name: user.givenName,
      family_name: user.familyName,
      address: user.address,
      'custom:country_name': user.countryName,
      'custom:company_name': user.companyName,
      'custom:phone_number': user.phoneNumber,
      'custom:first_login': user.firstLogin ? 'true' : 'false',
      'custom:appsumo_login': user.appsumoLogin ? 'true' : 'false',
      'custom:database_id': databaseId === null ? '' : String(databaseId),
    },
  };
}

/** The user pool: accounts, codes, sessions and lockouts, behaving like the hosted service the web app expects. */
export function identityService(deps: IdentityDeps) {
  const { db, mailer } = deps;
  const now = deps.now ?? (() => new Date());
  const link = (path: string) => new URL(path, deps.publicUrl).toString();

  async function identityUser(user: repo.UserRow): Promise<IdentityUser> {
    const client = await findClientByEmail(db, user.email);
    return toIdentityUser(user, client?.id ?? null);
  }

  /**
   * Refuses a password or second-factor attempt while this address must wait for this account, or while the
   * account must wait for addresses its user has not signed in from lately (identity.throttle.ts).
   */
  async function assertNotThrottled(email: string, context: RequestContext, user: repo.UserRow | null) {
    const at = now();
    const keys = throttleKeys(email, context.ip);
    let until = await repo.lockedUntil(db, keys.address, at);
    const accountUntil = await repo.lockedUntil(db, keys.account, at);
    if (accountUntil && (!until || accountUntil > until)) {
      const familiar =
        user !== null &&
        (await repo.signedInFrom(db, user.id, context.ip, new Date(at.getTime() - THROTTLE.FAMILIAR_FOR_MS)));
      if (!familiar) until = accountUntil;
    }
    if (until) throw identityError('LimitExceededException', throttledMessage(until.getTime() - at.getTime()));
  }

  /** Counts a wrong password or code for this address and for the account; past the free ones, a wait. */
  async function fail(email: string, context: RequestContext): Promise<void> {
    const at = now();
    const since = new Date(at.getTime() - THROTTLE.FORGET_AFTER_MS);
    const keys = throttleKeys(email, context.ip);
    for (const [key, free] of [
      [keys.address, THROTTLE.FREE_PER_ADDRESS],
      [keys.account, THROTTLE.FREE_PER_ACCOUNT],
    ] as const) {
      const wait = waitAfter(await repo.recordFailure(db, key, at, since), free);
      if (wait > 0) await repo.lock(db, key, new Date(at.getTime() + wait));
    }
  }

  /** A right password (and code) clears its address's count; the account's stays for the other addresses. */
  const passed = (email: string, context: RequestContext) =>
    repo.clearFailures(db, throttleKeys(email, context.ip).address);

  /**
   * Mails a new verification link. `returnTo` (a page of this site, checked by the request's schema) rides on it
   * as `next`: the page the link opens remembers it, and the new member comes back there once signed in.
   */
  async function sendVerification(user: repo.UserRow, returnTo?: string) {
    const code = randomSecret();
    await repo.replaceCode(db, user.id, 'verify', sha256(code), new Date(now().getTime() + VERIFY_CODE_TTL_MS));
    const url = new URL(link(`/activate-account/${code}/${user.username}`));
    if (returnTo) url.searchParams.set('next', returnTo);
    const build = user.appsumoLogin ? lifetimeDealMail : verificationMail;
    await mailer.send(build(user.email, url.toString(), deps.supportEmail));
  }

  /**
   * Checks an e-mailed code; a right one is used up. Wrong ones are not throttled per account: the codes
   * are random 192-bit secrets nobody can guess, and a count would let anyone block the owner's links.
   */
  async function consumeCode(user: repo.UserRow, purpose: repo.CodePurpose, code: string) {
    const row = await repo.findCode(db, user.id, purpose, sha256(code));
    if (!row || row.usedAt) throw identityError('CodeMismatchException');
    if (row.expiresAt <= now()) throw identityError('ExpiredCodeException');
    if (!(await repo.useCode(db, row.id))) throw identityError('CodeMismatchException');
  }

  /** The proof for the browser that chose the password at sign-up (or at a lifetime-deal claim). */
  async function issueSignUpProof(user: repo.UserRow): Promise<string> {
    const proof = randomSecret(32);
    await repo.replaceCode(db, user.id, 'sign-up', sha256(proof), new Date(now().getTime() + SIGN_UP_PROOF_TTL_MS));
    return proof;
  }

  /**
   * An administrator turned this account's sign-in off: no session opens, whatever the proof. Asked only once the
   * password (or code) was right, so that the answer tells no one else the account exists.
   */
  function assertSignInEnabled(user: repo.UserRow) {
    if (user.signInDisabledAt) throw identityError('UserDisabledException');
  }

  async function openSession(user: repo.UserRow, context: RequestContext) {
    assertSignInEnabled(user);
    const token = randomSecret(32);
    // Times from the service's clock, not the database's, so idle expiry follows one clock.
    const at = now();
    const expiresAt = new Date(at.getTime() + SESSION_TTL_MS);
    await repo.createSession(db, {
      userId: user.id,
      tokenHash: sha256(token),
      userAgent: context.userAgent.slice(0, 300),
      ip: context.ip,
      createdAt: at,
      lastSeenAt: at,
      expiresAt,
    });
    return { access_token: token, expires_at: Math.floor(expiresAt.getTime() / 1000), user: await identityUser(user) };
  }

  const mfa = mfaOperations({
    db,
    encryptionKey: deps.encryptionKey,
    now,
    assertNotThrottled: (user, context) => assertNotThrottled(user.email, context, user),
    fail: (user, context) => fail(user.email, context),
    passed: (user, context) => passed(user.email, context),
  });

  const social = socialOperations({ db, now, providers: deps.socialProviders ?? {} });

  /** A session, or the code step first when the account has two-factor authentication on. */
  async function sessionOrChallenge(user: repo.UserRow, context: RequestContext, mfaOn?: boolean) {
    assertSignInEnabled(user);
    if (mfaOn ?? (await mfa.isMfaEnabled(user.id))) return mfa.mfaChallenge(user);
    return openSession(user, context);
  }

  /**
   * Who a bearer token belongs to, the session read by the caller's own statement: a route can read what it
   * needs in the same round trip. `find` must find live sessions only (`repo.isLiveSession`). Null when none.
   */
  async function authenticateWith<T extends repo.LiveSession>(
    token: string,
    find: (tokenHash: string, at: Date) => Promise<T | null>,
  ): Promise<{ session: AuthenticatedSession; found: T } | null> {
    const at = now();
    const found = await find(sha256(token), at);
    if (!found) return null;
    if (at.getTime() - found.session.lastSeenAt.getTime() > SESSION_TOUCH_MS) {
      await repo.touchSession(db, found.session.id, at, new Date(at.getTime() + SESSION_TTL_MS));
    }
    return { session: { user: found.user, sessionId: found.session.id }, found };
  }

  async function ownerProof(user: repo.UserRow): Promise<'password' | 'code' | 'email'> {
    if (user.passwordHash !== '') return 'password';
    return (await mfa.isMfaEnabled(user.id)) ? 'code' : 'email';
  }

  return {
    async signUp(input: { email: string; password: string; return_to?: string | undefined }) {
      const email = input.email.trim().toLowerCase();
      if (emailProblem(email)) throw identityError('InvalidParameterException');
      // A deleted member's kept record carries such an address: an account with it would take that record over.
      if (isReservedEmail(email)) throw identityError('InvalidParameterException', AUTH_MESSAGES.EMAIL_RESERVED);
      if (!isValidPassword(input.password)) throw identityError('InvalidPasswordException');
      if (await repo.findUserByEmail(db, email)) throw identityError('UsernameExistsException');
      const passwordHash = await hashPassword(input.password);
      const user = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({ username: randomUUID(), email, passwordHash })
          .onConflictDoNothing()
          .returning();
        if (!created) throw identityError('UsernameExistsException');
        await ensureClient(tx, email, created.username);
        return created;
      });
      await sendVerification(user, input.return_to);
      return {
        username: user.username,
        user_confirmed: false,
        destination: mask(email),
        sign_up_proof: await issueSignUpProof(user),
      };
    },

    /**
     * The verification link proves the address, not who chose the password: anyone may sign up with
     * someone else's address. The password survives only with the proof the sign-up gave the browser that
     * chose it; otherwise it is dropped and the owner gets a reset code to choose their own at once.
     */
    async confirmSignUp(input: { username: string; code: string; sign_up_proof?: string | undefined }) {
      const user = await repo.findUserByUsername(db, input.username);
      if (!user) throw identityError('UserNotFoundException');
      if (user.confirmed) throw identityError('NotAuthorizedException', 'User is already confirmed.');
      await consumeCode(user, 'verify', input.code);
      const proof = input.sign_up_proof
        ? await repo.findLiveCodeByHash(db, 'sign-up', sha256(input.sign_up_proof), now())
        : null;
      if (proof && proof.user.id === user.id && (await repo.useCode(db, proof.code.id))) {
        await repo.updateUser(db, user.id, { confirmed: true });
        return { ok: true as const, password_kept: true };
      }
      await repo.updateUser(db, user.id, { confirmed: true, passwordHash: '' });
      await repo.revokeUserSessions(db, user.id);
      await repo.voidCodes(db, user.id, 'sign-up');
      const resetCode = randomSecret();
      await repo.replaceCode(db, user.id, 'reset', sha256(resetCode), new Date(now().getTime() + RESET_CODE_TTL_MS));
      return { ok: true as const, password_kept: false, reset_code: resetCode };
    },

    async resendCode(input: { username: string }) {
      const user = await repo.findUserByUsername(db, input.username);
      if (!user) throw identityError('UserNotFoundException');
      if (user.confirmed) throw identityError('NotAuthorizedException', 'User is already confirmed.');
      await sendVerification(user);
      return { ok: true as const };
    },

    async signIn(input: { email: string; password: string }, context: RequestContext) {
      const email = input.email.trim().toLowerCase();
      const user = await repo.findUserByEmail(db, email);
      await assertNotThrottled(email, context, user);
      // An account made through Google or Facebook has no password yet: checked against the decoy, so it fails alike.
      const valid = await verifyPassword(user?.passwordHash || (await decoyPasswordHash()), input.password);
      if (!user || !valid || user.passwordHash === '') {
        await fail(email, context);
        throw identityError('NotAuthorizedException');
      }
      if (!user.confirmed) throw identityError('UserNotConfirmedException');
      // With two-factor on, only a right code clears the count: the password alone must not reset the attempts at it.
      const mfaOn = await mfa.isMfaEnabled(user.id);
      if (!mfaOn) await passed(email, context);
      // A lifetime-deal holder's first login gives them the deal's plan, here on the server.
      if (user.appsumoLogin) {
        const client = await findClientByEmail(db, email);
        if (client?.isAppsumoUser && client.planName !== LIFETIME_DEAL_PLAN_NAME) {
          await updateClient(db, client.id, { planName: LIFETIME_DEAL_PLAN_NAME });
        }
      }
      return sessionOrChallenge(user, context, mfaOn);
    },

    /** The code step of a sign-in with two-factor authentication. */
    async signInMfa(
      input: { mfa_token: string; code?: string | undefined; recovery_code?: string | undefined },
      context: RequestContext,
    ) {
      const user = await mfa.passMfaChallenge(input, context);
      return openSession(user, context);
    },

    startSocial: social.startSocial,
    finishSocial: social.finishSocial,

    /** Trades the hand-over code of a finished Google or Facebook sign-in for a session (or the code step). */
    async exchangeSocial(input: { code: string }, context: RequestContext) {
      return sessionOrChallenge(await social.takeSocialHandoff(input.code), context);
    },
    linkedAccounts: (session: AuthenticatedSession) => social.linkedAccounts(session.user),
    unlinkAccount: (session: AuthenticatedSession, provider: SocialProvider) =>
      social.unlinkAccount(session.user, provider),

    mfaStatus: (session: AuthenticatedSession) => mfa.mfaStatus(session.user),
    setupMfa: (session: AuthenticatedSession) => mfa.setupMfa(session.user),
    enableMfa: (session: AuthenticatedSession, input: { code: string }, context: RequestContext) =>
      mfa.enableMfa(session.user, input.code, context),
    disableMfa: (
      session: AuthenticatedSession,
      input: { code?: string | undefined; recovery_code?: string | undefined },
      context: RequestContext,
    ) => mfa.disableMfa(session.user, input, context),

    /** The caller's own live sessions, the current one marked. */
    async listSessions(session: AuthenticatedSession) {
      const rows = await repo.listLiveSessions(db, session.user.id, now());
      return rows.map((row) => ({
        id: row.id,
        device: deviceLabel(row.userAgent),
        ip: row.ip,
        created_at: row.createdAt.toISOString(),
        last_active_at: row.lastSeenAt.toISOString(),
        current: row.id === session.sessionId,
      }));
    },

    /** Ends one of the caller's sessions; another user's session is 'not found', as if it did not exist. */
    async endSession(session: AuthenticatedSession, id: number) {
      if (!(await repo.revokeOwnSession(db, session.user.id, id))) {
        throw new AppError('NOT_FOUND', 'That session does not exist or has already ended.');
      }
      return { ok: true as const };
    },

    async endOtherSessions(session: AuthenticatedSession) {
      return { revoked: await repo.revokeUserSessions(db, session.user.id, session.sessionId) };
    },

    /**
     * Checks a reset request and returns the address to mail. The caller queues the mail (sendPasswordReset)
     * and answers at once: known and unknown addresses get the same answer after the same work.
     */
    async forgotPassword(input: { email: string }): Promise<string> {
      const email = input.email.trim().toLowerCase();
      if (emailProblem(email)) throw identityError('InvalidParameterException');
      return email;
    },

    /** Mails a reset link to the address when it has an account; nothing otherwise. */
    async sendPasswordReset(email: string) {
      const user = await repo.findUserByEmail(db, email);
      if (!user) return { ok: true as const };
      // Unconfirmed accounts too get a reset link, not a verification one: completing it confirms the
      // address with the password its owner chooses, so no password someone else set survives.
      const code = randomSecret();
      await repo.replaceCode(db, user.id, 'reset', sha256(code), new Date(now().getTime() + RESET_CODE_TTL_MS));
      await mailer.send(resetMail(user.email, link(`/reset-password/${code}/${user.username}`), deps.supportEmail));
      return { ok: true as const };
    },

    async confirmForgotPassword(input: { username: string; code: string; password: string }) {
      const user = await repo.findUserByUsername(db, input.username);
      if (!user) throw identityError('CodeMismatchException');
      if (!isValidPassword(input.password)) throw identityError('InvalidPasswordException');
      await consumeCode(user, 'reset', input.code);
      await repo.updateUser(db, user.id, { passwordHash: await hashPassword(input.password), confirmed: true });
      await repo.revokeUserSessions(db, user.id);
      // The mailbox's owner has shown who they are: every wait on the account ends.
      await repo.clearAccountFailures(db, user.email);
      return { ok: true as const };
    },

    async changePassword(
      session: AuthenticatedSession,
      input: { current_password: string; new_password: string },
      context: RequestContext,
    ) {
      const { user } = session;
      await assertNotThrottled(user.email, context, user);
      if (!(await verifyPassword(user.passwordHash, input.current_password))) {
        await fail(user.email, context);
        throw identityError('NotAuthorizedException');
      }
      if (!isValidPassword(input.new_password)) throw identityError('InvalidPasswordException');
      // A lifetime-deal holder's code stops being the password here, so activation no longer asks to set one.
      await repo.updateUser(db, user.id, { passwordHash: await hashPassword(input.new_password), appsumoLogin: false });
      await repo.revokeUserSessions(db, user.id, session.sessionId);
      return { ok: true as const };
    },

    async updateAttributes(session: AuthenticatedSession, input: UpdateAttributesRequest) {
      const changes = {
        ...(input.given_name !== undefined && { givenName: input.given_name }),
        ...(input.family_name !== undefined && { familyName: input.family_name }),
        ...(input['custom:country_name'] !== undefined && { countryName: input['custom:country_name'] }),
        ...(input['custom:company_name'] !== undefined && { companyName: input['custom:company_name'] }),
        ...(input['custom:phone_number'] !== undefined && { phoneNumber: input['custom:phone_number'] }),
        ...(input.address !== undefined && { address: input.address }),
      };
      const givenName = changes.givenName ?? session.user.givenName;
      const familyName = changes.familyName ?? session.user.familyName;
      // Giving both names activates the account.
      const activated = givenName !== '' && familyName !== '';
      const user = await repo.updateUser(db, session.user.id, {
        ...changes,
        ...(activated && { firstLogin: false, appsumoLogin: false }),
      });
      return identityUser(user);
    },

    /**
     * What proves the caller is the account's owner before it is deleted: the password when it has one, else a
     * code of the second factor when that is on, else (a Google or Facebook account without either) a link mailed
     * to its address: the address itself is no proof, any session of the account can read it.
     */
    ownerProof: (session: AuthenticatedSession) => ownerProof(session.user),

    /**
     * Mails the link that confirms the deletion of an account proved by its mailbox (ownerProof 'email'): a
     * single-use token, kept as its hash, working for DELETION_LINK_MINUTES; a new one voids the one before.
     * Another account answers 409 with `notNeeded`: its password or code proves it.
     */
    async mailAccountDeletionLink(session: AuthenticatedSession, notNeeded: string) {
      const { user } = session;
      if ((await ownerProof(user)) !== 'email') throw new AppError('CONFLICT', notNeeded);
      const token = randomSecret(32);
      const expiresAt = new Date(now().getTime() + DELETION_LINK_MINUTES * MINUTE_MS);
      await repo.replaceCode(db, user.id, 'delete-account', sha256(token), expiresAt);
      const url = link(`/delete-account/${token}`);
      await mailer.send(accountDeletionMail(user.email, url, DELETION_LINK_MINUTES, deps.supportEmail));
      return { sent_to: mask(user.email), expires_in_minutes: DELETION_LINK_MINUTES };
    },

    /**
     * Checks that proof, counting a wrong password or code toward the sign-in throttle (ADR 0025); a mailed link is
     * a random secret nobody guesses, used up when it proves the owner. Throws NotAuthorizedException (wrong
     * password, no link) or CodeMismatchException (wrong code or link), with `messages`.
     */
    async confirmOwner(
      session: AuthenticatedSession,
      input: { password?: string | undefined; code?: string | undefined; token?: string | undefined },
      context: RequestContext,
      messages: { wrongPassword: string; linkRequired: string; linkInvalid: string },
    ) {
      const { user } = session;
      const proof = await ownerProof(user);
      if (proof === 'code') return mfa.verifySecondFactor(user, { code: input.code ?? '' }, context);
      if (proof === 'email') {
        if (!input.token) throw identityError('NotAuthorizedException', messages.linkRequired);
        const row = await repo.findCode(db, user.id, 'delete-account', sha256(input.token));
        const live = row !== null && row.usedAt === null && row.expiresAt > now();
        if (!live || !(await repo.useCode(db, row.id))) {
          throw identityError('CodeMismatchException', messages.linkInvalid);
        }
        return;
      }
      await assertNotThrottled(user.email, context, user);
      if (!(await verifyPassword(user.passwordHash, input.password ?? ''))) {
        await fail(user.email, context);
        throw identityError('NotAuthorizedException', messages.wrongPassword);
      }
    },

    currentUser: (session: AuthenticatedSession) => identityUser(session.user),

    async signOut(session: AuthenticatedSession) {
      await repo.revokeSession(db, session.sessionId);
      return { ok: true as const };
    },

    /** The session of a bearer token, renewed by this activity; null when missing, expired or revoked. */
    async authenticate(token: string): Promise<AuthenticatedSession | null> {
      return (
        (await authenticateWith(token, (tokenHash, at) => repo.findLiveSession(db, tokenHash, at)))?.session ?? null
      );
    },

    authenticateWith,

    issueSignUpProof,

    /** Mails a fresh verification link (the lifetime-deal welcome for lifetime-deal accounts). */
    /** The given and family names of the user with this e-mail address; empty when there is none. */
    async namesOf(email: string) {
      const user = await repo.findUserByEmail(db, email);
      return { givenName: user?.givenName ?? '', familyName: user?.familyName ?? '' };
    },

    async sendVerificationTo(user: repo.UserRow) {
      if (user.confirmed) throw identityError('NotAuthorizedException', 'User is already confirmed.');
      await sendVerification(user);
    },

    /** Creates a confirmed account directly (the first administrator). */
    async createConfirmedUser(email: string, password: string, names: { givenName: string; familyName: string }) {
      const existing = await repo.findUserByEmail(db, email);
      if (existing) return { user: existing, created: false };
      const [user] = await db
        .insert(users)
        .values({
          username: randomUUID(),
          email,
          passwordHash: await hashPassword(password),
          confirmed: true,
          confirmedAt: new Date(),
          firstLogin: false,
          ...names,
        })
        .returning();
      await ensureClient(db, email, user!.username);
      return { user: user!, created: true };
    },
  };
}

export type IdentityService = ReturnType<typeof identityService>;
