import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/helpers';
import { activatedAccount, type Instance, startInstance, stopInstance, waitFor } from '../../test/instances';
import { expectedRemotePlan, remotePlan, remoteProjects } from '../../test/remote-plan';
import { clickupUploadPath, connectSandboxTool, httpCaller } from '../../test/task-tool-upload';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { findJob } from '../modules/jobs/jobs.service';
import type { UploadPlan } from '../ports/task-tool.port';

/**
 * The only server process dies (SIGKILL, as a crash or an out-of-memory kill) in the middle of an upload and
 * is started again on the same database: the embedded one (its folder) in the PGlite pass, a PostgreSQL
 * database in the PostgreSQL pass.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe('one server process killed in the middle of an upload and started again', () => {
  const instances: Instance[] = [];
  const cleanUp: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const instance of instances) await stopInstance(instance, 'SIGKILL');
    for (const step of cleanUp.reverse()) await step();
  });

  it('finishes the upload after the restart, creating nothing twice', async () => {
    let databaseEnv: Record<string, string>;
    let open: () => Promise<DatabaseHandle>;
    if (serverUrl) {
      const database = await createScratchDatabase(serverUrl);
      cleanUp.push(() => database.drop());
      databaseEnv = { DATABASE_URL: database.url };
      open = () => openDatabase({ url: database.url, dataDir: '' });
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), 'dpp-restart-'));
      cleanUp.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      databaseEnv = { DATA_DIR: dataDir };
      open = () => openDatabase({ dataDir });
    }

    const first = await startInstance('first', databaseEnv);
    instances.push(first);
    const app = httpCaller(first.url);
    const email = 'restart@example.com';
    const { auth, clientId } = await activatedAccount(app, app, email);
    const { handle, placeId } = await connectSandboxTool(app, auth, 'clickup', email);
    // The biggest free template of the catalogue.
    const templates = (await app.call('GET', '/api/project-plans-without-pagination')).json() as {
      id: number;
      free: boolean;
      outline: { task_count: number; subtask_count: number };
    }[];
    const size = (t: (typeof templates)[number]) => t.outline.task_count + t.outline.subtask_count;
    const template = templates.filter((t) => t.free).sort((a, b) => size(b) - size(a))[0]!;
    const started = await app.call(
      'POST',
      clickupUploadPath(placeId, template.id, clientId),
      { accessToken: handle },
      auth,
    );
    const jobId = (started.json() as { job_id: number }).job_id;

    const progress = async (via: Instance) =>
      (await httpCaller(via.url).call('GET', `/api/upload-jobs/${jobId}`, undefined, auth)).json() as {
        state: string;
        created: number;
        total: number;
      };
    const cut = await waitFor('a third of the upload', async () => {
      const job = await progress(first);
      return job.created >= job.total / 3 ? job : undefined;
    });
    expect(cut.state).toBe('running');
    await stopInstance(first, 'SIGKILL');

    // Same address (the tool's callbacks and the simulator live there), same database.
    const second = await startInstance('second', databaseEnv, first.port);
    instances.push(second);
    const finished = await waitFor('the upload to end', async () => {
      const job = await progress(second);
      return job.state === 'succeeded' || job.state === 'failed' ? job : undefined;
    });
    expect(finished).toMatchObject({ state: 'succeeded', created: finished.total });
    expect(finished.created).toBeGreaterThan(cut.created);
    await stopInstance(second, 'SIGTERM');

    // Read back with the servers stopped: the embedded database is one process's at a time.
    const database = await open();
    try {
      const job = (await findJob(database.db, jobId))!;
      expect(job.attempts).toBe(2);
      const plan = (job.payload as { plan: UploadPlan }).plan;
      const projects = (await remoteProjects(database.db, 'clickup', placeId)).filter((p) => p.name === plan.name);
      expect(projects).toHaveLength(1);
      expect(await remotePlan(database.db, 'clickup', projects[0]!.remoteId)).toEqual(expectedRemotePlan(plan));
    } finally {
      await database.close();
    }
  }, 180_000);
});
