import { randomUUID } from 'node:crypto';
import { isReservedEmail, SECURITY_MESSAGES, type SocialProvider } from '@dpp/shared';
import { generateCodeVerifier, generateState } from 'arctic';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { SocialSignIn } from '../../ports/social.port';
import { ensureClient } from '../clients';
import { randomSecret, sha256 } from './identity.crypto';
import * as repo from './identity.repository';
import * as socialRepo from './identity.social.repository';
import { identityOauthAccounts, users } from './identity.tables';

/** A sign-in at the provider must come back within this time. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
/** The web app trades the hand-over code for a session at once. */
export const SOCIAL_HANDOFF_TTL_MS = 2 * 60 * 1000;

/**
 * Why a social sign-in did not finish, as the web page names it in its address fragment (`reserved`: the address
 * is a deleted member's placeholder, which no account may have).
 */
type SocialFailure = 'cancelled' | 'failed' | 'unavailable' | 'unverified' | 'reserved';

export class SocialSignInError extends Error {
  constructor(readonly reason: SocialFailure) {
    super(`social sign-in ${reason}`);
  }
}

interface SocialDeps {
  db: Database;
  now: () => Date;
  providers: Partial<Record<SocialProvider, SocialSignIn>>;
}

/**
 * Google and Facebook sign-in: authorization code with state and PKCE. The verifier stays in the browser's
 * cookie; the server keeps only hashes of the state and the verifier, so a callback must come back to the
 * browser that started it.
 */
export function socialOperations(deps: SocialDeps) {
  const { db, now } = deps;

  const providerOf = (provider: SocialProvider) => {
    const client = deps.providers[provider];
    if (!client) throw new SocialSignInError('unavailable');
    return client;
  };

  /** The user the provider's person signs in as: linked before, or by a verified e-mail, or new. */
  async function userFor(provider: SocialProvider, subject: string, email: string): Promise<repo.UserRow> {
    const linked = await socialRepo.findLinkBySubject(db, provider, subject);
    if (linked) {
      const user = await repo.findUserById(db, linked.userId);
      if (user) return user;
    }
    const existing = await repo.findUserByEmail(db, email);
    if (existing) {
      // No throttle here: the provider proved the address, and failed passwords must not keep its owner out.
      return db.transaction(async (tx) => {
        // An unverified account with this address was never proven to be its owner's: the provider now
        // proves it, and a password someone else may have set before does not survive.
        const user = existing.confirmed
          ? existing
          : await repo.updateUser(tx, existing.id, { confirmed: true, passwordHash: '' });
        await tx
          .insert(identityOauthAccounts)
          .values({ userId: user.id, provider, subject, email })
          .onConflictDoUpdate({
            target: [identityOauthAccounts.userId, identityOauthAccounts.provider],
            set: { subject, email },
          });
        return user;
      });
    }
    return db.transaction(async (tx) => {
      // No password: it can be set later through the reset link. Names come with activation, as for anyone.
      const [created] = await tx
        .insert(users)
        .values({ username: randomUUID(), email, passwordHash: '', confirmed: true, confirmedAt: new Date() })
        .returning();
      await ensureClient(tx, email, created!.username);
      await tx.insert(identityOauthAccounts).values({ userId: created!.id, provider, subject, email });
      return created!;
    });
  }

  return {
    /** The provider's consent page, and the verifier for the browser's cookie. */
    async startSocial(provider: SocialProvider) {
      const client = providerOf(provider);
      const state = generateState();
      const verifier = generateCodeVerifier();
      await socialRepo.saveState(db, {
        provider,
        stateHash: sha256(state),
        verifierHash: sha256(verifier),
        expiresAt: new Date(now().getTime() + OAUTH_STATE_TTL_MS),
      });
      return { url: client.authorizationUrl(state, verifier).toString(), verifier };
    },

    /**
     * The provider sent the browser back. The state must be live and unused and the cookie's verifier must be
     * the one it was issued with, before anything else happens. Returns a one-time hand-over code.
     */
    async finishSocial(
      provider: SocialProvider,
      query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
      verifier: string | undefined,
    ): Promise<string> {
      const client = providerOf(provider);
      if (!query.state) throw new SocialSignInError('failed');
      const state = await socialRepo.consumeState(db, provider, sha256(query.state), now());
      if (!state || !verifier || sha256(verifier) !== state.verifierHash) throw new SocialSignInError('failed');
      if (query.error) throw new SocialSignInError(query.error === 'access_denied' ? 'cancelled' : 'failed');
      if (!query.code) throw new SocialSignInError('failed');
      const profile = await client.profile(query.code, verifier).catch(() => {
        throw new SocialSignInError('failed');
      });
      if (!profile.emailVerified) throw new SocialSignInError('unverified');
      const email = profile.email.trim().toLowerCase();
      // A deleted member's kept record carries such an address: an account with it would take that record over.
      if (isReservedEmail(email)) throw new SocialSignInError('reserved');
      const user = await userFor(provider, profile.subject, email);
      const code = randomSecret(32);
      await repo.replaceCode(db, user.id, 'social', sha256(code), new Date(now().getTime() + SOCIAL_HANDOFF_TTL_MS));
      return code;
    },

    /** The user of a live hand-over code, using it up. */
    async takeSocialHandoff(code: string): Promise<repo.UserRow> {
      const found = await repo.findLiveCodeByHash(db, 'social', sha256(code), now());
      if (!found || !(await repo.useCode(db, found.code.id))) {
        throw new AppError('VALIDATION_FAILED', SECURITY_MESSAGES.SOCIAL_FAILED, undefined, 'ExpiredCodeException');
      }
      return found.user;
    },

    async linkedAccounts(user: repo.UserRow) {
      const links = await socialRepo.linksOf(db, user.id);
      return {
        has_password: user.passwordHash !== '',
        accounts: links.map((l) => ({ provider: l.provider, email: l.email, linked_at: l.createdAt.toISOString() })),
      };
    },

    /** Only with a password left to log in with. */
    async unlinkAccount(user: repo.UserRow, provider: SocialProvider) {
      if (user.passwordHash === '') throw new AppError('VALIDATION_FAILED', SECURITY_MESSAGES.UNLINK_NEEDS_PASSWORD);
      if (!(await socialRepo.unlink(db, user.id, provider))) {
        throw new AppError('NOT_FOUND', 'No such linked account.');
      }
      return { ok: true as const };
    },
  };
}
