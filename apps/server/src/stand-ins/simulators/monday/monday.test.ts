import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../../test/helpers';
import { SANDBOX_OAUTH_CLIENT } from '../../../ports/task-tool.port';
import { consent, REDIRECT_URI, sandboxToken } from '../sandbox.test-helpers';
import { MONDAY_API_VERSION } from './monday.graphql';

describe('monday.com simulator', () => {
  let ctx: TestContext;
  let token: string;
  const gql = (query: string, variables?: Record<string, unknown>, auth: string | null = token) =>
    ctx.app.inject({
      method: 'POST',
      url: '/sandbox/monday/v2',
      headers: { ...(auth !== null && { authorization: auth }), 'api-version': MONDAY_API_VERSION },
      payload: { query, ...(variables && { variables }) },
    });

  beforeAll(async () => {
    ctx = await buildTestApp({ SANDBOX_MONDAY_COMPLEXITY_PER_MINUTE: '10000000' });
    token = await sandboxToken(ctx.app, 'monday', 'ada@example.com');
  });
  afterAll(() => ctx.close());

  it('runs the OAuth dance: Deny, one-time code, secret and redirect_uri checked', async () => {
    const denied = await consent(ctx.app, 'monday', { state: 'd', decision: 'deny' });
    expect(denied.location?.searchParams.get('error')).toBe('access_denied');
    const allowed = await consent(ctx.app, 'monday', {
      state: 'a',
      scope: 'me:read boards:write',
      email: 'bob@example.com',
      decision: 'allow',
    });
    const code = allowed.location!.searchParams.get('code')!;
    const exchange = (fields: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/sandbox/monday/oauth2/token',
        payload: {
          client_id: SANDBOX_OAUTH_CLIENT.clientId,
          client_secret: SANDBOX_OAUTH_CLIENT.clientSecret,
          code,
          redirect_uri: REDIRECT_URI,
          ...fields,
        },
      });
    expect((await exchange({ client_secret: 'nope' })).statusCode).toBe(401);
    expect((await exchange({ redirect_uri: 'http://localhost:3000/elsewhere' })).json()).toMatchObject({
      error: 'invalid_grant',
    });
    // The failed exchange above spent the code, as a one-time code should be.
    const again = await consent(ctx.app, 'monday', {
      state: 'b',
      scope: 'me:read boards:write',
      email: 'bob@example.com',
      decision: 'allow',
    });
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/monday/oauth2/token',
      payload: {
        client_id: SANDBOX_OAUTH_CLIENT.clientId,
        client_secret: SANDBOX_OAUTH_CLIENT.clientSecret,
        code: again.location!.searchParams.get('code')!,
        redirect_uri: REDIRECT_URI,
      },
    });
    expect(ok.json()).toMatchObject({
      token_type: 'Bearer',
      scope: 'me:read boards:write',
      access_token: expect.any(String),
    });
    expect((await gql('{ me { email } }', undefined, ok.json().access_token)).json().data).toEqual({
      me: { email: 'bob@example.com' },
    });
  });

  it('creates workspaces, boards, groups, items and subitems with aliased mutations in one request', async () => {
    const me = await gql('{ me { email name } workspaces { id name } }');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      me: { email: 'ada@example.com' },
      workspaces: [{ name: 'Main workspace' }],
    });

    const ws = await gql('mutation ($name: String!) { create_workspace(name: $name, kind: open) { id name kind } }', {
      name: 'Plans <1>',
    });
    const workspaceId = ws.json().data.create_workspace.id as string;
    expect(ws.json().data.create_workspace).toMatchObject({ name: 'Plans <1>', kind: 'open' });

    const board = await gql(
      `mutation { create_board(board_name: "Launch", board_kind: public, workspace_id: ${workspaceId}) { id name board_kind workspace_id } }`,
    );
    const boardId = board.json().data.create_board.id as string;
    expect(board.json().data.create_board).toMatchObject({
      name: 'Launch',
      board_kind: 'public',
      workspace_id: workspaceId,
    });

    const groups = await gql(`mutation {
      g1: create_group(board_id: ${boardId}, group_name: "Research") { id title }
      g2: create_group(board_id: ${boardId}, group_name: "Build") { id title }
      complexity { before after query reset_in_x_seconds }
    }`);
    const { g1, g2, complexity } = groups.json().data;
    expect([g1.title, g2.title]).toEqual(['Research', 'Build']);
    // Two create mutations at 10,000 points each, plus the fields they select.
    expect(complexity.query).toBeGreaterThanOrEqual(20_000);
    expect(complexity.query).toBeLessThan(21_000);
    expect(complexity.before - complexity.after).toBe(complexity.query);

    const items = await gql(
      `mutation ($values: JSON) {
        a: create_item(board_id: ${boardId}, group_id: "${g1.id}", item_name: "Survey", column_values: $values) { id name group { id } board { id } }
        b: create_item(board_id: ${boardId}, group_id: "${g2.id}", item_name: "Prototype") { id }
      }`,
      { values: JSON.stringify({ date4: { date: '2026-12-01' } }) },
    );
    expect(items.json().errors).toBeUndefined();
    expect(items.json().data.a).toMatchObject({ name: 'Survey', group: { id: g1.id }, board: { id: boardId } });
    const sub = await gql(
      `mutation { create_subitem(parent_item_id: ${items.json().data.a.id}, item_name: "Write questions") { id name parent_item { id } } }`,
    );
    expect(sub.json().data.create_subitem).toMatchObject({
      name: 'Write questions',
      parent_item: { id: items.json().data.a.id },
    });

    const read = await gql(`{ boards(ids: [${boardId}]) { name groups { title } columns { id type } } }`);
    expect(read.json().data.boards[0]).toMatchObject({
      name: 'Launch',
      groups: [{ title: 'Research' }, { title: 'Build' }],
    });

    const tree = (await ctx.app.inject({ method: 'GET', url: '/sandbox/monday/index.json' }))
      .json()
      .accounts.find((a: { email: string }) => a.email === 'ada@example.com').tree;
    const boardNode = tree[1].children[0];
    expect(tree[1]).toMatchObject({ kind: 'workspace', name: 'Plans <1>' });
    // The groups only: the subitems board the first subitem made stays out of sight, as on monday.com.
    expect(boardNode.children.map((g: { name: string }) => g.name)).toEqual(['Research', 'Build']);
    expect(boardNode.children[0].children[0]).toMatchObject({
      kind: 'item',
      name: 'Survey',
      // The columns set, by title, as the board shows them.
      details: { columns: { Date: '2026-12-01' } },
    });
    expect(boardNode.children[0].children[0].children[0]).toMatchObject({ kind: 'subitem', name: 'Write questions' });
    const page = await ctx.app.inject({ method: 'GET', url: '/sandbox/monday/' });
    expect(page.body).toContain('Plans &lt;1&gt;');
    expect(page.body).toContain('Write questions');
  });

  it('keeps subitems on a subitems board made with the first subitem, with columns of its own', async () => {
    const ws = (await gql('mutation { create_workspace(name: "Subitems", kind: open) { id } }')).json().data
      .create_workspace.id as string;
    const boardId = (
      await gql(`mutation { create_board(board_name: "Plan", board_kind: public, workspace_id: ${ws}) { id } }`)
    ).json().data.create_board.id as string;
    const groupId = (await gql(`mutation { create_group(board_id: ${boardId}, group_name: "G") { id } }`)).json().data
      .create_group.id as string;
    const items = (
      await gql(`mutation {
        a: create_item(board_id: ${boardId}, group_id: "${groupId}", item_name: "A") { id }
        b: create_item(board_id: ${boardId}, group_id: "${groupId}", item_name: "B") { id }
      }`)
    ).json().data;

    const first = await gql(
      `mutation { create_subitem(parent_item_id: ${items.a.id}, item_name: "One") { id board { id name type workspace_id columns { id } } } }`,
    );
    expect(first.json().errors).toBeUndefined();
    const { id: firstId, board: sub } = first.json().data.create_subitem;
    expect(sub).toMatchObject({ name: 'Subitems of Plan', type: 'sub_items_board', workspace_id: ws });
    expect(sub.id).not.toBe(boardId);
    expect(sub.columns.map((c: { id: string }) => c.id)).toEqual(['person', 'status', 'date0']);

    // The subitems board has its own columns: the parent board's are unknown to it until created there.
    const description = JSON.stringify({ plan_description: { text: 'Second step' } });
    const unknown = await gql(
      `mutation ($v: JSON) { create_subitem(parent_item_id: ${items.b.id}, item_name: "Two", column_values: $v) { id } }`,
      { v: description },
    );
    expect(unknown.json().errors[0].extensions.code).toBe('InvalidColumnIdException');

    // Mutations of one request run in order: the column exists for the mutations after it.
    const added = await gql(
      `mutation ($v: JSON, $c: JSON!) {
        col: create_column(board_id: ${sub.id}, id: "plan_description", title: "Description", column_type: long_text) { id type }
        two: create_subitem(parent_item_id: ${items.b.id}, item_name: "Two", column_values: $v) { id board { id } }
        fix: change_multiple_column_values(board_id: ${sub.id}, item_id: ${firstId}, column_values: $c) { id name }
        complexity { query }
      }`,
      { v: description, c: JSON.stringify({ plan_description: { text: 'First step' } }) },
    );
    expect(added.json().errors).toBeUndefined();
    expect(added.json().data).toMatchObject({
      col: { id: 'plan_description', type: 'long_text' },
      two: { board: { id: sub.id } },
      fix: { id: firstId, name: 'One' },
    });
    expect(added.json().data.complexity.query).toBeGreaterThanOrEqual(30_000);

    // One subitems board per board, listed by id, left out of workspace listings.
    const read = await gql(
      `{ items(ids: [${firstId}, ${added.json().data.two.id}]) { parent_item { id } board { id columns { id } } } }`,
    );
    expect(read.json().data.items.map((i: { board: { id: string } }) => i.board.id)).toEqual([sub.id, sub.id]);
    expect(read.json().data.items[0].board.columns.map((c: { id: string }) => c.id)).toContain('plan_description');
    const boards = await gql(
      `{ boards(workspace_ids: [${ws}]) { id type } byId: boards(ids: [${sub.id}]) { id type } }`,
    );
    expect(boards.json().data).toEqual({
      boards: [{ id: boardId, type: 'board' }],
      byId: [{ id: sub.id, type: 'sub_items_board' }],
    });
    // The parent board never got the column.
    const parentColumns = await gql(`{ boards(ids: [${boardId}]) { columns { id } } }`);
    expect(parentColumns.json().data.boards[0].columns.map((c: { id: string }) => c.id)).not.toContain(
      'plan_description',
    );

    // A change names the item's own board.
    const wrongBoard = await gql(
      `mutation { change_multiple_column_values(board_id: ${boardId}, item_id: ${firstId}, column_values: "{}") { id } }`,
    );
    expect(wrongBoard.json().errors[0].extensions.code).toBe('ResourceNotFoundException');

    const tree = (await ctx.app.inject({ method: 'GET', url: '/sandbox/monday/index.json' }))
      .json()
      .accounts.find((a: { email: string }) => a.email === 'ada@example.com').tree;
    const boardNode = tree
      .find((w: { id: string }) => w.id === ws)
      .children.find((b: { id: string }) => b.id === boardId);
    expect(boardNode.children.filter((c: { kind: string }) => c.kind === 'subitems_board')).toHaveLength(0);
    const [groupNode] = boardNode.children;
    expect(
      groupNode.children.map((i: { children: { name: string; details: { description: string } }[] }) =>
        i.children.map((s) => [s.name, s.details.description]),
      ),
    ).toEqual([[['One', 'First step']], [['Two', 'Second step']]]);
  });

  it('refuses queries that do not validate against the schema, and bad column values', async () => {
    const invalid = await gql('{ me { email password } }');
    expect(invalid.statusCode).toBe(200);
    expect(invalid.json().data).toBeUndefined();
    expect(invalid.json().errors[0]).toMatchObject({
      message: expect.stringContaining('Cannot query field "password" on type "User"'),
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    const missingArg = await gql('mutation { create_board(board_name: "x") { id } }');
    expect(missingArg.json().errors[0].message).toContain('board_kind');
    const syntax = await gql('{ me { email ');
    expect(syntax.json().errors[0].message).toMatch(/Syntax Error/);

    const boardId = (await gql('mutation { create_board(board_name: "B", board_kind: private) { id } }')).json().data
      .create_board.id;
    await gql(`mutation { create_group(board_id: ${boardId}, group_name: "G") { id } }`);
    const badDate = await gql(
      `mutation { create_item(board_id: ${boardId}, item_name: "I", column_values: "{\\"date4\\": {\\"date\\": \\"12/01/2026\\"}}") { id } }`,
    );
    expect(badDate.json().errors[0].extensions.code).toBe('ColumnValueException');
    expect(badDate.json().data.create_item).toBeNull();
    // A status value must name one of the column's labels, unless told to create it.
    const status = (values: object, create = false) =>
      gql(
        `mutation ($v: JSON) { create_item(board_id: ${boardId}, item_name: "S", column_values: $v${create ? ', create_labels_if_missing: true' : ''}) { id column_values(ids: ["status"]) { text } } }`,
        { v: JSON.stringify(values) },
      );
    const stuck = await status({ status: { label: 'Stuck' } });
    expect(stuck.json().data.create_item.column_values).toEqual([{ text: 'Stuck' }]);
    expect((await status({ status: { index: 1 } })).json().data.create_item.column_values).toEqual([{ text: 'Done' }]);
    const unknownLabel = await status({ status: { label: 'Blocked' } });
    expect(unknownLabel.json().errors[0]).toMatchObject({
      message: expect.stringContaining("This status label doesn't exist"),
      extensions: { code: 'ColumnValueException' },
    });
    expect((await status({ status: { label: 'Blocked' } }, true)).json().data.create_item.column_values).toEqual([
      { text: 'Blocked' },
    ]);
    expect((await status({ status: { label: 'Blocked' } })).json().errors).toBeUndefined();

    // A status column made with its labels takes them, and only them.
    const made = await gql(
      `mutation ($d: CreateStatusColumnSettingsInput) { create_status_column(board_id: ${boardId}, id: "prio", title: "Priority", defaults: $d) { id type settings_str } }`,
      {
        d: {
          labels: [
            { label: 'High', color: 'stuck_red', index: 0 },
            { label: 'Low', color: 'bright_blue', index: 1 },
          ],
        },
      },
    );
    expect(made.json().data.create_status_column).toMatchObject({ id: 'prio', type: 'status' });
    expect(JSON.parse(made.json().data.create_status_column.settings_str)).toEqual({ labels: { 0: 'High', 1: 'Low' } });
    const badColour = await gql(
      `mutation ($d: CreateStatusColumnSettingsInput) { create_status_column(board_id: ${boardId}, title: "P", defaults: $d) { id } }`,
      { d: { labels: [{ label: 'High', color: 'hot_pink', index: 0 }] } },
    );
    expect(badColour.json().errors[0].message).toContain('hot_pink');
    const high = await gql(
      `mutation ($v: JSON) { create_item(board_id: ${boardId}, item_name: "P", column_values: $v) { column_values(ids: ["prio"]) { text } } }`,
      { v: JSON.stringify({ prio: { label: 'High' } }) },
    );
    expect(high.json().data.create_item.column_values).toEqual([{ text: 'High' }]);
    const medium = await gql(
      `mutation ($v: JSON) { create_item(board_id: ${boardId}, item_name: "P", column_values: $v) { id } }`,
      { v: JSON.stringify({ prio: { label: 'Medium' } }) },
    );
    expect(medium.json().errors[0].extensions.code).toBe('ColumnValueException');

    const unknownBoard = await gql('mutation { create_group(board_id: 1, group_name: "G") { id } }');
    expect(unknownBoard.json().errors[0].extensions.code).toBe('ResourceNotFoundException');

    expect((await gql('{ me { email } }', undefined, null)).statusCode).toBe(401);
    expect((await gql('{ me { email } }', undefined, 'nope')).statusCode).toBe(401);
  });
});

describe('monday.com simulator complexity budget', () => {
  let ctx: TestContext;
  afterAll(() => ctx.close());

  it('answers 429 COMPLEXITY_BUDGET_EXHAUSTED with Retry-After, and spends nothing on a refused request', async () => {
    ctx = await buildTestApp({ SANDBOX_MONDAY_COMPLEXITY_PER_MINUTE: '25000' });
    const token = await sandboxToken(ctx.app, 'monday', 'busy@example.com');
    const gql = (query: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/sandbox/monday/v2',
        headers: { authorization: token },
        payload: { query },
      });
    const two = await gql(
      'mutation { a: create_board(board_name: "A", board_kind: public) { id } b: create_board(board_name: "B", board_kind: public) { id } }',
    );
    expect(two.statusCode).toBe(200);
    const refused = await gql('mutation { create_board(board_name: "C", board_kind: public) { id } }');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().errors[0]).toMatchObject({
      message: 'Complexity budget exhausted',
      extensions: { code: 'COMPLEXITY_BUDGET_EXHAUSTED', retry_in_seconds: expect.any(Number) },
    });
    // Reads have their own budget.
    expect((await gql('{ me { email } }')).statusCode).toBe(200);
  });
});
