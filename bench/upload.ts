// `npx tsx bench/upload.ts [asana|clickup|monday]`: uploads a 10-section, 100-task, 300-subtask plan into each
// task-tool simulator through the real routes and adapters, and reports requests sent, requests refused for
// rate, and seconds, against the fewest requests each API allows and the shortest time its documented limit
// allows. Exits non-zero when requests exceed the fewest by more than 10% or any is refused for rate.
import { ASANA_BATCH_MAX_ACTIONS } from '../apps/server/src/adapters/task-tools/asana';
import { MONDAY_CREATES_PER_REQUEST } from '../apps/server/src/adapters/task-tools/monday';
import type { TaskToolName } from '../apps/server/src/adapters/task-tools/task-tool.port';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDatabase } from '../apps/server/src/db/seed';
import { findJob } from '../apps/server/src/modules/jobs/jobs.service';
import { projectPlans, type TemplatePlan } from '../apps/server/src/modules/templates/templates.tables';
import { signedInUser } from '../apps/server/test/helpers';
import { freePort } from '../apps/server/test/task-tool-upload';

const SECTIONS = 10;
const TASKS_PER_SECTION = 10;
const SUBTASKS_PER_TASK = 3;

const plan: TemplatePlan = {
  sections: Array.from({ length: SECTIONS }, (_, s) => ({
    name: `Section ${s + 1}`,
    description: '',
    tasks: Array.from({ length: TASKS_PER_SECTION }, (_, t) => ({
      name: `Task ${s + 1}.${t + 1}`,
      description: `What to do for task ${s + 1}.${t + 1}`,
      due_in_days: s * 7 + t,
      subtasks: Array.from({ length: SUBTASKS_PER_TASK }, (_, k) => ({
        name: `Step ${k + 1}`,
        description: `Do step ${k + 1} of task ${s + 1}.${t + 1}`,
      })),
    })),
  })),
};
const tasks = SECTIONS * TASKS_PER_SECTION;
const subtasks = tasks * SUBTASKS_PER_TASK;

/** The fewest requests each API allows for this plan (project first, then each level once its parents exist). */
const MINIMUM: Record<TaskToolName, { requests: number; basis: string }> = {
  asana: {
    requests: 1 + Math.ceil(SECTIONS / 10) + Math.ceil(tasks / 10) + Math.ceil(subtasks / 10),
    basis: 'POST /batch: at most 10 actions per request',
  },
  clickup: { requests: 1 + SECTIONS + tasks + subtasks, basis: 'no batch endpoint: one request per object' },
  monday: {
    // Complexity: 5M per request and per minute, create_item 10,000 points: every level fits one request. But
    // subitems live on a subitems board that monday makes with the first subitem, and their description column
    // can only be added to it then: the first subitem goes alone, the rest after the column.
    requests: 5,
    basis:
      '5,000,000 complexity per request and per minute, 10,000 per mutation: board, groups, items, then the ' +
      'first subitem alone (it makes the subitems board), then the description column of that board with the rest',
  },
};

/**
 * The shortest time each tool's documented limit allows (contracts/RATE-LIMITS.md): what the upload spends
 * of it, in minute windows; every window but the last must run out before the next one opens.
 */
const objects = 1 + SECTIONS + tasks + subtasks;
const LOWER_BOUND: Record<TaskToolName, { seconds: number; limit: string }> = {
  asana: {
    seconds: (Math.ceil(objects / 150) - 1) * 60,
    limit: `150 requests/minute (free domain), every batch action counting: ${objects} actions`,
  },
  clickup: {
    seconds: (Math.ceil(objects / 100) - 1) * 60,
    limit: `100 requests/minute (Free, Unlimited, Business): ${objects} requests`,
  },
  monday: {
    // The board's two plan columns, the subitems board's description column and the first subitem's description.
    seconds: (Math.ceil(((objects + 4) * 10_000) / 5_000_000) - 1) * 60,
    limit: `5,000,000 complexity/minute: ${objects + 4} mutations at 10,000`,
  },
};
/** The gate: at most this much over the fewest requests, and nothing refused for rate. */
const MAX_OVER_MINIMUM = 0.1;

async function run(tool: TaskToolName) {
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(database);
  await seedDatabase(database.db);
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: publicUrl,
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: 'memory://',
    TOKEN_ENCRYPTION_KEY: 'a'.repeat(64),
    UPLOAD_WAIT_SECONDS: '600',
    IDENTITY_RATE_LIMIT_PER_MINUTE: '10000',
  });
  const app = await buildApp({ config, db: database.db });
  const counts = { requests: 0, refused: 0, counting: false };
  const apiPrefix = { asana: '/sandbox/asana/api/', clickup: '/sandbox/clickup/api/v2/', monday: '/sandbox/monday/v2' }[
    tool
  ];
  app.addHook('onResponse', async (request, reply) => {
    if (!counts.counting || !request.url.startsWith(apiPrefix)) return;
    counts.requests += 1;
    if (reply.statusCode === 429) counts.refused += 1;
  });
  await app.listen({ host: '127.0.0.1', port });
  try {
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

    // OAuth as the browser does it: the link, the consent form's Allow, the code back to the app.
    const link = new URL(
      (await app.inject({ method: 'GET', url: `/api/${tool}/link`, headers: user.auth })).json().link,
    );
    const consent = await fetch(`${link.origin}${link.pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...Object.fromEntries(link.searchParams), email, decision: 'allow' }),
    });
    const back = new URL(consent.headers.get('location')!);
    const tokens = await app.inject({
      method: 'POST',
      url: `/api/${tool}/tokens`,
      headers: user.auth,
      payload: { userCode: back.searchParams.get('code'), state: back.searchParams.get('state') },
    });
    const handle = tokens.json().access_token as string;
    const places = await app.inject({
      method: 'POST',
      url: `/api/${tool}/workspaces`,
      headers: user.auth,
      payload: { accessToken: handle },
    });
    const workspaceId = places.json().spaces[0].id as string;
    let url: string;
    let payload: Record<string, string> = { accessToken: handle };
    if (tool === 'asana') {
      const teams = await app.inject({
        method: 'POST',
        url: `/api/asana/team/${workspaceId}/upload-plan/${template!.id}/database-id/${clientId}`,
        headers: user.auth,
        payload,
      });
      url = `/api/asana/teams/${teams.json().spaces[0].id}/upload-plan/${template!.id}/database-id/${clientId}`;
      payload = { ...payload, workspaceId };
    } else if (tool === 'clickup') {
      url = `/api/clickup/spaces/${workspaceId}/upload-plan/${template!.id}/database-id/${clientId}`;
    } else {
      url = `/api/monday/workspaces/${workspaceId}/boards/${template!.id}/upload-plan/${template!.id}/database-id/${clientId}`;
    }

    counts.counting = true;
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
    counts.counting = false;
    const minimum = MINIMUM[tool];
    const bound = LOWER_BOUND[tool];
    const over = (counts.requests - minimum.requests) / minimum.requests;
    return {
      tool,
      status: job?.status,
      error: job?.error ?? null,
      requests: counts.requests,
      minimum: minimum.requests,
      overMinimum: `${Math.round(over * 100)}%`,
      refusedForRate: counts.refused,
      seconds: Math.round(seconds * 10) / 10,
      lowerBoundSeconds: bound.seconds,
      limit: bound.limit,
      basis: minimum.basis,
      pass: job?.status === 'succeeded' && over <= MAX_OVER_MINIMUM && counts.refused === 0,
    };
  } finally {
    await app.close();
    await database.close();
  }
}

const only = process.argv[2] as TaskToolName | undefined;
console.log(
  `Plan: ${SECTIONS} sections, ${tasks} tasks, ${subtasks} subtasks. ` +
    `Asana batch ${ASANA_BATCH_MAX_ACTIONS}, monday creates per request ${MONDAY_CREATES_PER_REQUEST}.`,
);
let failed = false;
for (const tool of only ? [only] : (['asana', 'monday', 'clickup'] as const)) {
  const result = await run(tool);
  console.log(JSON.stringify(result));
  if (!result.pass) {
    failed = true;
    console.error(
      `${tool}: FAILED the gate (${result.status}; ${result.requests} requests for ${result.minimum} at least, ` +
        `at most ${Math.round(MAX_OVER_MINIMUM * 100)}% over; ${result.refusedForRate} refused for rate)`,
    );
  }
}
// A gate: CI fails when an upload sends too many requests or is refused for rate.
if (failed) process.exitCode = 1;
