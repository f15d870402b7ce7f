import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helpers';
import { MONDAY_API_VERSION } from './monday/monday.graphql';
import { sandboxToken } from './sandbox.test-helpers';

/** The simulators keep links between tasks and milestones, and refuse what the tools refuse (ADR 0046). */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({
    SANDBOX_ASANA_REQUESTS_PER_MINUTE: '10000',
    SANDBOX_CLICKUP_REQUESTS_PER_MINUTE: '10000',
    SANDBOX_MONDAY_COMPLEXITY_PER_MINUTE: '100000000',
  });
});
afterAll(() => ctx.close());

type Gid = { gid: string; name: string };

describe('Asana simulator: addDependencies and milestones', () => {
  let token: string;
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `/sandbox/asana/api/1.0${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload !== undefined && { payload: payload as object }),
    });
  let project: string;
  const newTask = async (name: string, extra: Record<string, unknown> = {}) => {
    const answer = await call('POST', '/tasks', { data: { name, projects: [project], ...extra } });
    expect(answer.statusCode, answer.body).toBe(201);
    return (answer.json().data as Gid).gid;
  };
  const add = (task: string, dependencies: unknown) =>
    call('POST', `/tasks/${task}/addDependencies`, { data: { dependencies } });

  beforeAll(async () => {
    token = await sandboxToken(ctx.app, 'asana', 'links-asana@example.com');
    const workspace = ((await call('GET', '/workspaces')).json().data as Gid[])[0]!;
    const team = ((await call('GET', `/workspaces/${workspace.gid}/teams`)).json().data as Gid[])[0]!;
    project = (await call('POST', '/projects', { data: { name: 'Links', team: team.gid } })).json().data.gid;
  });

  it('keeps dependencies on both tasks, adds one it has once, and reads them back', async () => {
    const [a, b, c] = [await newTask('A'), await newTask('B'), await newTask('C')];
    expect((await add(c, [a, b])).json()).toEqual({ data: {} });
    // "if they are not already dependencies": sent again, nothing changes.
    expect((await add(c, [a])).statusCode).toBe(200);
    const deps = (await call('GET', `/tasks/${c}/dependencies`)).json().data as Gid[];
    expect(deps.map((d) => d.name)).toEqual(['A', 'B']);
    const record = (await call('GET', `/projects/${project}/tasks?opt_fields=name,dependencies,dependents`)).json()
      .data as { name: string; dependencies: Gid[]; dependents: Gid[] }[];
    const byName = new Map(record.map((t) => [t.name, t]));
    expect(byName.get('C')!.dependencies.map((d) => d.name)).toEqual(['A', 'B']);
    expect(byName.get('A')!.dependents.map((d) => d.name)).toEqual(['C']);
  });

  it('refuses an unknown task, the task itself, a body off the contract, and more than 30 links on a task', async () => {
    const [a, b] = [await newTask('D'), await newTask('E')];
    expect((await add(a, ['1234567890123456'])).statusCode).toBe(404);
    expect((await add(a, [a])).statusCode).toBe(400);
    expect((await add(a, 'not a list')).statusCode).toBe(400);
    expect((await add('1234567890123456', [b])).statusCode).toBe(404);
    const others: string[] = [];
    for (let i = 0; i < 31; i++) others.push(await newTask(`Before ${i}`));
    // 30 on one task is the most; all of one call are refused together.
    expect((await add(b, others)).statusCode).toBe(400);
    expect((await call('GET', `/tasks/${b}/dependencies`)).json().data).toEqual([]);
    expect((await add(b, others.slice(0, 30))).statusCode).toBe(200);
    const over = await add(b, [others[30]]);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].message).toContain('at most 30 dependents and dependencies combined');
  });

  it('keeps a milestone, with no start date', async () => {
    const m = await newTask('Launch', { resource_subtype: 'milestone', due_on: '2027-05-01' });
    const task = (await call('GET', `/projects/${project}/tasks?opt_fields=name,resource_subtype`)).json()
      .data as (Gid & { resource_subtype: string })[];
    expect(task.find((t) => t.gid === m)!.resource_subtype).toBe('milestone');
    const started = await call('POST', '/tasks', {
      data: {
        name: 'Moment',
        projects: [project],
        resource_subtype: 'milestone',
        due_on: '2027-05-01',
        start_on: '2027-04-20',
      },
    });
    expect(started.statusCode).toBe(400);
    expect(
      (await call('POST', '/tasks', { data: { name: 'X', projects: [project], resource_subtype: 'epic' } })).statusCode,
    ).toBe(400);
  });
});

describe('ClickUp simulator: AddDependency, GetTask and the Milestone task type', () => {
  let token: string;
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `/sandbox/clickup/api/v2${url}`,
      headers: { authorization: token },
      ...(payload !== undefined && { payload: payload as object }),
    });
  let list: string;
  const newTask = async (name: string, extra: Record<string, unknown> = {}) => {
    const answer = await call('POST', `/list/${list}/task`, { name, ...extra });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().id as string;
  };

  beforeAll(async () => {
    token = await sandboxToken(ctx.app, 'clickup', 'links-clickup@example.com');
    const team = (await call('GET', '/team')).json().teams[0].id as string;
    const space = (await call('GET', `/team/${team}/space`)).json().spaces[0].id as string;
    const folder = (await call('POST', `/space/${space}/folder`, { name: 'Links' })).json().id as string;
    list = (await call('POST', `/folder/${folder}/list`, { name: 'Build' })).json().id as string;
  });

  it('keeps a link on both tasks, either way round, and refuses it twice', async () => {
    const [a, b, c] = [await newTask('A'), await newTask('B'), await newTask('C')];
    expect((await call('POST', `/task/${b}/dependency`, { depends_on: a })).json()).toEqual({});
    expect((await call('POST', `/task/${b}/dependency`, { dependency_of: c })).statusCode).toBe(200);
    const deps = async (id: string) =>
      ((await call('GET', `/task/${id}`)).json().dependencies as { task_id: string; depends_on: string }[]).map(
        (d) => `${d.task_id}<${d.depends_on}`,
      );
    expect(await deps(b)).toEqual([`${b}<${a}`, `${c}<${b}`]);
    expect(await deps(a)).toEqual([`${b}<${a}`]);
    const again = await call('POST', `/task/${b}/dependency`, { depends_on: a });
    expect(again.statusCode).toBe(400);
    expect(await deps(b)).toHaveLength(2);
  });

  it('refuses both or neither of depends_on and dependency_of, an unknown task, and the task itself', async () => {
    const [a, b] = [await newTask('D'), await newTask('E')];
    expect((await call('POST', `/task/${a}/dependency`, { depends_on: b, dependency_of: b })).statusCode).toBe(400);
    expect((await call('POST', `/task/${a}/dependency`, {})).statusCode).toBe(400);
    expect((await call('POST', `/task/${a}/dependency`, { depends_on: '86zzzzzzz' })).statusCode).toBe(404);
    expect((await call('POST', `/task/${a}/dependency`, { depends_on: a })).statusCode).toBe(400);
    expect((await call('GET', '/task/86zzzzzzz')).statusCode).toBe(404);
  });

  it('creates a milestone with custom_item_id 1, and refuses a task type the Workspace does not have', async () => {
    const m = await newTask('Launch', { custom_item_id: 1 });
    expect((await call('GET', `/task/${m}`)).json().custom_item_id).toBe(1);
    expect((await call('POST', `/list/${list}/task`, { name: 'X', custom_item_id: 1300 })).statusCode).toBe(400);
  });
});

describe('monday simulator: a dependency column', () => {
  let token: string;
  const gql = async (query: string, variables?: Record<string, unknown>) => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/monday/v2',
      headers: { authorization: token, 'api-version': MONDAY_API_VERSION },
      payload: { query, ...(variables && { variables }) },
    });
    return answer.json() as { data?: Record<string, unknown>; errors?: { message: string }[] };
  };
  const newBoard = async (name: string) => {
    const board = (await gql(`mutation { create_board(board_name: "${name}", board_kind: public) { id } }`)).data!
      .create_board as { id: string };
    await gql(
      'mutation ($b: ID!) { create_column(board_id: $b, id: "deps", title: "Depends on", column_type: dependency) { id } }',
      { b: board.id },
    );
    const group = (
      await gql('mutation ($b: ID!) { create_group(board_id: $b, group_name: "Build") { id } }', { b: board.id })
    ).data!.create_group as { id: string };
    const items: string[] = [];
    for (const item of ['A', 'B', 'C']) {
      const created = await gql(
        'mutation ($b: ID!, $g: String, $n: String!) { create_item(board_id: $b, group_id: $g, item_name: $n) { id } }',
        { b: board.id, g: group.id, n: `${name} ${item}` },
      );
      expect(created.errors).toBeUndefined();
      items.push((created.data!.create_item as { id: string }).id);
    }
    return { board: board.id, items };
  };
  const setDeps = (board: string, item: string, value: unknown) =>
    gql(
      'mutation ($b: ID!, $i: ID, $v: JSON!) { change_multiple_column_values(board_id: $b, item_id: $i, column_values: $v) { id } }',
      { b: board, i: item, v: JSON.stringify({ deps: value }) },
    );

  beforeAll(async () => {
    token = await sandboxToken(ctx.app, 'monday', 'links-monday@example.com');
  });

  it('takes {"item_ids": [...]} of the board’s items, answers them as a DependencyValue, and setting it again changes nothing', async () => {
    const { board, items } = await newBoard('One');
    const [a, b, c] = items as [string, string, string];
    expect((await setDeps(board, c, { item_ids: [Number(a), Number(b)] })).errors).toBeUndefined();
    expect((await setDeps(board, c, { item_ids: [Number(a), Number(b)] })).errors).toBeUndefined();
    const read = await gql(
      'query ($i: [ID!]) { items(ids: $i) { column_values(ids: ["deps"]) { text ... on DependencyValue { linked_item_ids linked_items { name } dependency_links { dependency_type } } } } }',
      { i: [c] },
    );
    expect(read.errors).toBeUndefined();
    const [value] = (read.data!.items as { column_values: Record<string, unknown>[] }[])[0]!.column_values;
    expect(value).toEqual({
      text: 'One A, One B',
      linked_item_ids: [a, b],
      linked_items: [{ name: 'One A' }, { name: 'One B' }],
      dependency_links: [{ dependency_type: 0 }, { dependency_type: 0 }],
    });
  });

  it('refuses an item of another board, the item itself, and a value not of that shape', async () => {
    const one = await newBoard('Two');
    const other = await newBoard('Three');
    expect((await setDeps(one.board, one.items[0]!, { item_ids: [Number(other.items[0])] })).errors).toBeDefined();
    expect((await setDeps(one.board, one.items[0]!, { item_ids: [Number(one.items[0])] })).errors).toBeDefined();
    expect((await setDeps(one.board, one.items[0]!, ['not', 'ids'])).errors).toBeDefined();
    expect((await setDeps(one.board, one.items[0]!, { item_ids: ['12a'] })).errors).toBeDefined();
  });
});
