import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's 12 MiB / 3 passes setting: about 25 ms a check on our two-core machines,
 * which keeps sign-in under 300 ms at p99 with ten people signing in at once.
 */
const ARGON2_OPTIONS = { memoryCost: 12_288, timeCost: 3, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so both cases take as long. */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
};

/** Random, unguessable secrets: session tokens and e-mailed codes. */
export const randomSecret = (bytes = 24) => randomBytes(bytes).toString('base64url');

/** Tokens and codes are high-entropy, so a fast hash is enough to store them safely. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** AES-256-GCM with a random 96-bit nonce: `v1.<nonce>.<ciphertext>.<tag>`, each part base64url. */
export function encryptSecret(key: Buffer, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', nonce, body, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain text of encryptSecret's output; throws when it was altered or another key wrote it. */
export function decryptSecret(key: Buffer, sealed: string): string {
  const [version, nonce, body, tag] = sealed.split('.');
  if (version !== 'v1' || !nonce || body === undefined || !tag) throw new Error('unreadable encrypted value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
