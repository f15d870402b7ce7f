import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import { signingSecret } from './storage';
import { localStorage, UploadSigner } from './storage.local';
import { s3Storage } from './storage.s3';

const dir = mkdtempSync(join(tmpdir(), 'dpp-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('local storage', () => {
  const signer = new UploadSigner('x'.repeat(32));
  const storage = localStorage(dir, signer);

  it('signs URLs that check out only unchanged and in time', async () => {
    const expiresAt = new Date(Date.now() + 60_000);
    const { url } = await storage.uploadUrl('plan-1a2b3c4d.xlsx', 'application/x', expiresAt);
    const query = new URL(url, 'http://h').searchParams;
    const [expires, signature] = [query.get('expires')!, query.get('signature')!];
    expect(signer.check('plan-1a2b3c4d.xlsx', expires, signature)).toBe('ok');
    expect(signer.check('plan-1a2b3c4e.xlsx', expires, signature)).toBe('invalid');
    expect(signer.check('plan-1a2b3c4d.xlsx', String(Number(expires) + 1), signature)).toBe('invalid');
    expect(signer.check('plan-1a2b3c4d.xlsx', expires, signature, expiresAt.getTime() + 1000)).toBe('expired');
    expect(new UploadSigner('y'.repeat(32)).check('plan-1a2b3c4d.xlsx', expires, signature)).toBe('invalid');
  });

  it('writes, reads and removes files, and refuses keys that leave its folder', async () => {
    await storage.write('cover-00000000.png', Buffer.from('png'), 'image/png');
    expect((await storage.read('cover-00000000.png'))?.toString()).toBe('png');
    await storage.remove('cover-00000000.png');
    expect(await storage.read('cover-00000000.png')).toBeNull();
    await expect(storage.read('../secret.png')).rejects.toThrow('unsafe storage key');
  });
});

describe('S3 storage', () => {
  it('presigns a PUT for the object under uploads/ with its content type, offline', async () => {
    const storage = s3Storage({
      bucket: 'dpp-files',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
    });
    const { url, headers } = await storage.uploadUrl('cover-1a2b3c4d.png', 'image/png', new Date(Date.now() + 900_000));
    const parsed = new URL(url);
    expect(parsed.origin).toBe('http://127.0.0.1:9000');
    expect(parsed.pathname).toBe('/dpp-files/uploads/cover-1a2b3c4d.png');
    expect(Number(parsed.searchParams.get('X-Amz-Expires'))).toBeGreaterThan(890);
    expect(parsed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(parsed.searchParams.get('X-Amz-SignedHeaders')).toContain('host');
    expect(headers).toEqual({ 'content-type': 'image/png' });
  });
});

describe('the signing secret', () => {
  it('is required in production, kept in DATA_DIR otherwise', () => {
    expect(() => signingSecret(loadConfig({ NODE_ENV: 'production' }))).toThrow('STORAGE_SIGNING_SECRET must be set');
    const secret = 's'.repeat(32);
    expect(signingSecret(loadConfig({ NODE_ENV: 'production', STORAGE_SIGNING_SECRET: secret }))).toBe(secret);
    const development = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
    const generated = signingSecret(development);
    expect(generated).toMatch(/^[0-9a-f]{64}$/);
    expect(signingSecret(development)).toBe(generated);
  });
});
