import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_S = 30;
/** A code from the step before or after the current one still counts (clock drift, typing time). */
const TOLERANCE_S = TOTP_PERIOD_S;
const TOTP_ISSUER = 'Digital Project Planner';
export const RECOVERY_CODE_COUNT = 10;

export const newTotpSecret = () => generateSecret({ length: 20 });

export function totpUri(secret: string, account: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: account, secret, period: TOTP_PERIOD_S });
}

/** The otpauth URL as an SVG QR code, ready for an <img src>. */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step a code belongs to when it is valid now and newer than `afterTimeStep` (replays are refused),
 * else null.
 */
export async function checkTotp(
  secret: string,
  code: string,
  at: Date,
  afterTimeStep: number | null,
): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    period: TOTP_PERIOD_S,
    epoch: Math.floor(at.getTime() / 1000),
    epochTolerance: TOLERANCE_S,
    ...(afterTimeStep !== null && { afterTimeStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Letters and digits that cannot be mistaken for each other when copied by hand. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten characters in two groups of five ('k7qzm-4tpxw'), about 49 bits each. */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The form a recovery code is hashed in: case, spaces and dashes do not matter. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
