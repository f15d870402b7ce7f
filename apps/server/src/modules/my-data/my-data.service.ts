import { MEMBER_BUDGETS, MY_DATA_MESSAGES, tryAgainIn } from '@dpp/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { ROLE_ADMIN } from '../../plugins/auth';
import { bufferOf, type HeavyWork, tooLarge } from '../../work';
import { holdsRoleAlone } from '../clients';
import { enqueueJob, type JobHandler, PermanentJobError } from '../jobs';
import type { ArchiveInput } from './my-data.archive';
import {
  EXPORT_PARTS,
  type ExportRow,
  eraseMember,
  exportRefusal,
  findExport,
  type Member,
  memberOfClient,
  readPartJson,
  recordProgress,
  setExportJob,
  startExport,
  stopBuilding,
  storeArchive,
  sweepExports,
  takeArchive,
} from './my-data.repository';
import type * as tasks from './work';

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

/**
 * Builds the zip of a member's data, reporting each part read: the rows are read here, as the database's JSON
 * text; parsing, indenting and compressing them happen on a worker thread (ADR 0040).
 */
export async function buildArchive(
  db: Database,
  work: HeavyWork<typeof tasks>,
  member: Member,
  at: Date,
  onPart: (done: number) => Promise<void> = async () => {},
): Promise<Buffer> {
  const parts: ArchiveInput['parts'] = [];
  let characters = 0;
  for (const [index, part] of EXPORT_PARTS.entries()) {
    const tables = await readPartJson(db, part, member);
    characters += tables.reduce((sum, table) => sum + table.rowsJson.length, 0);
    // Refused here rather than by the thread running out of memory on it (work/index.ts).
    if (characters > work.maxInputCharacters) throw tooLarge();
    parts.push({ file: part.file, tables });
    await onPart(index + 1);
  }
  return bufferOf(await work.run('zipArchive', { readme: archiveReadme(member, at), parts, at }));
}

/** The rule the administrator role's revocation follows: someone must be left to run the product. */
async function assertNotLastAdmin(db: Database, clientId: number): Promise<void> {
  if (await holdsRoleAlone(db, clientId, ROLE_ADMIN)) throw new AppError('CONFLICT', MY_DATA_MESSAGES.LAST_ADMIN);
}

export function myDataService({
  db,
  work,
  now = () => new Date(),
}: {
  db: Database;
  work: HeavyWork<typeof tasks>;
  now?: () => Date;
}) {
  const exportHandler: JobHandler = async (job) => {
    const { exportId, clientId } = job.payload as ExportJobPayload;
    try {
      const row = await findExport(db, exportId);
      const member = await memberOfClient(db, clientId);
      if (!row || !member || row.clientId !== clientId) {
        throw new PermanentJobError('the archive or its member is gone');
      }
      const archive = await buildArchive(db, work, member, now(), (done) => recordProgress(db, exportId, done));
      await storeArchive(db, exportId, archive);
      return { exportId, bytes: archive.length };
    } catch (error) {
      // Too large to build is final; a busy pool is worth another attempt, until the last one.
      const final =
        error instanceof PermanentJobError ||
        (error instanceof AppError && error.code === 'TOO_LARGE') ||
        job.attempts >= job.maxAttempts;
      // Failed for good: the member may ask for another archive at once.
      if (final) await stopBuilding(db, exportId);
      if (error instanceof AppError && error.code === 'TOO_LARGE') throw new PermanentJobError(error.message);
      throw error;
    }
  };

  /** The caller's own archive; 404 when there is none, 403 when it is someone else's. */
  async function ownExport(clientId: number, exportId: number): Promise<ExportRow> {
    const row = await findExport(db, exportId);
    if (!row) throw new AppError('NOT_FOUND', MY_DATA_MESSAGES.EXPORT_NOT_FOUND);
    if (row.clientId !== clientId) throw new AppError('FORBIDDEN', MY_DATA_MESSAGES.EXPORT_NOT_FOUND);
    return row;
  }

  /** The 429 of an archive the budget does not allow now, in the member's words. */
  async function refusedExport(clientId: number): Promise<AppError> {
    const perDay = MEMBER_BUDGETS.EXPORTS_PER_DAY;
    // Between the refused insert and this read the build may have ended: then a moment later will do.
    const refusal = (await exportRefusal(db, clientId, perDay)) ?? { reason: 'building', retryAfterSeconds: 1 };
    const message =
      refusal.reason === 'building'
        ? MY_DATA_MESSAGES.EXPORT_IN_PROGRESS
        : MY_DATA_MESSAGES.EXPORTS_PER_DAY_USED(perDay, tryAgainIn(refusal.retryAfterSeconds));
    return new AppError('RATE_LIMITED', message, undefined, undefined, refusal.retryAfterSeconds);
  }

  return {
    exportHandler,

    /**
     * Queues an archive within the member's budget (one at a time, MEMBER_BUDGETS.EXPORTS_PER_DAY a day), else
     * refuses with 429 and when to ask again; the token is answered this once, only its hash is kept.
     */
    async requestExport(clientId: number, token: { value: string; hash: string }) {
      const expiresAt = new Date(now().getTime() + EXPORT_LINK_MS);
      const perDay = MEMBER_BUDGETS.EXPORTS_PER_DAY;
      const row = await startExport(db, { clientId, tokenHash: token.hash, expiresAt, perDay });
      if (!row) throw await refusedExport(clientId);
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
      const state = (row.jobId !== null ? await jobState(row.jobId) : null) ?? (row.ready ? 'succeeded' : 'failed');
      return {
        export_id: row.id,
        state: state as 'queued' | 'running' | 'succeeded' | 'failed',
        done: row.partsDone,
        total: row.partsTotal,
        ready: row.ready && row.downloadedAt === null,
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
      if (!row.ready) throw new AppError('CONFLICT', MY_DATA_MESSAGES.NOT_READY);
      const archive = await takeArchive(db, exportId);
      if (!archive) throw new AppError('CONFLICT', MY_DATA_MESSAGES.LINK_USED);
      return archive;
    },

    sweepExports: () => sweepExports(db),

    /** Erases the member in one transaction: everything goes or nothing does (ADR 0034). */
    async eraseAccount(clientId: number) {
      const member = await memberOfClient(db, clientId);
      if (!member) throw new AppError('NOT_FOUND', MY_DATA_MESSAGES.EXPORT_NOT_FOUND);
      await db.transaction(async (tx) => {
        // Checked again with the holders locked: of two administrators leaving at once, the second sees the first gone.
        await assertNotLastAdmin(tx, clientId);
        await eraseMember(tx, member);
      });
    },

    /** The last administrator keeps the role (as its revocation does): refused (409) before anything is done. */
    assertMayLeave: (clientId: number) => assertNotLastAdmin(db, clientId),
  };
}

export type MyDataService = ReturnType<typeof myDataService>;
