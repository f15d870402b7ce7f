import { MEMBER_ADMIN_MESSAGES } from '@dpp/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { ROLE_ADMIN } from '../../plugins/auth';
import { grantAuthority, revokeAuthorityUnlessLast } from '../clients';
import {
  endAllSessions,
  findUserByEmail,
  type IdentityService,
  liftLock,
  setSignInDisabled,
  type UserRow,
} from '../identity';
import { DELETED_DOMAIN, type Member, memberOfClient } from '../my-data';
import { memberDetail } from './members.admin.repository';

/**
 * The administrator's actions on a member's account. Each is audited by its route (every non-GET route behind
 * requireAdmin is, with the client id it names); the service holds the rules.
 */
export function memberAdminService(deps: { db: Database; identity: IdentityService }) {
  const { db } = deps;

  async function memberOf(clientId: number): Promise<Member> {
    const member = await memberOfClient(db, clientId);
    if (!member || member.email.endsWith(DELETED_DOMAIN)) {
      throw new AppError('NOT_FOUND', MEMBER_ADMIN_MESSAGES.NOT_FOUND);
    }
    return member;
  }

  /** The member's sign-in account; 409 for a client record that has none. */
  async function accountOf(clientId: number): Promise<{ member: Member; user: UserRow }> {
    const member = await memberOf(clientId);
    const user = await findUserByEmail(db, member.email);
    if (!user) throw new AppError('CONFLICT', MEMBER_ADMIN_MESSAGES.NO_IDENTITY);
    return { member, user };
  }

  const done = (message: string) => ({ ok: true as const, message });

  return {
    async detail(clientId: number) {
      const found = await memberDetail(db, await memberOf(clientId));
      if (!found) throw new AppError('NOT_FOUND', MEMBER_ADMIN_MESSAGES.NOT_FOUND);
      return found;
    },

    async endSessions(clientId: number) {
      const { user } = await accountOf(clientId);
      await endAllSessions(db, user.id);
      return done(MEMBER_ADMIN_MESSAGES.SESSIONS_ENDED);
    },

    async setSignIn(callerEmail: string, clientId: number, enabled: boolean) {
      const { member, user } = await accountOf(clientId);
      if (!enabled && member.email === callerEmail) throw new AppError('CONFLICT', MEMBER_ADMIN_MESSAGES.OWN_SIGN_IN);
      await setSignInDisabled(db, user.id, !enabled);
      return done(enabled ? MEMBER_ADMIN_MESSAGES.SIGN_IN_ENABLED : MEMBER_ADMIN_MESSAGES.SIGN_IN_DISABLED);
    },

    async liftLock(clientId: number) {
      const member = await memberOf(clientId);
      await liftLock(db, member.email);
      return done(MEMBER_ADMIN_MESSAGES.LOCK_LIFTED);
    },

    async resendVerification(clientId: number) {
      const { user } = await accountOf(clientId);
      if (user.confirmed) throw new AppError('CONFLICT', MEMBER_ADMIN_MESSAGES.ALREADY_VERIFIED);
      await deps.identity.sendVerificationTo(user);
      return done(MEMBER_ADMIN_MESSAGES.VERIFICATION_SENT);
    },

    /** Grants or revokes the administrator role: never the caller's own, never the last administrator's. */
    async setAdmin(callerEmail: string, clientId: number, admin: boolean) {
      const member = await memberOf(clientId);
      if (member.email === callerEmail) throw new AppError('CONFLICT', MEMBER_ADMIN_MESSAGES.OWN_ADMIN_ROLE);
      if (admin) {
        await grantAuthority(db, clientId, ROLE_ADMIN);
        return done(MEMBER_ADMIN_MESSAGES.ADMIN_GRANTED);
      }
      if ((await revokeAuthorityUnlessLast(db, clientId, ROLE_ADMIN)) === 'last') {
        throw new AppError('CONFLICT', MEMBER_ADMIN_MESSAGES.LAST_ADMIN);
      }
      return done(MEMBER_ADMIN_MESSAGES.ADMIN_REVOKED);
    },
  };
}
