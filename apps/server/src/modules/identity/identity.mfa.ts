import { SECURITY_MESSAGES } from '@dpp/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { decryptSecret, encryptSecret, randomSecret, sha256 } from './identity.crypto';
import { identityError } from './identity.errors';
import * as mfaRepo from './identity.mfa.repository';
import * as repo from './identity.repository';
import type { RequestContext } from './identity.service';
import {
  checkTotp,
  newRecoveryCode,
  newTotpSecret,
  normalizeRecoveryCode,
  qrCodeDataUrl,
  RECOVERY_CODE_COUNT,
  totpUri,
} from './identity.totp';

/** The code step after the password lasts this long. */
const MFA_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Recovery codes do not expire; the column needs a date. */
const RECOVERY_CODE_TTL_MS = 100 * 365 * 24 * 60 * 60 * 1000;

interface MfaDeps {
  db: Database;
  encryptionKey: Buffer;
  now: () => Date;
  /** Refuses while the sign-in throttle makes this address wait. */
  assertNotThrottled: (user: repo.UserRow, context: RequestContext) => Promise<void>;
  /** Counts a wrong code toward the throttle. */
  fail: (user: repo.UserRow, context: RequestContext) => Promise<void>;
  /** A right code clears this address's count. */
  passed: (user: repo.UserRow, context: RequestContext) => Promise<void>;
}

export interface SecondFactor {
  code?: string | undefined;
  recovery_code?: string | undefined;
}

const wrongCode = () => identityError('CodeMismatchException', SECURITY_MESSAGES.MFA_CODE_WRONG);

/** TOTP second factor: setup, enabling with a first code, recovery codes, checking at sign-in, disabling. */
export function mfaOperations(deps: MfaDeps) {
  const { db, encryptionKey, now } = deps;

  async function enabledFactor(userId: number) {
    const row = await mfaRepo.findMfa(db, userId);
    return row?.enabledAt ? row : null;
  }

  /** A current authenticator code, never one already used. */
  async function acceptTotp(row: mfaRepo.MfaRow, code: string): Promise<boolean> {
    const secret = decryptSecret(encryptionKey, row.secretEncrypted);
    const step = await checkTotp(secret, code, now(), row.lastTimeStep);
    return step !== null && (await mfaRepo.claimTimeStep(db, row.userId, step));
  }

  async function acceptRecoveryCode(userId: number, code: string): Promise<boolean> {
    const found = await repo.findLiveCodeByHash(db, 'recovery', sha256(normalizeRecoveryCode(code)), now());
    return found !== null && found.user.id === userId && (await repo.useCode(db, found.code.id));
  }

  /** Checks the second factor of an account with it enabled; a wrong one counts toward the throttle. */
  async function verifySecondFactor(user: repo.UserRow, factor: SecondFactor, context: RequestContext): Promise<void> {
    await deps.assertNotThrottled(user, context);
    const row = await enabledFactor(user.id);
    if (!row) throw new AppError('CONFLICT', 'Two-factor authentication is not on.');
    const accepted = factor.code
      ? await acceptTotp(row, factor.code)
      : factor.recovery_code
        ? await acceptRecoveryCode(user.id, factor.recovery_code)
        : false;
    if (!accepted) {
      await deps.fail(user, context);
      throw wrongCode();
    }
    await deps.passed(user, context);
  }

  return {
    isMfaEnabled: async (userId: number) => (await enabledFactor(userId)) !== null,
    verifySecondFactor,

    async mfaStatus(user: repo.UserRow) {
      const enabled = (await enabledFactor(user.id)) !== null;
      return {
        enabled,
        recovery_codes_left: enabled ? await repo.countLiveCodes(db, user.id, 'recovery', now()) : 0,
      };
    },

    /** A new secret, not active until a code from it is confirmed. */
    async setupMfa(user: repo.UserRow) {
      if (await enabledFactor(user.id)) throw new AppError('CONFLICT', 'Two-factor authentication is already on.');
      const secret = newTotpSecret();
      await mfaRepo.savePendingSecret(db, user.id, encryptSecret(encryptionKey, secret));
      const otpauthUrl = totpUri(secret, user.email);
      return { secret, otpauth_url: otpauthUrl, qr_code: await qrCodeDataUrl(otpauthUrl) };
    },

    /** Turns the factor on with a first valid code; the ten recovery codes are returned this once. */
    async enableMfa(user: repo.UserRow, code: string, context: RequestContext) {
      await deps.assertNotThrottled(user, context);
      const row = await mfaRepo.findMfa(db, user.id);
      if (!row) throw new AppError('CONFLICT', 'Start the two-factor set-up first.');
      if (row.enabledAt) throw new AppError('CONFLICT', 'Two-factor authentication is already on.');
      if (!(await acceptTotp(row, code))) {
        await deps.fail(user, context);
        throw wrongCode();
      }
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await mfaRepo.enableMfa(
        db,
        user.id,
        codes.map((c) => sha256(normalizeRecoveryCode(c))),
        new Date(now().getTime() + RECOVERY_CODE_TTL_MS),
      );
      return { recovery_codes: codes };
    },

    async disableMfa(user: repo.UserRow, factor: SecondFactor, context: RequestContext) {
      await verifySecondFactor(user, factor, context);
      await mfaRepo.disableMfa(db, user.id);
      return { ok: true as const };
    },

    /** After a right password: a single-use token for the code step instead of a session. */
    async mfaChallenge(user: repo.UserRow) {
      const token = randomSecret(32);
      const expiresAt = new Date(now().getTime() + MFA_CHALLENGE_TTL_MS);
      await repo.replaceCode(db, user.id, 'mfa', sha256(token), expiresAt);
      return { mfa_required: true as const, mfa_token: token, expires_at: Math.floor(expiresAt.getTime() / 1000) };
    },

    /**
     * The code step: the challenge must be live; a wrong code counts toward the throttle and leaves the
     * challenge for another try; a right one uses the challenge up. Returns the user to open a session for.
     */
    async passMfaChallenge(
      input: { mfa_token: string } & SecondFactor,
      context: RequestContext,
    ): Promise<repo.UserRow> {
      const found = await repo.findLiveCodeByHash(db, 'mfa', sha256(input.mfa_token), now());
      if (!found) throw identityError('ExpiredCodeException', SECURITY_MESSAGES.MFA_EXPIRED);
      await verifySecondFactor(found.user, input, context);
      if (!(await repo.useCode(db, found.code.id))) {
        throw identityError('ExpiredCodeException', SECURITY_MESSAGES.MFA_EXPIRED);
      }
      return found.user;
    },
  };
}
