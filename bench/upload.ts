// `npx tsx bench/upload.ts [asana|clickup|monday]`: uploads a 10-section, 100-task, 300-subtask plan into each
// task-tool simulator through the real routes and adapters, and reports requests sent, requests refused for
// rate, and seconds, against the fewest requests each API allows and the shortest time its documented limit
// allows. Exits non-zero when requests exceed the fewest by more than 10% or any is refused for rate.
import { ASANA_BATCH_MAX_ACTIONS } from '../apps/server/src/adapters/task-tools/asana';
import { MONDAY_CREATES_PER_REQUEST } from '../apps/server/src/adapters/task-tools/monday-pacing';
import type { TaskToolName } from '../apps/server/src/ports/task-tool.port';
import { benchPlan, uploadThroughApp } from './task-tool-session';

const SECTIONS = 10;
const TASKS_PER_SECTION = 10;
const SUBTASKS_PER_TASK = 3;

const plan = benchPlan(SECTIONS, TASKS_PER_SECTION, SUBTASKS_PER_TASK);
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
  const session = await uploadThroughApp(tool, plan);
  try {
    const { job, counts } = session;
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
      seconds: Math.round(session.seconds * 10) / 10,
      lowerBoundSeconds: bound.seconds,
      limit: bound.limit,
      basis: minimum.basis,
      pass: job?.status === 'succeeded' && over <= MAX_OVER_MINIMUM && counts.refused === 0,
    };
  } finally {
    await session.close();
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
