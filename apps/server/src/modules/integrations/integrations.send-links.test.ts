import { type MyPlan, type MyPlanDocument, UPLOAD_MESSAGES, type UploadJobResponse } from '@dpp/shared';
import { newTask } from '@dpp/shared/rules/my-plans';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, type TestContext } from '../../../test/helpers';
import { jobEnded, remoteProjects, sendToSandbox, startUpload } from '../../../test/remote-plan';
import { type Caller, connectSandboxTool, injectCaller, listeningSimulatorApp } from '../../../test/task-tool-upload';
import type { TaskToolName } from '../../ports/task-tool.port';
import type { FaultKind } from '../../stand-ins/simulators/faults';
import { issueGrant } from '../../stand-ins/simulators/grants';
import { sandboxAccounts } from '../../stand-ins/simulators/sandbox.tables';
import { memberPlans } from '../my-plans/my-plans.tables';

let ctx: TestContext;
let app: Caller;

beforeAll(async () => {
  // A failed attempt is retried within 70 ms instead of 2 s: the retry is under test, not its delay.
  ctx = await listeningSimulatorApp({
    JOBS_POLL_INTERVAL_MS: '50',
    JOBS_RETRY_BASE_MS: '10',
    PROGRESS_READ_INTERVAL_MINUTES: '0',
  });
  app = injectCaller(ctx.app);
});
afterAll(() => ctx.close());

const STEPS = 31;
const name = (i: number) => `Step ${i + 1}`;
/**
 * A plan of 31 tasks in one section: the last waits on the 30 others (the most a task may), the second on the first,
 * and the sixth is a milestone (a start set in the editor, which a moment does not keep).
 */
function linkedPlan(): MyPlanDocument {
  return {
    start_date: '2027-04-01',
    sections: [
      {
        id: 'build',
        name: 'Build',
        description: '',
        tasks: Array.from({ length: STEPS }, (_, i) =>
          newTask(`t${i}`, {
            name: name(i),
            due_date: '2027-04-20',
            depends_on: i === STEPS - 1 ? Array.from({ length: 30 }, (_, j) => `t${j}`) : i === 1 ? ['t0'] : [],
            ...(i === 5 && { milestone: true, start_date: '2027-04-18' }),
          }),
        ),
      },
    ],
  };
}
/** The links the tool must hold, as [waiting task, task it waits on] names. */
const EXPECTED_LINKS = [[name(1), name(0)], ...Array.from({ length: 30 }, (_, j) => [name(STEPS - 1), name(j)])].sort();

/**
 * A member's copy with the linked plan saved, then two links in its stored document that a save would not make: one
 * to a task deleted since, one to the task itself (as a copy saved by an older editor may hold).
 */
async function linkedCopy(tool: TaskToolName, label: string) {
  const who = await signedInMember(ctx.app, `links-${label}-${tool}@example.com`);
  const taken = await ctx.app.inject({
    method: 'POST',
    url: '/api/my-plans',
    headers: who.auth,
    payload: { source: 'blank', name: `Linked for ${tool}` },
  });
  expect(taken.statusCode, taken.body).toBe(201);
  const copy = taken.json() as MyPlan;
  const plan = linkedPlan();
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: `/api/my-plans/${copy.id}`,
    headers: who.auth,
    payload: { version: copy.version, name: copy.name, plan },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const stored = structuredClone(plan);
  stored.sections[0]!.tasks[2]!.depends_on = ['deleted-task'];
  stored.sections[0]!.tasks[3]!.depends_on = ['t3'];
  await ctx.app.db.update(memberPlans).set({ plan: stored }).where(eq(memberPlans.id, copy.id));
  return { who, planId: `my-plan-${copy.id}`, projectName: copy.name };
}

/** A token of the account the plan went to, to read it back through the simulator's own API. */
async function toolToken(tool: TaskToolName, email: string) {
  const [account] = await ctx.app.db
    .select()
    .from(sandboxAccounts)
    .where(and(eq(sandboxAccounts.tool, tool), eq(sandboxAccounts.email, email)));
  return issueGrant(ctx.app.db, { tool, kind: 'access', accountId: account!.id, ttlSeconds: 600 });
}

/** What the tool holds of the sent project, read through its API: each task's links (names) and milestones. */
async function readBack(tool: TaskToolName, email: string, projectId: string) {
  const token = await toolToken(tool, email);
  const get = async (url: string) => {
    const answer = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const links: string[][] = [];
  const milestones: string[] = [];
  if (tool === 'asana') {
    const base = '/sandbox/asana/api/1.0';
    const { data } = (await get(`${base}/projects/${projectId}/tasks?opt_fields=name,resource_subtype,start_on`)) as {
      data: { gid: string; name: string; resource_subtype: string; start_on: string | null }[];
    };
    for (const task of data) {
      if (task.resource_subtype === 'milestone') milestones.push(`${task.name} ${task.start_on}`);
      const deps = (await get(`${base}/tasks/${task.gid}/dependencies`)) as { data: { name: string }[] };
      links.push(...deps.data.map((d) => [task.name, d.name]));
    }
  } else if (tool === 'clickup') {
    const base = '/sandbox/clickup/api/v2';
    const { lists } = (await get(`${base}/folder/${projectId}/list`)) as { lists: { id: string }[] };
    const { tasks } = (await get(`${base}/list/${lists[0]!.id}/task`)) as {
      tasks: { id: string; name: string; custom_item_id: number; start_date: string | null }[];
    };
    const names = new Map(tasks.map((t) => [t.id, t.name]));
    for (const task of tasks) {
      if (task.custom_item_id === 1) milestones.push(`${task.name} ${task.start_date}`);
      // A task's record lists the links it takes part in, both ways: those where it waits.
      const one = (await get(`${base}/task/${task.id}`)) as { dependencies: { task_id: string; depends_on: string }[] };
      links.push(
        ...one.dependencies.filter((d) => d.task_id === task.id).map((d) => [task.name, names.get(d.depends_on)!]),
      );
    }
  } else {
    const query = `query ($b: [ID!]) { boards(ids: $b) { items_page(limit: 500) { items { name
      column_values(ids: ["plan_depends", "plan_milestone", "plan_start"]) { id text
        ... on DependencyValue { linked_items { name } } } } } } }`;
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/monday/v2',
      headers: { authorization: token, 'api-version': '2026-10' },
      payload: { query, variables: { b: [projectId] } },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    type Value = { id: string; text: string | null; linked_items?: { name: string }[] };
    const { data } = answer.json() as {
      data: { boards: { items_page: { items: { name: string; column_values: Value[] }[] } }[] };
    };
    for (const item of data.boards[0]!.items_page.items) {
      const value = (id: string) => item.column_values.find((c) => c.id === id);
      if (value('plan_milestone')?.text === 'Milestone')
        milestones.push(`${item.name} ${value('plan_start')?.text ?? null}`);
      links.push(...(value('plan_depends')?.linked_items ?? []).map((l) => [item.name, l.name]));
    }
  }
  return { links: links.sort(), milestones };
}

/** The upload's outcome as the member reads it. */
async function jobAnswer(auth: Record<string, string>, jobId: number) {
  const answer = await app.call('GET', `/api/upload-jobs/${jobId}`, undefined, auth);
  expect(answer.status).toBe(200);
  return answer.json() as UploadJobResponse;
}

const TOOLS: TaskToolName[] = ['asana', 'clickup', 'monday'];
const SKIPPED = [
  { task: name(2), message: UPLOAD_MESSAGES.LINK_TO_UNKNOWN_TASK(name(2)) },
  { task: name(3), message: UPLOAD_MESSAGES.LINK_TO_ITSELF(name(3)) },
];

describe('sending a plan with links between tasks and a milestone', () => {
  it.each(TOOLS)(
    '%s receives every link (30 on one task) and the milestone; links to no task are told',
    async (tool) => {
      const { who, planId } = await linkedCopy(tool, 'sent');
      const { job, parentId } = await sendToSandbox(app, ctx.app.db, who, tool, planId);
      expect(job).toMatchObject({ status: 'succeeded', attempts: 1 });
      const [project] = await remoteProjects(ctx.app.db, tool, parentId);
      const held = await readBack(tool, who.email, project!.remoteId);
      expect(held.links).toEqual(EXPECTED_LINKS);
      // A milestone is a moment: its start is not sent.
      expect(held.milestones).toEqual([`${name(5)} null`]);
      const answer = await jobAnswer(who.auth, job.id);
      expect(answer).toMatchObject({ state: 'succeeded', skipped: SKIPPED });
      // Every object and every link sent is counted, and reached.
      expect(answer.created).toBe(answer.total);
    },
  );

  // The answer to a request that sends links is lost (the tool took them): the retry must not send them again
  // (ClickUp's simulator refuses a link it holds, as nothing documents what ClickUp does), nor lose any.
  const RETRIED: { tool: TaskToolName; kind: FaultKind; after: number }[] = [
    // The project, the section's batch, then one batch per task (one create per container a batch): the links' batch.
    { tool: 'asana', kind: 'lost', after: 2 + STEPS },
    // The folder, the list, the tasks, then five links: the sixth link.
    { tool: 'clickup', kind: 'lost', after: 2 + STEPS + 5 },
    { tool: 'clickup', kind: '500', after: 2 + STEPS + 5 },
    // The board, its groups and columns, its items: the dependency values.
    { tool: 'monday', kind: 'lost', after: 3 },
  ];
  it.each(RETRIED)('$tool: a sending retried after $kind among its links ends with each link once', async (c) => {
    const { who, planId } = await linkedCopy(c.tool, `retried-${c.kind}`);
    const { handle, placeId } = await connectSandboxTool(app, who.auth, c.tool, who.email);
    const armed = await ctx.app.inject({
      method: 'POST',
      url: `/sandbox/${c.tool}/faults`,
      payload: { after: c.after, kind: c.kind },
    });
    expect(armed.statusCode).toBe(201);
    const { jobId, parentId } = await startUpload(app, who.auth, c.tool, {
      handle,
      placeId,
      planId,
      clientId: who.clientId,
    });
    const job = await jobEnded(ctx.app.db, jobId);
    expect(job).toMatchObject({ status: 'succeeded', attempts: 2 });
    const projects = await remoteProjects(ctx.app.db, c.tool, parentId);
    expect(projects).toHaveLength(1);
    expect((await readBack(c.tool, who.email, projects[0]!.remoteId)).links).toEqual(EXPECTED_LINKS);
    // Nothing refused: no link went twice.
    expect((await jobAnswer(who.auth, jobId)).skipped).toEqual(SKIPPED);
  });
});
