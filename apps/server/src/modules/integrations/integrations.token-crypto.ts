import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { keptSecret } from '../../lib/kept-secret';

const KEY_FILE = 'token-encryption.key';

/** Reads a 32-byte key given as 64 hex characters or base64. */
export function parseKey(value: string): Buffer {
  const trimmed = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('TOKEN_ENCRYPTION_KEY must be 32 bytes (64 hex characters or base64)');
  return key;
}

/**
 * The key that encrypts task-tool tokens at rest: TOKEN_ENCRYPTION_KEY, or for the embedded mode one
 * generated once and kept in DATA_DIR (production refuses to start without the setting).
 */
export function resolveTokenKey(config: {
  TOKEN_ENCRYPTION_KEY?: string | undefined;
  DATA_DIR: string;
  NODE_ENV: string;
  DATABASE_URL?: string | undefined;
}): Buffer {
  if (config.TOKEN_ENCRYPTION_KEY) return parseKey(config.TOKEN_ENCRYPTION_KEY);
  if (config.NODE_ENV === 'production') {
    throw new Error('TOKEN_ENCRYPTION_KEY must be set in production (32 random bytes, hex or base64)');
  }
  return parseKey(keptSecret(config, KEY_FILE, 'hex'));
}

export interface TokenCipher {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

/** AES-256-GCM; the stored form is v1.<iv>.<tag>.<ciphertext>, each base64url. */
export function tokenCipher(key: Buffer): TokenCipher {
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unreadable sealed token');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The handle the browser holds for a connection: an HMAC, under a key derived from the token key, of the
 * connection's random seed (its `handle_hash`, never handed out). The server can give the same handle again while
 * the connection stands (a member sending again without a new consent); a new consent makes a new seed.
 */
export function connectionHandles(key: Buffer) {
  const handleKey = createHmac('sha256', key).update('dpp task-tool connection handle v1').digest();
  const handleOf = (seedHash: string) => createHmac('sha256', handleKey).update(seedHash).digest('base64url');
  return {
    handleOf,
    matches(seedHash: string, handle: string): boolean {
      const expected = Buffer.from(handleOf(seedHash));
      const given = Buffer.from(handle);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
