import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../../test/helpers';
import { SANDBOX_OAUTH_CLIENT } from '../../../ports/task-tool.port';
import { consent, formBody, REDIRECT_URI, sandboxToken } from '../sandbox.test-helpers';

const API = '/sandbox/clickup/api/v2';

describe('ClickUp simulator', () => {
  let ctx: TestContext;
  let token: string;
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, auth: string | null = token) =>
    ctx.app.inject({
      method,
      url: `${API}${url}`,
      headers: auth === null ? {} : { authorization: auth },
      ...(payload !== undefined && { payload: payload as object }),
    });

  beforeAll(async () => {
    ctx = await buildTestApp({ SANDBOX_CLICKUP_REQUESTS_PER_MINUTE: '1000' });
    token = await sandboxToken(ctx.app, 'clickup', 'linus@example.com');
  });
  afterAll(() => ctx.close());

  it('runs the OAuth dance: consent, Deny, one-time code, secret checked, no expiry', async () => {
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/sandbox/clickup/api?${formBody({ client_id: SANDBOX_OAUTH_CLIENT.clientId, redirect_uri: REDIRECT_URI, state: 'x' })}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('ClickUp sandbox');

    const denied = await consent(ctx.app, 'clickup', { state: 'd1', decision: 'deny' });
    expect(denied.location?.searchParams.get('error')).toBe('access_denied');
    expect(denied.location?.searchParams.get('state')).toBe('d1');

    const allowed = await consent(ctx.app, 'clickup', {
      state: 'a1',
      email: 'margaret@example.com',
      decision: 'allow',
    });
    expect(allowed.location?.searchParams.get('state')).toBe('a1');
    const code = allowed.location!.searchParams.get('code')!;
    const exchange = (secret: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${API}/oauth/token?${formBody({ client_id: SANDBOX_OAUTH_CLIENT.clientId, client_secret: secret, code })}`,
      });
    const wrong = await exchange('nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ err: 'Client secret invalid', ECODE: 'OAUTH_002' });
    const ok = await exchange(SANDBOX_OAUTH_CLIENT.clientSecret);
    expect(ok.statusCode).toBe(200);
    expect(Object.keys(ok.json())).toEqual(['access_token']);
    const reused = await exchange(SANDBOX_OAUTH_CLIENT.clientSecret);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toHaveProperty('ECODE');
    const missing = await ctx.app.inject({
      method: 'POST',
      url: `${API}/oauth/token?client_id=${SANDBOX_OAUTH_CLIENT.clientId}`,
    });
    expect(missing.statusCode).toBe(400);

    const user = await call('GET', '/user', undefined, ok.json().access_token);
    expect(user.json().user).toMatchObject({ email: 'margaret@example.com', username: 'Margaret' });
    // ClickUp also takes the token with a Bearer prefix.
    expect((await call('GET', '/user', undefined, `Bearer ${ok.json().access_token}`)).statusCode).toBe(200);
  });

  it('creates folders, lists, tasks and subtasks with ClickUp shapes, and shows them on the page', async () => {
    const user = await call('GET', '/user');
    expect(user.statusCode).toBe(200);
    expect(user.json().user).toMatchObject({ email: 'linus@example.com', id: expect.any(Number) });
    expect(user.headers['x-ratelimit-limit']).toBe('1000');

    const teams = await call('GET', '/team');
    const team = teams.json().teams[0];
    expect(team).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      name: "Linus's Workspace",
      members: [expect.any(Object)],
    });
    const spaces = await call('GET', `/team/${team.id}/space`);
    const space = spaces.json().spaces[0];
    expect(space).toMatchObject({ name: 'Team Space', private: false, archived: false, statuses: expect.any(Array) });

    const folder = await call('POST', `/space/${space.id}/folder`, { name: 'Launch <plan>' });
    expect(folder.statusCode).toBe(200);
    expect(folder.json()).toMatchObject({ name: 'Launch <plan>', space: { id: space.id }, lists: [] });
    const list = await call('POST', `/folder/${folder.json().id}/list`, { name: 'Research', content: 'First phase' });
    expect(list.json()).toMatchObject({ name: 'Research', folder: { id: folder.json().id }, space: { id: space.id } });
    const listId = list.json().id as string;

    const due = Date.UTC(2026, 11, 1);
    const task = await call('POST', `/list/${listId}/task`, {
      name: 'Survey',
      description: 'Ask ten people',
      due_date: due,
    });
    expect(task.statusCode).toBe(200);
    expect(task.json()).toMatchObject({
      name: 'Survey',
      description: 'Ask ten people',
      due_date: String(due),
      parent: null,
      list: { id: listId },
      status: { status: 'to do', type: 'open' },
      team_id: team.id,
    });
    const subtask = await call('POST', `/list/${listId}/task`, { name: 'Write questions', parent: task.json().id });
    expect(subtask.json()).toMatchObject({ parent: task.json().id, top_level_parent: task.json().id });

    const json = (await ctx.app.inject({ method: 'GET', url: '/sandbox/clickup/index.json' })).json();
    const tree = json.accounts.find((a: { email: string }) => a.email === 'linus@example.com').tree;
    const folderNode = tree[0].children[0].children[0];
    expect(folderNode).toMatchObject({ kind: 'folder', name: 'Launch <plan>' });
    expect(folderNode.children[0].children[0]).toMatchObject({ kind: 'task', name: 'Survey' });
    expect(folderNode.children[0].children[0].children[0]).toMatchObject({ kind: 'task', name: 'Write questions' });
    const page = await ctx.app.inject({ method: 'GET', url: '/sandbox/clickup/' });
    expect(page.body).toContain('Launch &lt;plan&gt;');
    expect(page.body).toContain('Write questions');
  });

  it('refuses requests off the contract as ClickUp does', async () => {
    const space = (await call('GET', `/team/${(await call('GET', '/team')).json().teams[0].id}/space`)).json()
      .spaces[0];
    const folder = (await call('POST', `/space/${space.id}/folder`, { name: 'F' })).json();
    const list = (await call('POST', `/folder/${folder.id}/list`, { name: 'L' })).json();
    const other = (await call('POST', `/folder/${folder.id}/list`, { name: 'Other' })).json();

    const noName = await call('POST', `/list/${list.id}/task`, { description: 'x' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({ err: 'Task name invalid', ECODE: 'INPUT_005' });
    const badDue = await call('POST', `/list/${list.id}/task`, { name: 'T', due_date: '2026-12-01' });
    expect(badDue.statusCode).toBe(400);
    expect(badDue.json()).toMatchObject({ ECODE: expect.stringMatching(/^INPUT_/) });

    // A start date and a priority are kept and answered as ClickUp does; a priority outside 1-4 is refused.
    const start = Date.UTC(2027, 2, 1, 12);
    const dated = await call('POST', `/list/${list.id}/task`, {
      name: 'Dated',
      start_date: start,
      start_date_time: false,
      priority: 2,
    });
    expect(dated.statusCode).toBe(200);
    expect(dated.json()).toMatchObject({ start_date: String(start), priority: { id: '2', priority: 'high' } });
    const listed = (await call('GET', `/list/${list.id}/task`)).json().tasks;
    expect(listed.find((t: { id: string }) => t.id === dated.json().id)).toMatchObject({
      priority: { priority: 'high' },
    });
    expect((await call('POST', `/list/${list.id}/task`, { name: 'T', priority: 5 })).statusCode).toBe(400);
    expect((await call('POST', `/list/${list.id}/task`, { name: 'T', start_date: '2027-03-01' })).statusCode).toBe(400);

    const parent = (await call('POST', `/list/${list.id}/task`, { name: 'Parent' })).json();
    const elsewhere = await call('POST', `/list/${other.id}/task`, { name: 'Child', parent: parent.id });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().err).toMatch(/same list/);

    expect((await call('POST', '/list/abc/task', { name: 'T' })).statusCode).toBe(400);
    expect((await call('POST', '/list/999999999/task', { name: 'T' })).json()).toMatchObject({ ECODE: 'ITEM_013' });
    expect((await call('GET', '/user', undefined, null)).json()).toEqual({
      err: 'Authorization header required',
      ECODE: 'OAUTH_017',
    });
    expect((await call('GET', '/user', undefined, 'nope')).statusCode).toBe(401);

    const stranger = await sandboxToken(ctx.app, 'clickup', 'eve@example.com');
    const foreign = await call('POST', `/list/${list.id}/task`, { name: 'T' }, stranger);
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json()).toEqual({ err: 'Team not authorized', ECODE: 'OAUTH_027' });
  });
});

describe('ClickUp simulator rate limit', () => {
  let ctx: TestContext;
  afterAll(() => ctx.close());

  it('answers 429 with X-RateLimit headers past the per-token limit', async () => {
    ctx = await buildTestApp({ SANDBOX_CLICKUP_REQUESTS_PER_MINUTE: '3' });
    const token = await sandboxToken(ctx.app, 'clickup', 'busy@example.com');
    const get = () => ctx.app.inject({ method: 'GET', url: `${API}/user`, headers: { authorization: token } });
    const answers = [await get(), await get(), await get(), await get()];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers.map((a) => a.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    const limited = answers[3]!;
    expect(limited.json()).toEqual({ err: 'Rate limit reached', ECODE: 'APP_002' });
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
    const reset = Number(limited.headers['x-ratelimit-reset']);
    expect(reset * 1000).toBeGreaterThan(Date.now());
    expect(reset * 1000).toBeLessThanOrEqual(Date.now() + 61_000);
  });
});
