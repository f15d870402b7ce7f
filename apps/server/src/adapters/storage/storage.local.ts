import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config/env';
import { keptSecret } from '../../lib/kept-secret';
import { type FileStorage, LOCAL_UPLOAD_PATH, type UploadLinkCheck } from '../../ports/storage.port';

const SAFE_KEY = /^[a-z0-9][a-z0-9-]{0,150}\.(jpg|jpeg|png|xlsx)$/;

function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key);
}

/**
 * The signing secret of local upload URLs: STORAGE_SIGNING_SECRET, or one generated once and kept in
 * DATA_DIR so URLs survive a restart. Production must set it.
 */
export function signingSecret(config: Config): string {
  if (config.STORAGE_SIGNING_SECRET) return config.STORAGE_SIGNING_SECRET;
  if (config.NODE_ENV === 'production') throw new Error('STORAGE_SIGNING_SECRET must be set in production');
  return keptSecret(config, 'storage-signing-secret', 'hex');
}

/** Signs and checks upload URLs with an HMAC of the key and the expiry: nothing to look up, nothing to forge. */
export class UploadSigner implements UploadLinkCheck {
  constructor(private readonly secret: string) {}

  sign(key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${expires}`).digest('base64url');
  }

  /** 'ok', 'invalid' (changed or foreign) or 'expired'. The signature is checked first, so a changed expiry is invalid. */
  check(key: string, expires: string, signature: string, now = Date.now()): 'ok' | 'invalid' | 'expired' {
    if (!/^\d{1,15}$/.test(expires)) return 'invalid';
    const expected = Buffer.from(this.sign(key, Number(expires)));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    return Number(expires) * 1000 < now ? 'expired' : 'ok';
  }
}

/** Files under DATA_DIR/uploads; the browser PUTs them to this server at a signed, expiring URL. */
export function localStorage(dir: string, signer: UploadSigner): FileStorage {
  const pathOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key ${key}`);
    return join(dir, key);
  };
  return {
    kind: 'local',
    async uploadUrl(key, contentType, expiresAt) {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const query = new URLSearchParams({ expires: String(expires), signature: signer.sign(key, expires) });
      return { url: `${LOCAL_UPLOAD_PATH}/${key}?${query}`, headers: { 'content-type': contentType } };
    },
    async read(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async write(key, body) {
      await mkdir(dir, { recursive: true });
      // Written beside, then renamed: a reader never sees half a file.
      const temporary = `${pathOf(key)}.${process.pid}.part`;
      await writeFile(temporary, body);
      await rename(temporary, pathOf(key));
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
