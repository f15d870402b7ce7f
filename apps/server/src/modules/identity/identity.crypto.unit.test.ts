import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './identity.crypto';
import { parseEncryptionKey } from './identity.encryption-key';
import { newRecoveryCode, normalizeRecoveryCode } from './identity.totp';

describe('secret encryption', () => {
  const key = randomBytes(32);

  it('round-trips, with a fresh nonce each time', () => {
    const sealed = encryptSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(encryptSecret(key, 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(decryptSecret(key, sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses an altered value or another key', () => {
    const sealed = encryptSecret(key, 'JBSWY3DPEHPK3PXP');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[2]!, 'base64url');
    body[0] = (body[0]! + 1) % 256;
    expect(() => decryptSecret(key, [parts[0], parts[1], body.toString('base64url'), parts[3]].join('.'))).toThrow();
    expect(() => decryptSecret(randomBytes(32), sealed)).toThrow();
    expect(() => decryptSecret(key, 'v2.a.b.c')).toThrow();
  });

  it('reads a 32-byte key in base64 or hex, and nothing shorter', () => {
    const raw = randomBytes(32);
    expect(parseEncryptionKey(raw.toString('base64'))?.equals(raw)).toBe(true);
    expect(parseEncryptionKey(raw.toString('hex'))?.equals(raw)).toBe(true);
    expect(parseEncryptionKey('too-short')).toBeNull();
  });
});

describe('recovery codes', () => {
  it('come in two groups of five unambiguous characters', () => {
    const codes = Array.from({ length: 50 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(50);
  });

  it('match whatever the case, spaces and dashes', () => {
    expect(normalizeRecoveryCode(' K7QZM-4tpxw ')).toBe(normalizeRecoveryCode('k7qzm4tpxw'));
  });
});
