import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

interface KeptSecretPlace {
  DATA_DIR: string;
  NODE_ENV: string;
}

/**
 * A secret of the embedded mode that production must configure instead: generated once (32 random
 * bytes, in `encoding`) and kept in DATA_DIR, so it survives restarts. Tests and an in-memory database
 * get one for this process only, and write nothing to disk. Two processes starting at once on one
 * folder agree: the second one's exclusive write fails and it reads the first one's file.
 */
export function keptSecret(place: KeptSecretPlace, fileName: string, encoding: 'hex' | 'base64'): string {
  const fresh = () => randomBytes(32).toString(encoding);
  if (place.NODE_ENV === 'test' || place.DATA_DIR.startsWith('memory://')) return fresh();
  const dir = resolve(place.DATA_DIR);
  const file = join(dir, fileName);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(file, `${fresh()}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return readFileSync(file, 'utf8').trim();
  }
}
