import type { MyPlan, MyPlanDocument } from '@dpp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, type TestContext } from '../../../test/helpers';
import { sendToSandbox } from '../../../test/remote-plan';
import { type Caller, injectCaller, listeningSimulatorApp } from '../../../test/task-tool-upload';
import type { TaskToolName } from '../../ports/task-tool.port';
import { projectPlans } from '../templates/templates.tables';

const FREE = 'project-planning-made-easy-with-5-simple-principles';

let ctx: TestContext;
let app: Caller;
let freeId: number;

beforeAll(async () => {
  ctx = await listeningSimulatorApp({ JOBS_POLL_INTERVAL_MS: '50', PROGRESS_READ_INTERVAL_MINUTES: '0' });
  app = injectCaller(ctx.app);
  const [free] = await ctx.app.db.select().from(projectPlans).where(eq(projectPlans.slug, FREE));
  freeId = free!.id;
});
afterAll(() => ctx.close());

/**
 * The copy's first four tasks given what a member sets in the editor: a start and a high priority; a start and a
 * medium one; a low priority alone; a start with no due date. The other tasks keep none.
 */
function withStartsAndPriorities(plan: MyPlanDocument): MyPlanDocument {
  const edits = [
    { start_date: '2027-03-01', due_date: '2027-03-04', priority: 'high' },
    { start_date: '2027-03-02', due_date: '2027-03-09', priority: 'medium' },
    { start_date: null, due_date: '2027-03-10', priority: 'low' },
    { start_date: '2027-03-05', due_date: null, priority: 'none' },
  ] as const;
  let n = 0;
  return {
    ...plan,
    sections: plan.sections.map((section) => ({
      ...section,
      tasks: section.tasks.map((task) => {
        const edit = edits[n++];
        return edit ? { ...task, ...edit } : task;
      }),
    })),
  };
}

/** A member's copy of the free template with starts and priorities saved, sent to `tool`; the tasks sent. */
async function sentWithFields(tool: TaskToolName) {
  const who = await signedInMember(ctx.app, `send-fields-${tool}@example.com`);
  const taken = await ctx.app.inject({
    method: 'POST',
    url: '/api/my-plans',
    headers: who.auth,
    payload: { source: 'template', templateId: freeId, start_date: '2027-03-01' },
  });
  expect(taken.statusCode, taken.body).toBe(201);
  const copy = taken.json() as MyPlan;
  const name = `Fields for ${tool}`;
  const plan = withStartsAndPriorities(copy.plan);
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: `/api/my-plans/${copy.id}`,
    headers: who.auth,
    payload: { version: copy.version, name, plan },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const { job } = await sendToSandbox(app, ctx.app.db, who, tool, `my-plan-${copy.id}`);
  expect(job).toMatchObject({ status: 'succeeded' });
  return { email: who.email, name, tasks: plan.sections.flatMap((s) => s.tasks) };
}

interface Node {
  kind: string;
  name: string;
  details: Record<string, unknown>;
  children: Node[];
}

/** The simulator's state as its page's JSON twin shows it: the tasks of the project named `name`, in order. */
async function remoteTasks(tool: TaskToolName, email: string, name: string, taskKind: string): Promise<Node[]> {
  const index = (await ctx.app.inject({ method: 'GET', url: `/sandbox/${tool}/index.json` })).json() as {
    accounts: { email: string; tree: Node[] }[];
  };
  const found: Node[] = [];
  const walk = (nodes: Node[], inProject: boolean, depth: number) => {
    for (const n of nodes) {
      const project = inProject || n.name === name;
      // The plan's tasks sit two levels under the project (project → section → task); subtasks deeper.
      if (inProject && n.kind === taskKind && depth === 2) found.push(n);
      walk(n.children, project, project ? depth + 1 : 0);
    }
  };
  walk(index.accounts.find((a) => a.email === email)!.tree, false, 0);
  return found;
}

describe('sending carries start dates and priorities', () => {
  it('to Asana: start_on beside due_on, the priority (and a start without a due date) atop the notes', async () => {
    const sent = await sentWithFields('asana');
    const tasks = await remoteTasks('asana', sent.email, sent.name, 'task');
    expect(tasks.map((t) => t.name)).toEqual(sent.tasks.map((t) => t.name));
    const [high, medium, low, startOnly, plain] = tasks.map((t) => t.details);
    const notes = (i: number) => sent.tasks[i]!.description;
    expect(high).toMatchObject({
      start_on: '2027-03-01',
      due_on: '2027-03-04',
      notes: `Priority: High\n\n${notes(0)}`,
    });
    expect(medium).toMatchObject({
      start_on: '2027-03-02',
      due_on: '2027-03-09',
      notes: `Priority: Medium\n\n${notes(1)}`,
    });
    expect(low).toMatchObject({ start_on: null, due_on: '2027-03-10', notes: `Priority: Low\n\n${notes(2)}` });
    // Asana takes start_on only with a due date: a start alone is said in the notes instead.
    expect(startOnly).toMatchObject({ start_on: null, due_on: null, notes: `Starts 2027-03-05\n\n${notes(3)}` });
    expect(plain).toMatchObject({ start_on: null, notes: notes(4) });
  });

  it('to ClickUp: start_date in milliseconds without a time, and ClickUp priorities 2, 3 and 4', async () => {
    const sent = await sentWithFields('clickup');
    const tasks = await remoteTasks('clickup', sent.email, sent.name, 'task');
    expect(tasks.map((t) => t.name)).toEqual(sent.tasks.map((t) => t.name));
    const midday = (day: string) => String(Date.parse(`${day}T12:00:00Z`));
    const [high, medium, low, startOnly, plain] = tasks.map((t) => t.details);
    expect(high).toMatchObject({ start_date: midday('2027-03-01'), due_date: midday('2027-03-04'), priority: 'high' });
    expect(medium).toMatchObject({ start_date: midday('2027-03-02'), priority: 'normal' });
    expect(low).toMatchObject({ start_date: null, due_date: midday('2027-03-10'), priority: 'low' });
    expect(startOnly).toMatchObject({ start_date: midday('2027-03-05'), due_date: null, priority: null });
    expect(plain).toMatchObject({ start_date: null, priority: null });
  });

  it('to monday.com: a Start date column and a Priority status column with the plan’s labels', async () => {
    const sent = await sentWithFields('monday');
    const items = await remoteTasks('monday', sent.email, sent.name, 'item');
    expect(items.map((t) => t.name)).toEqual(sent.tasks.map((t) => t.name));
    const [high, medium, low, startOnly, plain] = items.map((t) => t.details.columns);
    expect(high).toMatchObject({ 'Start date': '2027-03-01', 'Due date': '2027-03-04', Priority: 'High' });
    expect(medium).toMatchObject({ 'Start date': '2027-03-02', Priority: 'Medium' });
    expect(low).toMatchObject({ 'Due date': '2027-03-10', Priority: 'Low' });
    expect(low).not.toHaveProperty('Start date');
    expect(startOnly).toEqual({ 'Start date': '2027-03-05' });
    expect(plain).not.toHaveProperty('Priority');
    expect(plain).not.toHaveProperty('Start date');
  });
});
