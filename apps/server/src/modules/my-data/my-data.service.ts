import { MY_DATA_MESSAGES } from '@dpp/shared';
import { strToU8, zipSync } from 'fflate';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { enqueueJob, type JobHandler, PermanentJobError } from '../jobs';
import {
  createExport,
  EXPORT_PARTS,
  type ExportRow,
  eraseMember,
  findExport,
  type Member,
  memberOfClient,
  readPart,
  recordProgress,
  setExportJob,
  storeArchive,
  takeArchive,
} from './my-data.repository';

export const EXPORT_JOB_KIND = 'my-data.export';
/** How long a download link works. */
export const EXPORT_LINK_MS = 60 * 60 * 1000;

interface ExportJobPayload {
  exportId: number;
  clientId: number;
}

/** The archive's README.txt: what each file holds, and what it leaves out. */
export function archiveReadme(member: Member, at: Date): string {
  return [
    'Digital Project Planner: everything we hold about you',
    '',
    `Account: ${member.email}`,
    `Prepared: ${at.toISOString()}`,
    '',
    'Each file is JSON: an object with one list of rows per table.',
    '',
    ...EXPORT_PARTS.map((part) => `- ${part.file}: ${Object.keys(part.tables).join(', ')}`),
    '',
    'What these files hold: profile.json your identity (profile, second factor, linked Google or Facebook',
    'accounts, the codes we mailed you); client-record.json your client record, roles, lifetime-deal code and',
    'mailing-list records; plans.json your AI plans, AI credits and My Plans copies; uploads.json your uploads to task tools and',
    'your connections to them; sessions.json where you were signed in and failed sign-ins; billing.json your',
    'subscriptions, payments and purchases; audit-events.json the security events about you; mail.json the',
    'e-mails we sent you; archives.json the archives you asked for.',
    '',
    'Left out on purpose, because they are secrets and not information about you: password hashes, the hashes',
    'of codes and tokens (sessions, e-mail codes, download links), the access and refresh tokens of your task',
    'tools, and your two-factor (TOTP) secret. The bodies of the e-mails are left out too: they held single-use',
    'codes and links.',
    '',
  ].join('\n');
}

/** Builds the zip of a member's data, reporting each part written. */
export async function buildArchive(
  db: Database,
  member: Member,
  at: Date,
  onPart: (done: number) => Promise<void> = async () => {},
): Promise<Buffer> {
  const files: Record<string, Uint8Array> = { 'README.txt': strToU8(archiveReadme(member, at)) };
  for (const [index, part] of EXPORT_PARTS.entries()) {
    files[part.file] = strToU8(JSON.stringify(await readPart(db, part, member), null, 2));
    await onPart(index + 1);
  }
  return Buffer.from(zipSync(files, { level: 6, mtime: at }));
}

export function myDataService({ db, now = () => new Date() }: { db: Database; now?: () => Date }) {
  const exportHandler: JobHandler = async (job) => {
    const { exportId, clientId } = job.payload as ExportJobPayload;
    const row = await findExport(db, exportId);
    const member = await memberOfClient(db, clientId);
    if (!row || !member || row.clientId !== clientId) throw new PermanentJobError('the archive or its member is gone');
    const archive = await buildArchive(db, member, now(), (done) => recordProgress(db, exportId, done));
    await storeArchive(db, exportId, archive);
    return { exportId, bytes: archive.length };
  };

  /** The caller's own archive; 404 when there is none, 403 when it is someone else's. */
  async function ownExport(clientId: number, exportId: number): Promise<ExportRow> {
    const row = await findExport(db, exportId);
    if (!row) throw new AppError('NOT_FOUND', MY_DATA_MESSAGES.EXPORT_NOT_FOUND);
    if (row.clientId !== clientId) throw new AppError('FORBIDDEN', MY_DATA_MESSAGES.EXPORT_NOT_FOUND);
    return row;
  }

  return {
    exportHandler,

    /** Queues an archive; the token is answered this once, only its hash is kept. */
    async requestExport(clientId: number, token: { value: string; hash: string }) {
      const expiresAt = new Date(now().getTime() + EXPORT_LINK_MS);
      const row = await createExport(db, { clientId, tokenHash: token.hash, expiresAt });
      const job = await enqueueJob(db, EXPORT_JOB_KIND, { exportId: row.id, clientId } satisfies ExportJobPayload, {
        maxAttempts: 3,
      });
      await setExportJob(db, row.id, job.id);
      return {
        job,
        answer: {
          export_id: row.id,
          job_id: job.id,
          token: token.value,
          expires_at: Math.floor(expiresAt.getTime() / 1000),
        },
      };
    },

    async exportStatus(clientId: number, exportId: number, jobState: (jobId: number) => Promise<string | null>) {
      const row = await ownExport(clientId, exportId);
      const state = (row.jobId !== null ? await jobState(row.jobId) : null) ?? (row.archive ? 'succeeded' : 'failed');
      return {
        export_id: row.id,
        state: state as 'queued' | 'running' | 'succeeded' | 'failed',
        done: row.partsDone,
        total: row.partsTotal,
        ready: row.archive !== null && row.downloadedAt === null,
        downloaded: row.downloadedAt !== null,
        expires_at: Math.floor(row.expiresAt.getTime() / 1000),
      };
    },

    /** The archive, once, to its owner holding the link's token before it expires. */
    async download(clientId: number, exportId: number, tokenHash: string): Promise<Buffer> {
      const row = await ownExport(clientId, exportId);
      if (row.tokenHash !== tokenHash) throw new AppError('FORBIDDEN', MY_DATA_MESSAGES.LINK_WRONG);
      if (row.downloadedAt) throw new AppError('CONFLICT', MY_DATA_MESSAGES.LINK_USED);
      if (row.expiresAt <= now()) throw new AppError('CONFLICT', MY_DATA_MESSAGES.LINK_EXPIRED);
      if (!row.archive) throw new AppError('CONFLICT', MY_DATA_MESSAGES.NOT_READY);
      const archive = await takeArchive(db, exportId);
      if (!archive) throw new AppError('CONFLICT', MY_DATA_MESSAGES.LINK_USED);
      return archive;
    },

    /** Erases the member in one transaction: everything goes or nothing does (ADR 0034). */
    async eraseAccount(clientId: number) {
      const member = await memberOfClient(db, clientId);
      if (!member) throw new AppError('NOT_FOUND', MY_DATA_MESSAGES.EXPORT_NOT_FOUND);
      await db.transaction((tx) => eraseMember(tx, member));
    },
  };
}

export type MyDataService = ReturnType<typeof myDataService>;
