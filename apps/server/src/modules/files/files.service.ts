import { randomBytes } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  type RelativePlan,
  UPLOAD_MAX_BYTES,
  UPLOAD_URL_MINUTES,
  type UploadLinkResponse,
} from '@dpp/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { SEED_TEMPLATES } from '../../db/seed-data/templates';
import { AppError } from '../../errors';
import type { FileStorage, UploadLinkCheck } from '../../ports/storage.port';
import type { HeavyWork } from '../../work';
import { CONTENT_TYPES, contentMatches, type FileExtension, type FileKind, kindOf } from './files.content';
import { files } from './files.tables';
import type * as tasks from './work';

/** The worker pool as this module uses it: to read a plan sheet off the event loop (ADR 0040). */
export type PlanSheetWork = HeavyWork<typeof tasks>;

type FileRow = typeof files.$inferSelect;

/** 'My Plan (v2).xlsx' → 'my-plan-v2': safe in a URL, a file system and an object key. */
function baseNameOf(fileName: string): string {
  const withoutExtension = fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
  const slug = withoutExtension
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'file';
}

function extensionOf(fileName: string): FileExtension {
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (!extension || !(extension in CONTENT_TYPES)) throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.FILE_TYPE);
  return extension as FileExtension;
}

/** The built-in template pictures: static files served under the same names, so no upload may take them. */
const BUILT_IN_NAMES = new Set(
  SEED_TEMPLATES.flatMap((t) => t.links.filter((l) => l.type === 'IMAGE_LINK').map((l) => l.link.toLowerCase())),
);

/**
 * Announces a file and hands out where to PUT it. The name is the file's base name (docs/product-rules.md, Catalogue);
 * only when that is taken (an earlier upload, a built-in picture) does it get a random suffix, since a
 * name always means the same file (images are cached for good under it).
 */
export async function createUploadLink(
  db: Database,
  storage: FileStorage,
  fileName: string,
  createdBy: string,
  now = new Date(),
  size?: number,
): Promise<UploadLinkResponse> {
  const extension = extensionOf(fileName);
  // The bucket enforces the size limit only through a signed length; our own PUT route has a body limit.
  if (storage.kind === 's3' && size === undefined) {
    throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.FILE_SIZE_REQUIRED);
  }
  if (size !== undefined && size > UPLOAD_MAX_BYTES)
    throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.FILE_TOO_LARGE);
  const plain = baseNameOf(fileName);
  const contentType = CONTENT_TYPES[extension];
  const expiresAt = new Date(now.getTime() + UPLOAD_URL_MINUTES * 60 * 1000);
  const candidates = [
    ...(BUILT_IN_NAMES.has(plain) ? [] : [plain]),
    `${plain}-${randomBytes(4).toString('hex')}`,
    `${plain}-${randomBytes(4).toString('hex')}`,
  ];
  let baseName: string | undefined;
  for (const candidate of candidates) {
    // The unique base name decides: of two uploads of the same name only one gets it.
    const inserted = await db
      .insert(files)
      .values({
        key: `${candidate}.${extension}`,
        baseName: candidate,
        originalName: fileName.replace(/^.*[\\/]/, '').slice(0, 200),
        kind: kindOf(extension),
        contentType,
        createdBy,
        expiresAt,
      })
      .onConflictDoNothing()
      .returning({ baseName: files.baseName });
    if (inserted.length === 1) {
      baseName = candidate;
      break;
    }
  }
  if (!baseName) throw new Error('no free upload name');
  const key = `${baseName}.${extension}`;
  const { url, headers } = await storage.uploadUrl(key, contentType, expiresAt, size);
  return { url, method: 'PUT', headers, name: baseName, kind: kindOf(extension), expires_at: expiresAt.toISOString() };
}

/** A spreadsheet's plan, read on a worker thread (ADR 0040); a sheet that does not read is refused with its reason. */
async function readSheet(work: PlanSheetWork, file: Buffer): Promise<RelativePlan> {
  const read = await work.run('readPlanSheetTask', file);
  if ('refused' in read) throw new AppError('VALIDATION_FAILED', read.refused);
  return read.plan;
}

/** Refuses bytes that are not what the name says, and a spreadsheet whose plan does not read. */
async function checkContent(work: PlanSheetWork, row: FileRow, file: Buffer): Promise<RelativePlan | undefined> {
  if (file.length === 0) throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.FILE_EMPTY);
  if (file.length > UPLOAD_MAX_BYTES) throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.FILE_TOO_LARGE);
  if (!contentMatches(extensionOf(row.key), file)) throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.FILE_CONTENT);
  if (row.kind !== 'spreadsheet') return undefined;
  return readSheet(work, file);
}

/** The PUT of a locally stored file: signature, expiry, one use, size and content are all checked. */
export async function receiveLocalUpload(
  db: Database,
  storage: FileStorage,
  signer: UploadLinkCheck,
  work: PlanSheetWork,
  request: { key: string; expires: string; signature: string; body: Buffer },
): Promise<{ name: string; size: number }> {
  const verdict = signer.check(request.key, request.expires, request.signature);
  if (verdict === 'invalid') throw new AppError('FORBIDDEN', ADMIN_MESSAGES.UPLOAD_LINK_INVALID);
  if (verdict === 'expired') throw new AppError('FORBIDDEN', ADMIN_MESSAGES.UPLOAD_LINK_EXPIRED);
  const [row] = await db.select().from(files).where(eq(files.key, request.key)).limit(1);
  if (!row) throw new AppError('FORBIDDEN', ADMIN_MESSAGES.UPLOAD_LINK_INVALID);
  if (row.storedAt) throw new AppError('CONFLICT', ADMIN_MESSAGES.UPLOAD_LINK_USED);
  await checkContent(work, row, request.body);
  await storage.write(row.key, request.body, row.contentType);
  await db.update(files).set({ storedAt: new Date(), size: request.body.length }).where(eq(files.id, row.id));
  return { name: row.baseName, size: request.body.length };
}

/**
 * A product refers to an uploaded file by its base name. The file must exist and be of the kind
 * asked for; its content is checked (again, for files that went straight to S3), and a spreadsheet's
 * plan is returned.
 */
export async function claimUpload(
  db: Database,
  storage: FileStorage,
  baseName: string,
  kind: FileKind,
  work: PlanSheetWork,
): Promise<{ plan?: RelativePlan }> {
  const [row] = await db.select().from(files).where(eq(files.baseName, baseName)).limit(1);
  if (!row || row.kind !== kind) {
    throw new AppError('VALIDATION_FAILED', row ? ADMIN_MESSAGES.UPLOAD_WRONG_KIND : ADMIN_MESSAGES.UPLOAD_MISSING);
  }
  // The size first, from the object's head: a file too large is never read into memory.
  const size = await storage.size(row.key);
  if (size === null) throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.UPLOAD_MISSING);
  if (size > UPLOAD_MAX_BYTES) {
    if (!row.storedAt) await storage.remove(row.key);
    throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.FILE_TOO_LARGE);
  }
  const file = await storage.read(row.key);
  if (!file) throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.UPLOAD_MISSING);
  try {
    const plan = await checkContent(work, row, file);
    if (!row.storedAt) {
      await db.update(files).set({ storedAt: new Date(), size: file.length }).where(eq(files.id, row.id));
    }
    return plan ? { plan } : {};
  } catch (error) {
    // A file that went straight to the bucket and fails the check is not kept.
    if (!row.storedAt) await storage.remove(row.key);
    throw error;
  }
}

/** An uploaded image by its base name, for the template cards. */
export async function readImage(
  db: Database,
  storage: FileStorage,
  baseName: string,
): Promise<{ key: string; body: Buffer; contentType: string } | null> {
  const [row] = await db.select().from(files).where(eq(files.baseName, baseName)).limit(1);
  if (row?.kind !== 'image' || !row.storedAt) return null;
  const body = await storage.read(row.key);
  return body ? { key: row.key, body, contentType: row.contentType } : null;
}
