// `npx tsx bench/progress-reads.ts [asana|clickup|monday]`: uploads a plan of 300 tasks (10 sections of 30, each
// with a due date, no subtasks) into each task-tool simulator, then counts the requests one progress read of
// that project sends to the tool's API, against the fewest its list calls allow. Exits non-zero when the read
// sends more, or does not answer with the 300 tasks.
import type { TaskToolName } from '../apps/server/src/ports/task-tool.port';
import { benchPlan, uploadThroughApp } from './task-tool-session';

const SECTIONS = 10;
const TASKS_PER_SECTION = 30;
const TASKS = SECTIONS * TASKS_PER_SECTION;

const plan = benchPlan(SECTIONS, TASKS_PER_SECTION, 0);

/** The fewest requests each API's list calls allow for reading this project's tasks. */
const MINIMUM: Record<TaskToolName, { requests: number; basis: string }> = {
  asana: { requests: Math.ceil(TASKS / 100), basis: 'GET /projects/{id}/tasks: at most 100 tasks a page' },
  clickup: {
    requests: 1 + SECTIONS * Math.ceil(TASKS_PER_SECTION / 100),
    basis: "one request for the folder's lists, then each list's tasks 100 a page: 30 tasks per list fit one page",
  },
  monday: { requests: Math.ceil(TASKS / 500), basis: 'items_page: up to 500 items a request' },
};

/** The upload is only the set-up here: the simulators' and the Asana pacer's limits are lifted so it is quick. */
const UNLIMITED = {
  SANDBOX_ASANA_REQUESTS_PER_MINUTE: '1000000',
  SANDBOX_CLICKUP_REQUESTS_PER_MINUTE: '1000000',
  SANDBOX_MONDAY_COMPLEXITY_PER_MINUTE: '1000000000',
  ASANA_REQUESTS_PER_MINUTE: '100000',
};

async function run(tool: TaskToolName) {
  const session = await uploadThroughApp(tool, plan, UNLIMITED);
  try {
    const { job, projectId, counts } = session;
    if (job?.status !== 'succeeded' || !projectId) {
      throw new Error(`${tool}: the upload did not succeed (${job?.status ?? 'no job'}: ${job?.error ?? ''})`);
    }
    counts.start();
    const progress = await session.app.integrations.readProjectProgress(session.clientId, tool, projectId);
    counts.stop();
    const tasks = typeof progress === 'object' ? progress.tasks.length : 0;
    const minimum = MINIMUM[tool];
    return {
      tool,
      tasks,
      requests: counts.requests,
      minimum: minimum.requests,
      basis: minimum.basis,
      pass: counts.requests <= minimum.requests && tasks === TASKS,
    };
  } finally {
    await session.close();
  }
}

const only = process.argv[2] as TaskToolName | undefined;
let failed = false;
for (const tool of only ? [only] : (['asana', 'monday', 'clickup'] as const)) {
  const result = await run(tool);
  console.log(JSON.stringify(result));
  if (!result.pass) failed = true;
}
// A gate: a progress read must not cost more requests than the tool's list calls need.
if (failed) process.exitCode = 1;
