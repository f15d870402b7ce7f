import { randomBytes } from 'node:crypto';
import { type Config, ConfigError } from '../../config/env';
import { keptSecret } from '../../lib/kept-secret';

const KEY_FILE = 'identity-encryption.key';

/** A 32-byte key from its base64 or hex form. */
export function parseEncryptionKey(value: string): Buffer | null {
  const trimmed = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return key.length === 32 ? key : null;
}

/**
 * The key that encrypts identity secrets (the TOTP secrets). Production must set IDENTITY_ENCRYPTION_KEY;
 * elsewhere one is generated once and kept in DATA_DIR, so the embedded mode keeps working across restarts.
 */
export function resolveEncryptionKey(config: Config): Buffer {
  if (config.IDENTITY_ENCRYPTION_KEY) {
    const key = parseEncryptionKey(config.IDENTITY_ENCRYPTION_KEY);
    if (!key) throw new ConfigError(['IDENTITY_ENCRYPTION_KEY: must be 32 bytes, in base64 or hex']);
    return key;
  }
  if (config.NODE_ENV === 'production') {
    throw new ConfigError(['IDENTITY_ENCRYPTION_KEY: required in production (32 random bytes, base64)']);
  }
  const key = parseEncryptionKey(keptSecret(config, KEY_FILE, 'base64'));
  if (!key)
    throw new ConfigError([`${KEY_FILE} in DATA_DIR: not a 32-byte key; remove it or set IDENTITY_ENCRYPTION_KEY`]);
  return key;
}

/** For servers built without main.ts (tests): the configured key, or a random one that lives as long as the process. */
export function throwAwayEncryptionKey(config: Config): Buffer {
  return (config.IDENTITY_ENCRYPTION_KEY && parseEncryptionKey(config.IDENTITY_ENCRYPTION_KEY)) || randomBytes(32);
}
