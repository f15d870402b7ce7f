import { UPLOAD_MESSAGES } from '@dpp/shared';
import type { DatedPlan } from '@dpp/shared/rules/my-plans';
import { describe, expect, it } from 'vitest';
import {
  asanaProblems,
  memoryLedger,
  mondayRequestProblems,
  recordingFetch,
} from '../../test/contracts/task-tool-requests';
import { uploadPlanOf as planOf, uploadTask as task } from '../../test/upload-plans';
import { ASANA_LINKS_PER_TASK, asanaAdapter, asanaEndpoints, asanaLinkActions } from '../adapters/task-tools/asana';
import { CLICKUP_MILESTONE_ITEM_ID, clickupAdapter, clickupEndpoints } from '../adapters/task-tools/clickup';
import { fixedToken } from '../adapters/task-tools/http';
import { mondayAdapter, mondayEndpoints } from '../adapters/task-tools/monday';
import { MONDAY_DEPENDENCY_COLUMN, mondayLinkChanges } from '../adapters/task-tools/monday-columns';
import { countItems, toUploadPlan } from '../modules/integrations/integrations.upload-plan';
import { CreateTaskBody as ClickUpCreateTaskBody } from '../stand-ins/simulators/clickup/clickup.contract';
import { linkKey, linksToSend, linksWithin, pendingLinks, planLinks } from './task-tool.links';
import type { UploadPlan } from './task-tool.port';

/** 31 tasks: the last waits on the 30 others, the second on the first; the sixth is a milestone. */
const thirty = planOf(
  Array.from({ length: 31 }, (_, i) =>
    task(
      i,
      i === 30 ? Array.from({ length: 30 }, (_, j) => `t${j}`) : i === 1 ? ['t0'] : [],
      i === 5 ? { milestone: true } : {},
    ),
  ),
);
/** Every task of a plan recorded as created, with remote id 100 + its position. */
const allCreated = (plan: UploadPlan) =>
  new Map(plan.sections.flatMap((s) => s.tasks.map((t, i) => [t.key, String(100 + i)] as [string, string])));

describe('a copy → the links and milestones of its upload', () => {
  const copy: DatedPlan = {
    sections: [
      {
        name: 'Build',
        description: '',
        tasks: [
          { id: 'a', name: 'Design', description: '', due_on: '2027-04-02', start_on: null, priority: 'none' as const },
          {
            id: 'b',
            name: 'Launch day',
            description: '',
            due_on: '2027-04-09',
            start_on: '2027-04-05',
            priority: 'none' as const,
            depends_on: ['a', 'a'],
            milestone: true,
          },
        ].map((t) => ({ ...t, subtasks: [] })),
      },
    ],
  };

  it('carries what each task waits on and whether it is a milestone; a milestone has no start', () => {
    const plan = toUploadPlan({ key: 'project', name: 'P', description: '', plan: copy }, '2027-04-01');
    expect(plan.sections[0]!.tasks.map((t) => [t.dependsOn, t.milestone, t.startOn])).toEqual([
      [[], false, null],
      [['a', 'a'], true, null],
    ]);
    // The project, the section, two tasks, and one link (the repeated id is one link).
    expect(countItems(plan)).toBe(1 + 1 + 2 + 1);
  });

  it('a copy saved before links, and a template, carry none', () => {
    const before = structuredClone(copy);
    for (const t of before.sections[0]!.tasks) {
      delete t.depends_on;
      delete t.milestone;
    }
    const plan = toUploadPlan({ key: 'project', name: 'P', description: '', plan: before }, '2027-04-01');
    expect(plan.sections[0]!.tasks.map((t) => [t.dependsOn, t.milestone])).toEqual([
      [[], false],
      [[], false],
    ]);
    expect(planLinks(plan).links).toEqual([]);
  });
});

describe('the links of a plan', () => {
  it('resolve the copy’s ids to the tasks of the upload, each once, in plan order', () => {
    const plan = planOf([task(0), task(1, ['t0', 't0']), task(2, ['t1', 't0'])]);
    expect(planLinks(plan)).toEqual({
      links: [
        { key: 's0.t1<s0.t0', task: plan.sections[0]!.tasks[1], on: plan.sections[0]!.tasks[0] },
        { key: 's0.t2<s0.t1', task: plan.sections[0]!.tasks[2], on: plan.sections[0]!.tasks[1] },
        { key: 's0.t2<s0.t0', task: plan.sections[0]!.tasks[2], on: plan.sections[0]!.tasks[0] },
      ],
      skipped: [],
    });
  });

  it('tell a link to a task no longer in the plan, or to the task itself, and send neither', () => {
    const plan = planOf([task(0, ['gone']), task(1, ['t1', 't0'])]);
    const { links, skipped } = planLinks(plan);
    expect(links.map((l) => l.key)).toEqual(['s0.t1<s0.t0']);
    expect(skipped).toEqual([
      { task: 'Step 0', message: UPLOAD_MESSAGES.LINK_TO_UNKNOWN_TASK('Step 0') },
      { task: 'Step 1', message: UPLOAD_MESSAGES.LINK_TO_ITSELF('Step 1') },
    ]);
  });

  it('within a tool’s links per task, both ends counted, the first in plan order kept', () => {
    // The hub (t0) is waited on by 31 tasks: Asana keeps 30 links on it, the 31st is told.
    const hub = planOf([task(0), ...Array.from({ length: 31 }, (_, i) => task(i + 1, ['t0']))]);
    const { links, skipped } = linksWithin(planLinks(hub).links, ASANA_LINKS_PER_TASK, 'Asana');
    expect(links).toHaveLength(30);
    expect(skipped).toEqual([
      { task: 'Step 31', message: UPLOAD_MESSAGES.LINK_OVER_TOOL_LIMIT('Step 31', 'Step 0', 'Asana', 30) },
    ]);
    // 30 links on one task fit exactly.
    expect(linksWithin(planLinks(thirty).links, ASANA_LINKS_PER_TASK, 'Asana').skipped).toEqual([]);
  });

  it('still to send: not recorded yet, both tasks created; a link whose task was not created is told', () => {
    const plan = planOf([task(0), task(1, ['t0']), task(2, ['t0', 't1'])]);
    const known = new Map([
      ['s0.t0', '100'],
      ['s0.t1', '101'],
      [linkKey('s0.t1', 's0.t0'), '101<100'],
    ]);
    const { ready, skipped } = pendingLinks(planLinks(plan).links, { get: (k) => known.get(k) }, 'ClickUp');
    expect(ready).toEqual([]);
    expect(skipped).toEqual([
      { task: 'Step 2', message: UPLOAD_MESSAGES.LINK_TASK_NOT_CREATED('Step 2', 'Step 0', 'ClickUp') },
      { task: 'Step 2', message: UPLOAD_MESSAGES.LINK_TASK_NOT_CREATED('Step 2', 'Step 1', 'ClickUp') },
    ]);
    known.set('s0.t2', '102');
    expect(
      pendingLinks(planLinks(plan).links, { get: (k) => known.get(k) }, 'ClickUp').ready.map((l) => [
        l.key,
        l.taskId,
        l.onId,
        l.remoteId,
      ]),
    ).toEqual([
      ['s0.t2<s0.t0', '102', '100', '102<100'],
      ['s0.t2<s0.t1', '102', '101', '102<101'],
    ]);
  });

  it('Asana: one addDependencies action per waiting task, naming every task it waits on', () => {
    const known = allCreated(thirty);
    const { ready } = pendingLinks(planLinks(thirty).links, { get: (k) => known.get(k) }, 'Asana');
    const actions = asanaLinkActions(ready);
    expect(actions.map((a) => [a.action.relative_path, (a.action.data.dependencies as string[]).length])).toEqual([
      ['/tasks/101/addDependencies', 1],
      ['/tasks/130/addDependencies', 30],
    ]);
  });

  it('monday: each waiting item’s whole value, the links sent before included, recording the new ones', () => {
    const plan = planOf([task(0), task(1), task(2, ['t0', 't1'])]);
    const known = new Map([...allCreated(plan), [linkKey('s0.t2', 's0.t0'), '102<100']]);
    const changes = mondayLinkChanges(
      linksToSend(plan, { get: (k) => known.get(k) }, 'monday.com'),
      { get: (k) => known.get(k) },
      '9',
    );
    expect(changes).toHaveLength(1);
    expect(JSON.parse(changes[0]!.mutation.variables.lc0!.value as string)).toEqual({
      [MONDAY_DEPENDENCY_COLUMN]: { item_ids: [100, 101] },
    });
    expect(changes[0]!.records).toEqual([
      { key: 's0.t2<s0.t0', remoteId: '102<100' },
      { key: 's0.t2<s0.t1', remoteId: '102<101' },
    ]);
    // Nothing left to send: no change at all.
    known.set(linkKey('s0.t2', 's0.t1'), '102<101');
    expect(
      mondayLinkChanges(
        linksToSend(plan, { get: (k) => known.get(k) }, 'monday.com'),
        { get: (k) => known.get(k) },
        '9',
      ),
    ).toEqual([]);
  });
});

describe('links and milestones against the contracts', () => {
  it('Asana: milestones as resource_subtype, then addDependencies actions in batches, all declared', async () => {
    let gid = 100;
    const { sent, fetch } = recordingFetch((request) => {
      const body = request.body as { data: { actions?: { relative_path: string }[] } };
      if (!request.url.endsWith('/batch')) return { data: { gid: String(gid++) } };
      return {
        data: body.data.actions!.map((a) => ({
          status_code: a.relative_path.endsWith('/addDependencies') ? 200 : 201,
          headers: {},
          body: { data: a.relative_path.endsWith('/addDependencies') ? {} : { gid: String(gid++) } },
        })),
      };
    });
    const ledger = memoryLedger();
    const outcome = await asanaAdapter(asanaEndpoints('http://x'), { fetch }).upload(
      fixedToken('t'),
      thirty,
      { workspaceId: '1', teamId: '2' },
      ledger,
    );
    expect(outcome.skipped).toEqual([]);
    const base = 'http://x/sandbox/asana/api/1.0';
    const actions = sent.flatMap(
      (r) =>
        (r.body as { data: { actions?: { method: string; relative_path: string; data: Record<string, unknown> }[] } })
          .data.actions ?? [],
    );
    const problems = [
      ...sent.flatMap((r) => asanaProblems(r.method, r.url.slice(base.length), r.body)),
      ...actions.flatMap((a) => asanaProblems(a.method, a.relative_path, { data: a.data })),
    ];
    expect(problems).toEqual([]);
    const milestones = actions.filter((a) => a.data.resource_subtype === 'milestone');
    expect(milestones.map((a) => a.data.name)).toEqual(['Step 5']);
    const links = actions.filter((a) => a.relative_path.endsWith('/addDependencies'));
    expect(links.map((a) => (a.data.dependencies as string[]).length)).toEqual([1, 30]);
    // Every link recorded: a retried sending sends none again.
    for (const link of planLinks(thirty).links) expect(ledger.get(link.key)).toMatch(/^\d+<\d+$/);
  });

  it('Asana: a refused action is told for its task, the other links recorded', async () => {
    const known = allCreated(thirty);
    const { fetch } = recordingFetch((request) => {
      const body = request.body as { data: { actions: { relative_path: string }[] } };
      return {
        data: body.data.actions.map((a) =>
          a.relative_path.startsWith('/tasks/130/')
            ? {
                status_code: 402,
                headers: {},
                body: { errors: [{ message: 'This feature requires a premium plan.' }] },
              }
            : { status_code: 200, headers: {}, body: { data: {} } },
        ),
      };
    });
    const ledger = memoryLedger(new Map([...known, ['project', '9'], ['s0', '8']]));
    const outcome = await asanaAdapter(asanaEndpoints('http://x'), { fetch }).upload(
      fixedToken('t'),
      thirty,
      { workspaceId: '1', teamId: '2' },
      ledger,
    );
    expect(outcome.skipped).toEqual([
      {
        task: 'Step 30',
        message: UPLOAD_MESSAGES.LINK_REFUSED('Step 30', 'Asana', 'This feature requires a premium plan.'),
      },
    ]);
    expect(ledger.get(linkKey('s0.t1', 's0.t0'))).toBe('101<100');
    expect(ledger.get(linkKey('s0.t30', 's0.t0'))).toBeUndefined();
  });

  it('ClickUp: a milestone is custom_item_id 1; then one AddDependency request per link, depends_on alone', async () => {
    let id = 1;
    const { sent, fetch } = recordingFetch((request) => (request.url.includes('/dependency') ? {} : { id: `${id++}` }));
    await clickupAdapter(clickupEndpoints('http://x'), { fetch }).upload(
      fixedToken('t'),
      thirty,
      { workspaceId: '9' },
      memoryLedger(),
    );
    const creates = sent.filter((r) => /\/list\/\d+\/task$/.test(new URL(r.url).pathname));
    const bodies = creates.map((r) => r.body as Record<string, unknown>);
    for (const body of bodies) expect(ClickUpCreateTaskBody.safeParse(body).success).toBe(true);
    expect(bodies.filter((b) => b.custom_item_id === CLICKUP_MILESTONE_ITEM_ID).map((b) => b.name)).toEqual(['Step 5']);
    const links = sent.filter((r) => r.url.endsWith('/dependency'));
    expect(links).toHaveLength(31);
    expect(links.every((r) => r.method === 'POST' && Object.keys(r.body as object).join() === 'depends_on')).toBe(true);
  });

  it('ClickUp: a resumed sending first asks the task of its first link, and sends no link the tool holds', async () => {
    const known = new Map([...allCreated(thirty), ['project', '9'], ['s0', '8']]);
    // The last run stopped after the second link; its answer was lost.
    known.set(linkKey('s0.t1', 's0.t0'), '101<100');
    const { sent, fetch } = recordingFetch((request) =>
      request.method === 'GET'
        ? { id: '130', dependencies: [{ task_id: '130', depends_on: '100' }] }
        : request.url.endsWith('/dependency')
          ? {}
          : { id: 'x' },
    );
    await clickupAdapter(clickupEndpoints('http://x'), { fetch }).upload(
      fixedToken('t'),
      thirty,
      { workspaceId: '9' },
      memoryLedger(known, true),
    );
    expect(sent[0]).toMatchObject({ method: 'GET', url: 'http://x/sandbox/clickup/api/v2/task/130' });
    const posted = sent.filter((r) => r.method === 'POST').map((r) => (r.body as { depends_on: string }).depends_on);
    expect(posted).toEqual(Array.from({ length: 29 }, (_, i) => String(101 + i)));
  });

  it('monday: a dependency column and a Milestone status column, then each item’s value, all valid documents', async () => {
    let id = 1;
    const { sent, fetch } = recordingFetch((request) => {
      const { query } = request.body as { query: string };
      if (query.includes('create_board')) return { data: { create_board: { id: String(id++) } } };
      const aliases = [...query.matchAll(/(m\d+):/g)].map((m) => m[1]!);
      return { data: Object.fromEntries(aliases.map((a) => [a, { id: String(id++) }])) };
    });
    await mondayAdapter(mondayEndpoints('http://x'), { fetch }).upload(
      fixedToken('tok'),
      thirty,
      { workspaceId: '9' },
      memoryLedger(),
    );
    expect(mondayRequestProblems(sent)).toEqual([]);
    const [, columns, items, links] = sent.map((r) => r.body as { query: string; variables: Record<string, unknown> });
    expect(columns!.query).toContain('column_type: dependency');
    expect(Object.values(columns!.variables)).toEqual(expect.arrayContaining(['plan_depends', 'plan_milestone']));
    const values = Object.values(items!.variables)
      .filter((v): v is string => typeof v === 'string' && v.startsWith('{'))
      .map((v) => JSON.parse(v) as Record<string, unknown>);
    expect(values[5]).toMatchObject({ plan_milestone: { label: 'Milestone' } });
    expect(values[4]).not.toHaveProperty('plan_milestone');
    expect(links!.query.match(/change_multiple_column_values/g)).toHaveLength(2);
    expect(sent).toHaveLength(4);
  });
});
