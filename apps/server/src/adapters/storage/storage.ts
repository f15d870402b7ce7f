import { join, resolve } from 'node:path';
import type { Config } from '../../config/env';
import { keptSecret } from '../../lib/kept-secret';
import { localStorage, UploadSigner } from './storage.local';
import type { FileStorage } from './storage.port';
import { s3Storage } from './storage.s3';

/**
 * The signing secret of local upload URLs: STORAGE_SIGNING_SECRET, or one generated once and kept in
 * DATA_DIR so URLs survive a restart. Production must set it.
 */
export function signingSecret(config: Config): string {
  if (config.STORAGE_SIGNING_SECRET) return config.STORAGE_SIGNING_SECRET;
  if (config.NODE_ENV === 'production') throw new Error('STORAGE_SIGNING_SECRET must be set in production');
  return keptSecret(config, 'storage-signing-secret', 'hex');
}

export interface StorageSetup {
  storage: FileStorage;
  /** Present for local storage: checks the URLs this server signed. */
  signer?: UploadSigner;
}

export function createStorage(config: Config): StorageSetup {
  if (config.S3_BUCKET) {
    return {
      storage: s3Storage({
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      }),
    };
  }
  const signer = new UploadSigner(signingSecret(config));
  const dir = config.UPLOADS_DIR ?? join(resolve(config.DATA_DIR), 'uploads');
  return { storage: localStorage(dir, signer), signer };
}
