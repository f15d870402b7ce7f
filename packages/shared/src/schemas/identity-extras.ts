import { z } from 'zod';
import { SessionResponseSchema } from './identity';
import { IdParamSchema } from './ids';

/** Two-factor authentication, social sign-in and active sessions: additions to the user pool's operations. */

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** A password sign-in of an account with two-factor authentication stops here: the code step comes next. */
export const MfaChallengeResponseSchema = z.object({
  mfa_required: z.literal(true),
  /** Single use, 5 minutes; sent back with the code. */
  mfa_token: z.string(),
  expires_at: z.number().int(),
});
export type MfaChallengeResponse = z.infer<typeof MfaChallengeResponseSchema>;

export const SignInResponseSchema = z.union([SessionResponseSchema, MfaChallengeResponseSchema]);
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

const OtpField = z.string().trim().max(16);
const RecoveryCodeField = z.string().trim().max(32);

/** The code step: a current authenticator code, or one of the recovery codes. */
export const MfaSignInRequestSchema = z
  .object({
    mfa_token: z.string().max(128),
    code: OtpField.optional(),
    recovery_code: RecoveryCodeField.optional(),
  })
  .strict();

export const MfaStatusResponseSchema = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
});

export const MfaSetupResponseSchema = z.object({
  /** Base32, for typing into the authenticator app by hand. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code: an SVG data URL. */
  qr_code: z.string(),
});

export const MfaEnableRequestSchema = z.object({ code: OtpField }).strict();
export const MfaEnableResponseSchema = z.object({
  /** Shown once: only their hashes are kept. */
  recovery_codes: z.array(z.string()),
});

/** Turning two-factor authentication off takes a current code or a recovery code. */
export const MfaDisableRequestSchema = z
  .object({ code: OtpField.optional(), recovery_code: RecoveryCodeField.optional() })
  .strict();

export const ActiveSessionSchema = z.object({
  id: z.number().int(),
  /** Browser and system, read from the user agent ('Chrome 120 on Windows'). */
  device: z.string(),
  ip: z.string(),
  created_at: z.string(),
  last_active_at: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSessionSchema>;
export const ActiveSessionsResponseSchema = z.array(ActiveSessionSchema);
export const SessionIdParamsSchema = IdParamSchema;
export const RevokedSessionsResponseSchema = z.object({ revoked: z.number().int() });

export const SocialProviderParamsSchema = z.object({ provider: z.enum(SOCIAL_PROVIDERS) }).strict();

/** The hand-over of a finished social sign-in to the web app: a one-time code from the page's address fragment. */
export const SocialExchangeRequestSchema = z.object({ code: z.string().min(1).max(128) }).strict();

export const LinkedAccountSchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  email: z.string(),
  linked_at: z.string(),
});
export type LinkedAccount = z.infer<typeof LinkedAccountSchema>;
export const LinkedAccountsResponseSchema = z.object({
  /** False for an account created through Google or Facebook until a password is set (through the reset link). */
  has_password: z.boolean(),
  accounts: z.array(LinkedAccountSchema),
});
