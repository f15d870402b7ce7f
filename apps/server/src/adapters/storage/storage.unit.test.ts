import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, NotFound } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config/env';
import { localStorage, signingSecret, UploadSigner } from './storage.local';
import { s3Client, s3Storage, uploadCommand } from './storage.s3';

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
    expect(await storage.size('cover-00000000.png')).toBe(3);
    await storage.remove('cover-00000000.png');
    expect(await storage.read('cover-00000000.png')).toBeNull();
    expect(await storage.size('cover-00000000.png')).toBeNull();
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
    // No checksum of an empty body in the URL: it would make the bucket refuse every real file.
    expect(parsed.searchParams.get('x-amz-checksum-crc32')).toBeNull();
  });

  const settings = { bucket: 'dpp-files', region: 'eu-west-1', accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' };

  it('signs the content length when the size is known, so the bucket refuses any other body', async () => {
    expect(uploadCommand('dpp-files', 'uploads/a.png', 'image/png', 1234).input).toEqual({
      Bucket: 'dpp-files',
      Key: 'uploads/a.png',
      ContentType: 'image/png',
      ContentLength: 1234,
    });
    const storage = s3Storage(settings);
    const expiresAt = new Date(Date.now() + 900_000);
    const sized = new URL((await storage.uploadUrl('a-1a2b3c4d.png', 'image/png', expiresAt, 1234)).url);
    expect(sized.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-length');
    // A signed header, not a query parameter the uploader could leave out.
    expect(sized.searchParams.has('content-length')).toBe(false);
    const other = new URL((await storage.uploadUrl('a-1a2b3c4d.png', 'image/png', expiresAt, 1235)).url);
    expect(other.searchParams.get('X-Amz-Signature')).not.toBe(sized.searchParams.get('X-Amz-Signature'));
  });

  it("reads an object's size with a HEAD, never a GET, and null when it is missing", async () => {
    const client = s3Client(settings);
    const send = vi.spyOn(client, 'send');
    send.mockImplementationOnce(async () => ({ ContentLength: 42 }));
    send.mockImplementationOnce(async () => {
      throw new NotFound({ message: 'Not Found', $metadata: {} });
    });
    const storage = s3Storage(settings, client);
    expect(await storage.size('a-1a2b3c4d.png')).toBe(42);
    expect(await storage.size('b-1a2b3c4d.png')).toBeNull();
    expect(send).toHaveBeenCalledTimes(2);
    const command = send.mock.calls[0]![0];
    expect(command).toBeInstanceOf(HeadObjectCommand);
    expect(command.input).toEqual({ Bucket: 'dpp-files', Key: 'uploads/a-1a2b3c4d.png' });
    send.mockImplementationOnce(async () => {
      throw Object.assign(new Error('denied'), { name: 'AccessDenied' });
    });
    await expect(storage.size('c-1a2b3c4d.png')).rejects.toThrow('denied');
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
