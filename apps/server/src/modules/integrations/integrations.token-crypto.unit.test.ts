import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseKey, resolveTokenKey, tokenCipher } from './integrations.token-crypto';

describe('token encryption', () => {
  it('round-trips, uses a fresh IV each time, and detects tampering', () => {
    const cipher = tokenCipher(randomBytes(32));
    const a = cipher.encrypt('secret-token');
    const b = cipher.encrypt('secret-token');
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret-token');
    expect(cipher.decrypt(a)).toBe('secret-token');
    const [v, iv, tag, data] = a.split('.');
    const flipped = `${data!.slice(0, -2)}${data!.endsWith('A') ? 'B' : 'A'}${data!.slice(-1)}`;
    expect(() => cipher.decrypt([v, iv, tag, flipped].join('.'))).toThrow();
    expect(() => tokenCipher(randomBytes(32)).decrypt(a)).toThrow();
  });

  it('reads hex or base64 keys of 32 bytes only', () => {
    const key = randomBytes(32);
    expect(parseKey(key.toString('hex')).equals(key)).toBe(true);
    expect(parseKey(key.toString('base64')).equals(key)).toBe(true);
    expect(() => parseKey('short')).toThrow(/32 bytes/);
  });

  it('refuses production without a key, and keeps one generated key in DATA_DIR otherwise', () => {
    expect(() => resolveTokenKey({ NODE_ENV: 'production', DATA_DIR: '/nonexistent' })).toThrow(/TOKEN_ENCRYPTION_KEY/);
    const dir = mkdtempSync(join(tmpdir(), 'dpp-key-'));
    const first = resolveTokenKey({ NODE_ENV: 'development', DATA_DIR: dir });
    const second = resolveTokenKey({ NODE_ENV: 'development', DATA_DIR: dir });
    expect(first.equals(second)).toBe(true);
    const file = join(dir, 'token-encryption.key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
    expect(statSync(file).mode & 0o077).toBe(0);
  });
});
