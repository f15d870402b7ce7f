// The set-up the task-tool benches share: the app on an in-memory database, listening so the adapters reach the
// simulators over HTTP as they would reach the real tools; a member connected to a tool through its OAuth pages;
// a plan uploaded through the real routes, with the requests the tool's API received counted.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDatabase } from '../apps/server/src/db/seed';
import { findJob, type JobRow } from '../apps/server/src/modules/jobs/jobs.service';
import { projectPlans } from '../apps/server/src/modules/templates/templates.tables';
import type { TemplatePlan } from '../apps/server/src/modules/templates/templates.types';
import type { TaskToolName } from '../apps/server/src/ports/task-tool.port';
import { signedInUser } from '../apps/server/test/helpers';
import { connectSandboxTool, freePort, injectCaller } from '../apps/server/test/task-tool-upload';

/** Where each simulator's API answers (its OAuth pages are elsewhere and not counted). */
const API_PREFIX: Record<TaskToolName, string> = {
  asana: '/sandbox/asana/api/',
  clickup: '/sandbox/clickup/api/v2/',
  monday: '/sandbox/monday/v2',
};

/** Requests the tool's API received while counting, and how many of them it refused for rate (429). */
export interface RequestCounts {
  requests: number;
  refused: number;
  /** Starts counting from zero. */
  start(): void;
  stop(): void;
}

export interface UploadSession {
  app: FastifyInstance;
  db: Database;
  clientId: number;
  /** The upload's requests; start it again to count something else. */
  counts: RequestCounts;
  /** The upload job as it ended; its result holds the project's id in the tool. */
  job: JobRow | null;
  projectId: string | null;
  /** From the upload call to the job's end. */
  seconds: number;
  close(): Promise<void>;
}

function requestCounts(app: FastifyInstance, tool: TaskToolName): RequestCounts {
  let counting = false;
  const counts: RequestCounts = {
    requests: 0,
    refused: 0,
    start() {
      counts.requests = 0;
      counts.refused = 0;
      counting = true;
    },
    stop() {
      counting = false;
    },
  };
  app.addHook('onResponse', async (request, reply) => {
    if (!counting || !request.url.startsWith(API_PREFIX[tool])) return;
    counts.requests += 1;
    if (reply.statusCode === 429) counts.refused += 1;
  });
  return counts;
}

/** The upload route for a tool: Asana uploads into a team of the workspace, monday into a new board. */
async function uploadRoute(
  app: FastifyInstance,
  auth: Record<string, string>,
  tool: TaskToolName,
  ids: { workspaceId: string; templateId: number; clientId: number },
  handle: string,
): Promise<{ url: string; payload: Record<string, string> }> {
  const { workspaceId, templateId, clientId } = ids;
  const payload = { accessToken: handle };
  if (tool === 'asana') {
    const teams = await app.inject({
      method: 'POST',
      url: `/api/asana/team/${workspaceId}/upload-plan/${templateId}/database-id/${clientId}`,
      headers: auth,
      payload,
    });
    return {
      url: `/api/asana/teams/${teams.json().spaces[0].id}/upload-plan/${templateId}/database-id/${clientId}`,
      payload: { ...payload, workspaceId },
    };
  }
  if (tool === 'clickup') {
    return { url: `/api/clickup/spaces/${workspaceId}/upload-plan/${templateId}/database-id/${clientId}`, payload };
  }
  return {
    url: `/api/monday/workspaces/${workspaceId}/boards/${templateId}/upload-plan/${templateId}/database-id/${clientId}`,
    payload,
  };
}

/**
 * Builds the app, signs a member in, connects them to the tool and uploads the plan as a template of theirs,
 * counting the upload's requests. `env` overrides the configuration (the simulators' limits, say).
 */
export async function uploadThroughApp(
  tool: TaskToolName,
  plan: TemplatePlan,
  env: Record<string, string> = {},
): Promise<UploadSession> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(database);
  await seedDatabase(database.db);
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: 'memory://',
    TOKEN_ENCRYPTION_KEY: 'a'.repeat(64),
    UPLOAD_WAIT_SECONDS: '600',
    IDENTITY_RATE_LIMIT_PER_MINUTE: '10000',
    ...env,
  });
  const app = await buildApp({ config, db: database.db });
  const close = async () => {
    await app.close();
    await database.close();
  };
  try {
    const counts = requestCounts(app, tool);
    await app.listen({ host: '127.0.0.1', port });
    const [template] = await database.db
      .insert(projectPlans)
      .values({
        slug: `bench-${tool}`,
        name: `Bench plan ${tool}`,
        productName: `Bench plan ${tool}`,
        category: 'Project Plan Templates',
        free: true,
        plan,
      })
      .returning();
    const email = `bench.${tool}@example.com`;
    const user = await signedInUser(app, email);
    const client = await app.inject({ method: 'POST', url: '/api/client/get', headers: user.auth, payload: { email } });
    const clientId = client.json().id as number;
    const { handle, placeId } = await connectSandboxTool(injectCaller(app), user.auth, tool, email);
    const ids = { workspaceId: placeId, templateId: template!.id, clientId };
    const { url, payload } = await uploadRoute(app, user.auth, tool, ids, handle);

    counts.start();
    const started = performance.now();
    const answer = await app.inject({ method: 'POST', url, headers: user.auth, payload });
    // The upload is a job: the call answers at once, the job runs on.
    const jobId = answer.json().job_id as number;
    let job = await findJob(database.db, jobId);
    while (job && job.status !== 'succeeded' && job.status !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await findJob(database.db, jobId);
    }
    const seconds = (performance.now() - started) / 1000;
    counts.stop();
    const projectId = (job?.result as { projectId?: string } | null)?.projectId ?? null;
    return { app, db: database.db, clientId, counts, job, projectId, seconds, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A bench plan: `sections` of `tasksPerSection` tasks, each due a day later than the one before, with `subtasksPerTask` steps. */
export function benchPlan(sections: number, tasksPerSection: number, subtasksPerTask: number): TemplatePlan {
  return {
    sections: Array.from({ length: sections }, (_, s) => ({
      name: `Section ${s + 1}`,
      description: '',
      tasks: Array.from({ length: tasksPerSection }, (_, t) => ({
        name: `Task ${s + 1}.${t + 1}`,
        description: `What to do for task ${s + 1}.${t + 1}`,
        due_in_days: s * 7 + t,
        subtasks: Array.from({ length: subtasksPerTask }, (_, k) => ({
          name: `Step ${k + 1}`,
          description: `Do step ${k + 1} of task ${s + 1}.${t + 1}`,
        })),
      })),
    })),
  };
}
