import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLSchema, parse, validate } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractPath } from '../../../test/contracts/contract-server';
import {
  asana,
  asanaProblems,
  memoryLedger,
  mondayRequestProblems,
  recordingFetch,
  type Sent,
} from '../../../test/contracts/task-tool-requests';
import type { UploadPlan } from '../../ports/task-tool.port';
import { CreateTaskBody as ClickUpCreateTaskBody } from '../../stand-ins/simulators/clickup/clickup.contract';
import { asanaAdapter, asanaEndpoints } from './asana';
import { clickupAdapter, clickupEndpoints } from './clickup';
import { fixedToken } from './http';
import { mondayAdapter, mondayEndpoints } from './monday';

/**
 * Every request the adapters send, checked against the vendors' own contracts in contracts/: Asana's
 * OpenAPI document (path, method, parameters and body, with no field it does not declare) and monday's
 * GraphQL schema (each document validated as the API would). ClickUp publishes no contract file here
 * (contracts/clickup/SOURCE.md).
 */

const plan: UploadPlan = {
  key: 'project',
  name: 'Launch',
  description: 'Everything for the launch',
  sections: [0, 1].map((i) => ({
    key: `s${i}`,
    name: `Section ${i}`,
    description: '',
    tasks: Array.from({ length: 7 }, (_, j) => ({
      key: `s${i}.t${j}`,
      name: `Task ${i}.${j}`,
      description: 'Do it',
      dueOn: '2026-03-01',
      subtasks: [{ key: `s${i}.t${j}.st0`, name: 'Check', description: '' }],
    })),
  })),
};

/** The same plan with a description on every subtask, as most templates have. */
const describedPlan: UploadPlan = {
  ...plan,
  sections: plan.sections.map((s) => ({
    ...s,
    tasks: s.tasks.map((t) => ({
      ...t,
      subtasks: t.subtasks.map((st) => ({ ...st, description: `Check ${t.name}` })),
    })),
  })),
};

// --- Asana: OpenAPI ------------------------------------------------------------------------------

describe('Asana adapter against asana_oas.yaml', () => {
  beforeAll(() => {
    // Read the 3 MB document here rather than in the first test.
    asana.match('GET', '/');
  });

  it('the checker itself refuses an off-contract request', () => {
    expect(asanaProblems('POST', '/tasks', { data: { name: 'x', bogus: 1 } })).toEqual([
      'POST /tasks: /requestBody/data/bogus is not a parameter of the contract',
    ]);
    expect(asanaProblems('POST', '/no/such/path', undefined)).toEqual([
      'POST /no/such/path is not an operation of the contract',
    ]);
    expect(asanaProblems('POST', '/projects', { data: { name: 'x', workspace: '1', team: '2', notes: '' } })).toEqual(
      [],
    );
  });

  it('sends only contract paths and fields, in batches of at most 10 actions', async () => {
    let gid = 100;
    const { sent, fetch } = recordingFetch((request) => {
      const body = request.body as { data: { actions?: unknown[] } };
      if (request.url.endsWith('/batch')) {
        return {
          data: body.data.actions!.map(() => ({
            status_code: 201,
            headers: {},
            body: { data: { gid: String(gid++) } },
          })),
        };
      }
      return { data: { gid: String(gid++) } };
    });
    const adapter = asanaAdapter(asanaEndpoints('http://x'), { fetch });
    await adapter.upload(fixedToken('t'), plan, { workspaceId: '1', teamId: '2' }, memoryLedger());
    const base = 'http://x/sandbox/asana/api/1.0';
    const problems: string[] = [];
    let actions = 0;
    for (const request of sent) {
      const path = request.url.slice(base.length);
      const body = request.body as {
        data: Record<string, unknown> & {
          actions?: { method: string; relative_path: string; data: Record<string, unknown> }[];
        };
      };
      problems.push(...asanaProblems(request.method, path, body));
      for (const action of body.data.actions ?? []) {
        actions += 1;
        expect(body.data.actions!.length).toBeLessThanOrEqual(10);
        problems.push(...asanaProblems(action.method, action.relative_path, action.data && { data: action.data }));
      }
    }
    expect(problems).toEqual([]);
    // 2 sections + 14 tasks + 14 subtasks, one create per container and batch: the second section in the second
    // batch, its seven tasks one batch after another, then the last one's subtask; plus the project.
    expect(actions).toBe(30);
    expect(sent).toHaveLength(1 + 10);
    expect(sent.every((r) => r.headers.authorization === 'Bearer t')).toBe(true);
  });

  it("reads the account and the project's own address in contract requests", async () => {
    const { sent, fetch } = recordingFetch((request) =>
      request.url.includes('/users/')
        ? { data: { gid: '7', email: 'pat@example.com' } }
        : { data: { gid: '42', permalink_url: 'https://app.asana.com/0/42/list' } },
    );
    const adapter = asanaAdapter(asanaEndpoints('http://x'), { fetch });
    expect(await adapter.account(fixedToken('t'))).toEqual({ email: 'pat@example.com', gid: '7' });
    expect(await adapter.projectUrl(fixedToken('t'), '42', { workspaceId: '1', teamId: '2' })).toBe(
      'https://app.asana.com/0/42/list',
    );
    const base = 'http://x/sandbox/asana/api/1.0';
    expect(sent.flatMap((r) => asanaProblems(r.method, r.url.slice(base.length), undefined))).toEqual([]);
    expect(sent.map((r) => r.url.slice(base.length))).toEqual(['/users/me', '/projects/42?opt_fields=permalink_url']);
  });
});

// --- monday: GraphQL schema ----------------------------------------------------------------------

describe('monday adapter against schema.graphql', () => {
  let schema: GraphQLSchema;
  beforeAll(() => {
    schema = buildSchema(readFileSync(contractPath('monday/schema.graphql'), 'utf8'));
  });
  const problems = (query: string) => validate(schema, parse(query)).map((e) => e.message);

  it('the checker itself refuses an off-contract document', () => {
    expect(problems('mutation { create_item(board_id: 1, item_name: "x", color: "red") { id } }')).not.toEqual([]);
  });

  /** A fake monday: every create answers a new id; subitems are on the subitems board `sb`. */
  function fakeMonday(columns: string[] = ['person', 'status', 'date0']) {
    let id = 1;
    return recordingFetch((request) => {
      const { query } = request.body as { query: string };
      if (query.includes('create_board')) return { data: { create_board: { id: String(id++) } } };
      const board = { id: 'sb', columns: columns.map((c) => ({ id: c })) };
      if (query.includes('items(ids: $ids) { board')) return { data: { items: [{ board }] } };
      if (query.includes('subitems { id name }')) return { data: { items: [] } };
      if (query.includes('boards(ids: $b) { columns')) return { data: { boards: [{ columns: [] }] } };
      const aliases = [...query.matchAll(/(m\d+):/g)].map((m) => m[1]!);
      return {
        data: {
          ...Object.fromEntries(aliases.map((a) => [a, { id: String(id++), board }])),
          complexity: { after: 4_000_000, reset_in_x_seconds: 30 },
        },
      };
    });
  }
  const queryOf = (request: Sent) => (request.body as { query: string }).query;
  const variablesOf = (request: Sent) => (request.body as { variables: Record<string, unknown> }).variables;

  it('sends valid documents with the token and API version, packing several creates per request', async () => {
    const { sent, fetch } = fakeMonday();
    const adapter = mondayAdapter(mondayEndpoints('http://x'), { fetch });
    await adapter.upload(fixedToken('tok'), plan, { workspaceId: '9' }, memoryLedger());
    for (const request of sent) {
      expect(problems(queryOf(request))).toEqual([]);
      expect(request.headers.authorization).toBe('tok');
      expect(request.headers['API-Version']).toBe('2026-10');
    }
    // board, groups, items, subitems: one request each at this size, subtasks without descriptions.
    expect(sent).toHaveLength(4);
    expect(problems('query { me { id email } workspaces(limit: 100) { id name } }')).toEqual([]);
    const address = recordingFetch(() => ({ data: { boards: [{ url: 'https://acme.monday.com/boards/42' }] } }));
    const reader = mondayAdapter(mondayEndpoints('http://x'), { fetch: address.fetch });
    expect(await reader.projectUrl(fixedToken('tok'), '42', { workspaceId: '9' })).toBe(
      'https://acme.monday.com/boards/42',
    );
    expect(problems(queryOf(address.sent[0]!))).toEqual([]);
    expect(problems('mutation ($name: String!) { create_workspace(name: $name, kind: open) { id name } }')).toEqual([]);
  });

  it("reads a board's progress in valid documents, 500 items a request, and a board the tool no longer has is gone", async () => {
    const items = Array.from({ length: 700 }, (_, i) => ({
      id: String(5000 + i),
      column_values: [
        { id: 'status', text: i % 5 === 0 ? 'Done' : 'Working on it' },
        { id: 'plan_due', text: i % 2 === 0 ? '2027-03-04' : '' },
      ],
    }));
    const { sent, fetch } = recordingFetch((request) => {
      const { variables } = request.body as { variables: { c?: string } };
      const start = variables.c ? Number(variables.c) : 0;
      const page = {
        cursor: start + 500 < items.length ? String(start + 500) : null,
        items: items.slice(start, start + 500),
      };
      return { data: variables.c ? { next_items_page: page } : { boards: [{ items_page: page }] } };
    });
    const adapter = mondayAdapter(mondayEndpoints('http://x'), { fetch });
    const progress = await adapter.readProgress(fixedToken('tok'), '42');
    expect(sent).toHaveLength(2);
    for (const request of sent) expect(problems(queryOf(request))).toEqual([]);
    if (progress === 'gone') throw new Error('the board is there');
    expect(progress.tasks).toHaveLength(700);
    expect(progress.tasks.filter((t) => t.done)).toHaveLength(140);
    expect(progress.tasks.slice(0, 2)).toEqual([
      { remoteId: '5000', done: true, dueOn: '2027-03-04' },
      { remoteId: '5001', done: false, dueOn: null },
    ]);

    const none = recordingFetch(() => ({ data: { boards: [] } }));
    expect(
      await mondayAdapter(mondayEndpoints('http://x'), { fetch: none.fetch }).readProgress(fixedToken('tok'), '42'),
    ).toBe('gone');
  });

  it('gives subitems their description: the first alone, then the subitems board column and the rest', async () => {
    const { sent, fetch } = fakeMonday();
    const adapter = mondayAdapter(mondayEndpoints('http://x'), { fetch });
    const ledger = memoryLedger();
    await adapter.upload(fixedToken('tok'), describedPlan, { workspaceId: '9' }, ledger);
    for (const request of sent) expect(problems(queryOf(request))).toEqual([]);
    expect(sent).toHaveLength(5);
    const [first, last] = sent.slice(3);
    expect(queryOf(first!)).toContain('create_subitem(parent_item_id: $p0, item_name: $n0) { id board { id columns');
    expect(queryOf(last!)).toMatch(/^mutation .*m0: create_column\(.*m1: change_multiple_column_values\(/);
    expect([...queryOf(last!).matchAll(/create_subitem\(/g)]).toHaveLength(13);
    expect(variablesOf(last!)).toMatchObject({
      cb: 'sb',
      ci: 'plan_description',
      xb: 'sb',
      xi: ledger.get('s0.t0.st0'),
      xc: JSON.stringify({ plan_description: { text: 'Check Task 0.0' } }),
      c0: JSON.stringify({ plan_description: { text: 'Check Task 0.1' } }),
    });
    // Every subtask recorded; the column and the change are not plan items.
    for (const s of describedPlan.sections)
      for (const t of s.tasks) expect(ledger.get(t.subtasks[0]!.key)).toBeDefined();
    expect(ledger.holds('sb')).toBe(false);
  });

  it('a resumed upload whose first subitem is recorded reads its board, then sends the rest', async () => {
    const { sent, fetch } = fakeMonday(['person', 'plan_description']);
    const adapter = mondayAdapter(mondayEndpoints('http://x'), { fetch });
    const known = new Map<string, string>([
      ['project', 'b1'],
      ['s0.t0.st0', 'first'],
    ]);
    for (const s of describedPlan.sections) {
      known.set(s.key, `g-${s.key}`);
      for (const t of s.tasks) known.set(t.key, `i-${t.key}`);
    }
    await adapter.upload(fixedToken('tok'), describedPlan, { workspaceId: '9' }, memoryLedger(known, true));
    for (const request of sent) expect(problems(queryOf(request))).toEqual([]);
    // The board of the first subitem (with its columns), orphans of the lost request, then the rest, without
    // the column that exists by now but with the first subitem's description again.
    expect(sent.map(queryOf)).toEqual([
      expect.stringContaining('items(ids: $ids) { board { id columns { id } } }'),
      expect.stringContaining('subitems { id name }'),
      expect.stringContaining('m0: change_multiple_column_values('),
    ]);
    expect(queryOf(sent[2]!)).not.toContain('create_column');
    expect([...queryOf(sent[2]!).matchAll(/create_subitem\(/g)]).toHaveLength(13);
  });
});

describe('reading the progress of an uploaded project', () => {
  it('Asana: one contract request per 100 tasks, each task done or not with its due date', async () => {
    const all = Array.from({ length: 300 }, (_, i) => ({
      gid: String(1000 + i),
      completed: i % 3 === 0,
      due_on: i % 2 === 0 ? '2027-01-15' : null,
    }));
    const { sent, fetch } = recordingFetch((request) => {
      const url = new URL(request.url);
      const start = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit'));
      const next = start + limit < all.length ? { offset: String(start + limit) } : null;
      return { data: all.slice(start, start + limit), next_page: next };
    });
    const adapter = asanaAdapter(asanaEndpoints('http://x'), { fetch });
    const progress = await adapter.readProgress(fixedToken('t'), '77');
    expect(sent).toHaveLength(3);
    const base = 'http://x/sandbox/asana/api/1.0';
    expect(sent.flatMap((r) => asanaProblems(r.method, r.url.slice(base.length), undefined))).toEqual([]);
    expect(progress).toEqual({
      tasks: all.map((t) => ({ remoteId: t.gid, done: t.completed, dueOn: t.due_on })),
    });
  });

  it("ClickUp: the folder's lists, then 100 tasks a page of each list, closed ones included", async () => {
    const sizes = { l1: 100, l2: 150, l3: 50 };
    const { sent, fetch } = recordingFetch((request) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/folder/9/list')) {
        return { lists: Object.keys(sizes).map((id) => ({ id, name: id })) };
      }
      const list = url.pathname.split('/').at(-2) as keyof typeof sizes;
      const page = Number(url.searchParams.get('page'));
      const ids = Array.from({ length: sizes[list] }, (_, i) => `${list}-${i}`).slice(page * 100, page * 100 + 100);
      return {
        tasks: ids.map((id, i) => ({
          id,
          status: { type: i % 4 === 0 ? 'closed' : 'open' },
          due_date: String(Date.parse('2027-02-03T12:00:00Z')),
        })),
        last_page: (page + 1) * 100 >= sizes[list],
      };
    });
    const adapter = clickupAdapter(clickupEndpoints('http://x'), { fetch });
    const progress = await adapter.readProgress(fixedToken('t'), '9');
    // One request for the lists, then one per page: 1 + 1 + 2 + 1.
    expect(sent.map((r) => new URL(r.url).pathname + new URL(r.url).search)).toEqual([
      '/sandbox/clickup/api/v2/folder/9/list?archived=false',
      '/sandbox/clickup/api/v2/list/l1/task?include_closed=true&page=0',
      '/sandbox/clickup/api/v2/list/l2/task?include_closed=true&page=0',
      '/sandbox/clickup/api/v2/list/l2/task?include_closed=true&page=1',
      '/sandbox/clickup/api/v2/list/l3/task?include_closed=true&page=0',
    ]);
    if (progress === 'gone') throw new Error('the folder is there');
    expect(progress.tasks).toHaveLength(300);
    expect(progress.tasks.filter((t) => t.done)).toHaveLength(25 + 38 + 13);
    expect(new Set(progress.tasks.map((t) => t.dueOn))).toEqual(new Set(['2027-02-03']));
  });

  it('Asana: a project the tool no longer has is gone', async () => {
    const fetch = (async () =>
      new Response(JSON.stringify({ errors: [{ message: 'project: Unknown object: 77' }] }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      })) as unknown as typeof globalThis.fetch;
    const adapter = asanaAdapter(asanaEndpoints('http://x'), { fetch });
    expect(await adapter.readProgress(fixedToken('t'), '77')).toBe('gone');
  });
});

// --- Start dates and priorities --------------------------------------------------------------------

/** The plan with what a member's copy adds: starts (one without a due date) and every priority. */
const fieldsPlan: UploadPlan = {
  ...plan,
  sections: plan.sections.map((s, i) => ({
    ...s,
    tasks: s.tasks.map((t, j) => ({
      ...t,
      dueOn: i === 1 && j === 0 ? null : t.dueOn,
      startOn: j % 2 === 0 ? '2026-02-20' : null,
      priority: (['high', 'medium', 'low', 'none'] as const)[j % 4],
    })),
  })),
};

describe('start dates and priorities against the contracts', () => {
  it('Asana: start_on only beside due_on, every field declared by createTask', async () => {
    let gid = 100;
    const { sent, fetch } = recordingFetch((request) => {
      const body = request.body as { data: { actions?: unknown[] } };
      if (!request.url.endsWith('/batch')) return { data: { gid: String(gid++) } };
      return {
        data: body.data.actions!.map(() => ({ status_code: 201, headers: {}, body: { data: { gid: String(gid++) } } })),
      };
    });
    await asanaAdapter(asanaEndpoints('http://x'), { fetch }).upload(
      fixedToken('t'),
      fieldsPlan,
      { workspaceId: '1', teamId: '2' },
      memoryLedger(),
    );
    const tasks = sent
      .flatMap(
        (r) =>
          (r.body as { data: { actions?: { relative_path: string; data: Record<string, unknown> }[] } }).data.actions ??
          [],
      )
      .filter((a) => a.relative_path === '/tasks');
    expect(tasks).toHaveLength(14);
    for (const action of tasks) {
      expect(asanaProblems('post', '/tasks', { data: action.data })).toEqual([]);
      // The contract: "due_on or due_at must be present in the request when setting or unsetting start_on".
      if ('start_on' in action.data) expect(action.data.due_on).toEqual(expect.any(String));
    }
    const byName = new Map(tasks.map((a) => [a.data.name, a.data]));
    expect(byName.get('Task 0.0')).toMatchObject({ start_on: '2026-02-20', due_on: '2026-03-01' });
    expect(byName.get('Task 1.0')).not.toHaveProperty('start_on');
    expect(byName.get('Task 1.0')!.notes).toBe('Priority: High\nStarts 2026-02-20\n\nDo it');
  });

  it("ClickUp: start_date, start_date_time and priority among CreateTask's fields, of their types", async () => {
    // The CreateTask request's properties as contracts/clickup/SOURCE.md lists them (no contract file exists).
    const source = readFileSync(contractPath('clickup/SOURCE.md'), 'utf8');
    const listed = /Its other properties there: `name` \(required\),([\s\S]*?)\./.exec(source)![1]!;
    const declared = new Set(['name', ...[...listed.matchAll(/`(\w+)`/g)].map((m) => m[1]!)]);
    let id = 1;
    const { sent, fetch } = recordingFetch(() => ({ id: String(id++) }));
    await clickupAdapter(clickupEndpoints('http://x'), { fetch }).upload(
      fixedToken('t'),
      fieldsPlan,
      { workspaceId: '9' },
      memoryLedger(),
    );
    const creates = sent.filter((r) => /\/list\/\d+\/task$/.test(new URL(r.url).pathname));
    const tasks = creates.map((r) => r.body as Record<string, unknown>).filter((b) => !('parent' in b));
    expect(tasks).toHaveLength(14);
    for (const body of tasks) {
      expect(Object.keys(body).filter((k) => !declared.has(k))).toEqual([]);
      const parsed = ClickUpCreateTaskBody.safeParse(body);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
    expect(tasks[0]).toMatchObject({
      start_date: Date.UTC(2026, 1, 20, 12),
      start_date_time: false,
      priority: 2,
      due_date: Date.UTC(2026, 2, 1, 12),
    });
    expect(tasks.slice(0, 4).map((t) => t.priority)).toEqual([2, 3, 4, undefined]);
    expect(tasks[1]).not.toHaveProperty('start_date');
  });

  it('monday: a Start date column and a Priority status column with typed labels, values the columns take', async () => {
    let id = 1;
    const { sent, fetch } = recordingFetch((request) => {
      const { query } = request.body as { query: string };
      if (query.includes('create_board')) return { data: { create_board: { id: String(id++) } } };
      const aliases = [...query.matchAll(/(m\d+):/g)].map((m) => m[1]!);
      return {
        data: {
          ...Object.fromEntries(aliases.map((a) => [a, { id: String(id++) }])),
          complexity: { after: 4_000_000, reset_in_x_seconds: 30 },
        },
      };
    });
    await mondayAdapter(mondayEndpoints('http://x'), { fetch }).upload(
      fixedToken('tok'),
      fieldsPlan,
      { workspaceId: '9' },
      memoryLedger(),
    );
    expect(mondayRequestProblems(sent)).toEqual([]);
    const groups = sent.find((r) => (r.body as { query: string }).query.includes('create_group'))!;
    const { query, variables } = groups.body as { query: string; variables: Record<string, unknown> };
    expect(query).toContain('create_status_column(');
    expect(Object.values(variables)).toEqual(expect.arrayContaining(['plan_start', 'plan_priority']));
    const items = sent.find((r) => (r.body as { query: string }).query.includes('create_item'))!;
    const values = Object.values((items.body as { variables: Record<string, unknown> }).variables)
      .filter((v): v is string => typeof v === 'string' && v.startsWith('{'))
      .map((v) => JSON.parse(v) as Record<string, unknown>);
    expect(values[0]).toMatchObject({ plan_start: { date: '2026-02-20' }, plan_priority: { label: 'High' } });
    expect(values[3]).not.toHaveProperty('plan_priority');
  });

  it('monday: a plan without starts or priorities adds neither column', async () => {
    const { sent, fetch } = recordingFetch((request) => {
      const { query } = request.body as { query: string };
      if (query.includes('create_board')) return { data: { create_board: { id: '1' } } };
      const aliases = [...query.matchAll(/(m\d+):/g)].map((m) => m[1]!);
      return { data: { ...Object.fromEntries(aliases.map((a, i) => [a, { id: String(10 + i) }])) } };
    });
    await mondayAdapter(mondayEndpoints('http://x'), { fetch }).upload(
      fixedToken('tok'),
      plan,
      { workspaceId: '9' },
      memoryLedger(),
    );
    const all = sent.map((r) => JSON.stringify(r.body)).join(' ');
    expect(all).not.toContain('plan_start');
    expect(all).not.toContain('plan_priority');
  });
});
