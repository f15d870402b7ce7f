import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../../test/helpers';
import { SANDBOX_OAUTH_CLIENT } from '../../../ports/task-tool.port';
import { consent, formBody, pkcePair, REDIRECT_URI, sandboxToken } from '../sandbox.test-helpers';
import { asanaContract } from './asana.contract';

const API = '/sandbox/asana/api/1.0';
const TOKEN_URL = '/sandbox/asana/-/oauth_token';

interface Gid {
  gid: string;
}

describe('Asana simulator', () => {
  let ctx: TestContext;
  let token: string;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, auth = token) =>
    ctx.app.inject({
      method,
      url: `${API}${url}`,
      headers: { authorization: `Bearer ${auth}` },
      ...(payload !== undefined && { payload: payload as object }),
    });
  const tokenRequest = (fields: Record<string, string | undefined>) =>
    ctx.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody({
        client_id: SANDBOX_OAUTH_CLIENT.clientId,
        client_secret: SANDBOX_OAUTH_CLIENT.clientSecret,
        ...fields,
      }),
    });

  beforeAll(async () => {
    ctx = await buildTestApp({ SANDBOX_ASANA_REQUESTS_PER_MINUTE: '1000' });
    token = await sandboxToken(ctx.app, 'asana', 'ada.lovelace@example.com');
  });
  afterAll(() => ctx.close());

  describe('OAuth', () => {
    it('shows an escaped consent screen and refuses unknown clients or foreign redirect URIs', async () => {
      const page = await ctx.app.inject({
        method: 'GET',
        url: `/sandbox/asana/-/oauth_authorize?${formBody({ client_id: SANDBOX_OAUTH_CLIENT.clientId, redirect_uri: REDIRECT_URI, response_type: 'code', state: '"><script>x</script>' })}`,
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Allow');
      expect(page.body).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
      expect(page.body).not.toContain('<script>');
      const badClient = await ctx.app.inject({
        method: 'GET',
        url: `/sandbox/asana/-/oauth_authorize?${formBody({ client_id: 'other', redirect_uri: REDIRECT_URI, response_type: 'code' })}`,
      });
      expect(badClient.statusCode).toBe(400);
      const badRedirect = await ctx.app.inject({
        method: 'GET',
        url: `/sandbox/asana/-/oauth_authorize?${formBody({ client_id: SANDBOX_OAUTH_CLIENT.clientId, redirect_uri: 'https://evil.example/cb', response_type: 'code' })}`,
      });
      expect(badRedirect.statusCode).toBe(400);
      expect(badRedirect.headers.location).toBeUndefined();
    });

    it('redirects Deny with error=access_denied and the state', async () => {
      const { status, location } = await consent(ctx.app, 'asana', {
        response_type: 'code',
        state: 'st-1',
        decision: 'deny',
      });
      expect(status).toBe(302);
      expect(location?.origin + location!.pathname).toBe(REDIRECT_URI);
      expect(location?.searchParams.get('error')).toBe('access_denied');
      expect(location?.searchParams.get('state')).toBe('st-1');
      expect(location?.searchParams.get('code')).toBeNull();
    });

    it('exchanges a code once, checks the secret and the PKCE verifier, and refreshes', async () => {
      const { verifier, challenge } = pkcePair();
      const allow = (state: string) =>
        consent(ctx.app, 'asana', {
          response_type: 'code',
          state,
          code_challenge: challenge,
          code_challenge_method: 'S256',
          email: 'grace@example.com',
          decision: 'allow',
        });
      const first = await allow('st-2');
      expect(first.location?.searchParams.get('state')).toBe('st-2');
      const code = first.location!.searchParams.get('code')!;

      const wrongSecret = await tokenRequest({
        grant_type: 'authorization_code',
        client_secret: 'nope',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      });
      expect(wrongSecret.statusCode).toBe(401);
      expect(wrongSecret.json()).toMatchObject({ error: 'invalid_client' });

      const wrongVerifier = await tokenRequest({
        grant_type: 'authorization_code',
        code: (await allow('st-3')).location!.searchParams.get('code')!,
        redirect_uri: REDIRECT_URI,
        code_verifier: pkcePair().verifier,
      });
      expect(wrongVerifier.statusCode).toBe(400);
      expect(wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });

      const ok = await tokenRequest({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      });
      expect(ok.statusCode).toBe(200);
      const body = ok.json();
      expect(body).toMatchObject({
        token_type: 'bearer',
        expires_in: 3600,
        data: { email: 'grace@example.com', name: 'Grace' },
      });
      expect(typeof body.refresh_token).toBe('string');

      const reused = await tokenRequest({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({ error: 'invalid_grant' });

      // An expired access token is refused; the refresh token gives a new one.
      await ctx.app.db.execute(
        sql`update sandbox_grants set expires_at = now() - interval '1 second' where kind = 'access' and tool = 'asana'`,
      );
      const expired = await call('GET', '/users/me', undefined, body.access_token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ errors: [{ message: 'Not Authorized' }] });
      const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: body.refresh_token });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json().refresh_token).toBeUndefined();
      expect((await call('GET', '/users/me', undefined, refreshed.json().access_token)).json().data.email).toBe(
        'grace@example.com',
      );
      token = await sandboxToken(ctx.app, 'asana', 'ada.lovelace@example.com');
    });
  });

  describe('API', () => {
    it('answers every operation in the contract shape and keeps the tree', async () => {
      const me = await call('GET', '/users/me');
      expect(me.statusCode).toBe(200);
      expect(asanaContract.checkResponse('getUser', 200, me.json())).toEqual([]);
      expect(me.json().data).toMatchObject({ email: 'ada.lovelace@example.com', resource_type: 'user' });

      const workspaces = await call('GET', '/workspaces');
      expect(asanaContract.checkResponse('getWorkspaces', 200, workspaces.json())).toEqual([]);
      const workspace = (workspaces.json().data as Gid[])[0]!;
      const page = await call('GET', '/workspaces?limit=1');
      expect(page.json()).toEqual({ data: [workspaces.json().data[0]], next_page: null });
      expect(asanaContract.checkResponse('getWorkspaces', 200, page.json())).toEqual([]);
      const teams = await call('GET', `/workspaces/${workspace.gid}/teams`);
      expect(asanaContract.checkResponse('getTeamsForWorkspace', 200, teams.json())).toEqual([]);
      const team = (teams.json().data as Gid[])[0]!;

      const project = await call('POST', '/projects', {
        data: { name: 'Launch <plan>', notes: 'Why & how', workspace: workspace.gid, team: team.gid },
      });
      expect(project.statusCode).toBe(201);
      expect(asanaContract.checkResponse('createProject', 201, project.json())).toEqual([]);
      const projectGid = project.json().data.gid as string;
      const projects = await call('GET', `/teams/${team.gid}/projects`);
      expect(projects.statusCode).toBe(200);
      expect(asanaContract.checkResponse('getProjectsForTeam', 200, projects.json())).toEqual([]);
      expect(projects.json().data).toContainEqual(
        expect.objectContaining({ gid: projectGid, name: 'Launch <plan>', resource_type: 'project' }),
      );

      const section = await call('POST', `/projects/${projectGid}/sections`, { data: { name: 'Research' } });
      expect(section.statusCode).toBe(201);
      expect(asanaContract.checkResponse('createSectionForProject', 201, section.json())).toEqual([]);
      const sectionGid = section.json().data.gid as string;

      const task = await call('POST', '/tasks', {
        data: {
          name: 'Survey',
          notes: 'Ask ten people',
          due_on: '2026-12-01',
          projects: [projectGid],
          memberships: [{ project: projectGid, section: sectionGid }],
        },
      });
      expect(task.statusCode).toBe(201);
      expect(asanaContract.checkResponse('createTask', 201, task.json())).toEqual([]);
      expect(task.json().data).toMatchObject({
        name: 'Survey',
        due_on: '2026-12-01',
        memberships: [{ project: { gid: projectGid }, section: { gid: sectionGid, name: 'Research' } }],
      });
      const taskGid = task.json().data.gid as string;

      const subtask = await call('POST', `/tasks/${taskGid}/subtasks`, { data: { name: 'Write questions' } });
      expect(subtask.statusCode).toBe(201);
      expect(asanaContract.checkResponse('createSubtaskForTask', 201, subtask.json())).toEqual([]);
      expect(subtask.json().data.parent).toMatchObject({ gid: taskGid, resource_type: 'task' });

      const limited = await call('POST', '/tasks?opt_fields=name,due_on', {
        data: { name: 'Only some', workspace: workspace.gid },
      });
      expect(Object.keys(limited.json().data).sort()).toEqual(['due_on', 'gid', 'name']);

      const json = await ctx.app.inject({ method: 'GET', url: '/sandbox/asana/index.json' });
      const account = json.json().accounts.find((a: { email: string }) => a.email === 'ada.lovelace@example.com');
      const projectNode = account.tree[0].children[0].children[0];
      expect(projectNode).toMatchObject({ kind: 'project', name: 'Launch <plan>' });
      expect(projectNode.children[0]).toMatchObject({ kind: 'section', name: 'Research' });
      expect(projectNode.children[0].children[0]).toMatchObject({
        kind: 'task',
        name: 'Survey',
        details: { due_on: '2026-12-01' },
      });
      expect(projectNode.children[0].children[0].children[0]).toMatchObject({ kind: 'task', name: 'Write questions' });

      const html = await ctx.app.inject({ method: 'GET', url: '/sandbox/asana/' });
      expect(html.statusCode).toBe(200);
      expect(html.body).toContain('Launch &lt;plan&gt;');
      expect(html.body).toContain('Write questions');
      expect(html.body).not.toContain('Launch <plan>');
    });

    it("lists a project's tasks page by page with whether each is done, and marks a task done and undone", async () => {
      const workspace = ((await call('GET', '/workspaces')).json().data as Gid[])[0]!;
      const team = ((await call('GET', `/workspaces/${workspace.gid}/teams`)).json().data as Gid[])[0]!;
      const project = (
        await call('POST', '/projects', { data: { name: 'Progress', workspace: workspace.gid, team: team.gid } })
      ).json().data.gid as string;
      const sections: string[] = [];
      for (const name of ['One', 'Two']) {
        sections.push((await call('POST', `/projects/${project}/sections`, { data: { name } })).json().data.gid);
      }
      const tasks: string[] = [];
      for (const [i, section] of [sections[0], sections[0], sections[1]].entries()) {
        const created = await call('POST', '/tasks', {
          data: { name: `T${i}`, due_on: `2026-12-0${i + 1}`, memberships: [{ project, section }] },
        });
        tasks.push(created.json().data.gid);
      }
      // A subtask is not one of the project's tasks.
      await call('POST', `/tasks/${tasks[0]}/subtasks`, { data: { name: 'Sub' } });

      const done = await call('PUT', `/tasks/${tasks[1]}`, { data: { completed: true } });
      expect(done.statusCode).toBe(200);
      expect(asanaContract.checkResponse('updateTask', 200, done.json())).toEqual([]);
      expect(done.json().data).toMatchObject({ gid: tasks[1], completed: true });
      expect(done.json().data.completed_at).toMatch(/^\d{4}-/);

      const first = await call('GET', `/projects/${project}/tasks?opt_fields=name,completed,due_on&limit=2`);
      expect(first.statusCode).toBe(200);
      expect(asanaContract.checkResponse('getTasksForProject', 200, first.json())).toEqual([]);
      const offset = first.json().next_page.offset as string;
      const second = await call(
        'GET',
        `/projects/${project}/tasks?opt_fields=name,completed,due_on&limit=2&offset=${offset}`,
      );
      expect([...first.json().data, ...second.json().data]).toEqual([
        { gid: tasks[0], name: 'T0', completed: false, due_on: '2026-12-01' },
        { gid: tasks[1], name: 'T1', completed: true, due_on: '2026-12-02' },
        { gid: tasks[2], name: 'T2', completed: false, due_on: '2026-12-03' },
      ]);
      expect(second.json().next_page).toBeNull();

      const undone = await call('PUT', `/tasks/${tasks[1]}?opt_fields=completed,completed_at`, {
        data: { completed: false },
      });
      expect(undone.json().data).toEqual({ gid: tasks[1], completed: false, completed_at: null });
      expect((await call('PUT', '/tasks/98765', { data: { completed: true } })).statusCode).toBe(404);
      expect((await call('PUT', `/tasks/${tasks[0]}`, { data: { completed: 'yes' } })).statusCode).toBe(400);
      expect((await call('GET', '/projects/98765/tasks')).statusCode).toBe(404);
    });

    it('refuses requests off the contract as Asana does', async () => {
      const workspace = ((await call('GET', '/workspaces')).json().data as Gid[])[0]!;
      const project = await call('POST', '/projects', { data: { name: 'P', workspace: workspace.gid } });
      expect(project.statusCode).toBe(400);
      expect(project.json().errors[0]).toMatchObject({ message: 'team: Missing input' });
      expect(project.json().errors[0].help).toContain('developers.asana.com');

      const teamGid = ((await call('GET', `/workspaces/${workspace.gid}/teams`)).json().data as Gid[])[0]!.gid;
      const p = (await call('POST', '/projects', { data: { name: 'P', team: teamGid } })).json().data.gid;
      const noName = await call('POST', `/projects/${p}/sections`, { data: {} });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().errors[0].message).toBe('name: Missing input');

      const badDate = await call('POST', '/tasks', { data: { name: 'T', projects: [p], due_on: '01/12/2026' } });
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json().errors[0].message).toMatch(/^due_on: /);

      const badType = await call('POST', '/tasks', { data: { name: 42, projects: [p] } });
      expect(badType.statusCode).toBe(400);
      expect(badType.json().errors[0].message).toMatch(/^name: /);

      const badField = await call('GET', '/users/me?opt_fields=password');
      expect(badField.statusCode).toBe(400);
      expect(badField.json().errors[0].message).toMatch(/^opt_fields/);

      const nowhere = await call('POST', '/tasks', { data: { name: 'Lost' } });
      expect(nowhere.statusCode).toBe(400);
      expect(nowhere.json().errors[0].message).toBe('workspace: Missing input');

      const unknown = await call('POST', '/projects/1234567890123456/sections', { data: { name: 'S' } });
      expect(unknown.statusCode).toBe(404);

      const route = await call('GET', '/portfolios');
      expect(route.statusCode).toBe(404);
      expect(route.json().errors[0].message).toBe('No matching route for request');

      const badJson = await ctx.app.inject({
        method: 'POST',
        url: `${API}/tasks`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: '{"data":',
      });
      expect(badJson.statusCode).toBe(400);
      expect(badJson.json().errors[0].message).toMatch(/invalid JSON/);

      const other = await sandboxToken(ctx.app, 'asana', 'mallory@example.com');
      const foreign = await call('POST', `/projects/${p}/sections`, { data: { name: 'S' } }, other);
      expect(foreign.statusCode).toBe(404);

      const noToken = await ctx.app.inject({ method: 'GET', url: `${API}/users/me` });
      expect(noToken.statusCode).toBe(401);
    });

    it('keeps a start date beside a due date, and refuses one without a due date, beside start_at or after the due day', async () => {
      const workspace = ((await call('GET', '/workspaces')).json().data as Gid[])[0]!;
      const teamGid = ((await call('GET', `/workspaces/${workspace.gid}/teams`)).json().data as Gid[])[0]!.gid;
      const p = (await call('POST', '/projects', { data: { name: 'Starts', team: teamGid } })).json().data.gid;
      const task = (data: Record<string, unknown>) =>
        call('POST', '/tasks', { data: { name: 'T', projects: [p], ...data } });

      const both = await task({ start_on: '2027-03-01', due_on: '2027-03-04' });
      expect(both.statusCode).toBe(201);
      expect(both.json().data).toMatchObject({ start_on: '2027-03-01', due_on: '2027-03-04' });
      const read = await call('GET', `/projects/${p}/tasks?opt_fields=start_on,due_on`);
      expect(read.json().data).toEqual([{ gid: both.json().data.gid, start_on: '2027-03-01', due_on: '2027-03-04' }]);

      // createTask: "due_on or due_at must be present in the request when setting or unsetting start_on".
      const alone = await task({ start_on: '2027-03-01' });
      expect(alone.statusCode).toBe(400);
      expect(alone.json().errors[0].message).toMatch(/^start_on: /);
      expect(
        (await task({ start_on: '2027-03-01', start_at: '2027-03-01T09:00:00Z', due_on: '2027-03-04' })).statusCode,
      ).toBe(400);
      expect((await task({ start_on: '2027-03-05', due_on: '2027-03-04' })).statusCode).toBe(400);
      expect((await task({ start_on: '03/01/2027', due_on: '2027-03-04' })).statusCode).toBe(400);
      const unset = await call('PUT', `/tasks/${both.json().data.gid}`, { data: { start_on: null } });
      expect(unset.statusCode).toBe(400);
    });

    it('runs up to 10 batch actions and refuses more, as Asana', async () => {
      const workspace = ((await call('GET', '/workspaces')).json().data as Gid[])[0]!;
      const actions = Array.from({ length: 10 }, (_, i) => ({
        method: 'post',
        relative_path: '/tasks',
        data: { name: `Batch ${i}`, workspace: workspace.gid },
      }));
      const ok = await call('POST', '/batch', { data: { actions } });
      expect(ok.statusCode).toBe(200);
      expect(asanaContract.checkResponse('createBatchRequest', 200, ok.json())).toEqual([]);
      const results = ok.json().data as { status_code: number; body: { data: { name: string } } }[];
      expect(results.map((r) => r.status_code)).toEqual(Array(10).fill(201));
      expect(results.map((r) => r.body.data.name)).toEqual(actions.map((a) => a.data.name));

      const mixed = await call('POST', '/batch', {
        data: {
          actions: [
            { method: 'get', relative_path: '/users/me?opt_fields=email' },
            { method: 'post', relative_path: '/projects/1/sections', data: {} },
          ],
        },
      });
      expect(mixed.statusCode).toBe(200);
      expect(mixed.json().data[0]).toMatchObject({
        status_code: 200,
        body: { data: { email: 'ada.lovelace@example.com' } },
      });
      expect(mixed.json().data[1].status_code).toBe(400);

      const tooMany = await call('POST', '/batch', { data: { actions: [...actions, actions[0]] } });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().errors[0].message).toMatch(/^actions: /);
      const badMethod = await call('POST', '/batch', {
        data: { actions: [{ method: 'FETCH', relative_path: '/users/me' }] },
      });
      expect(badMethod.statusCode).toBe(400);
    });

    it('runs a batch in no set order and places sections before or after another', async () => {
      const workspace = ((await call('GET', '/workspaces')).json().data as Gid[])[0]!;
      const teamGid = ((await call('GET', `/workspaces/${workspace.gid}/teams`)).json().data as Gid[])[0]!.gid;
      const p = (await call('POST', '/projects', { data: { name: 'Order', team: teamGid } })).json().data.gid;
      const names = async () =>
        ((await call('GET', `/projects/${p}/sections`)).json().data as { name: string }[]).map((s) => s.name);
      const batch = await call('POST', '/batch', {
        data: {
          actions: ['A', 'B', 'C'].map((name) => ({
            method: 'post',
            relative_path: `/projects/${p}/sections`,
            data: { name },
          })),
        },
      });
      // The answers keep the request's order; what they created does not.
      expect(batch.json().data.map((r: { body: { data: { name: string } } }) => r.body.data.name)).toEqual([
        'A',
        'B',
        'C',
      ]);
      expect(await names()).toEqual(['C', 'B', 'A']);
      const [c, b] = (await call('GET', `/projects/${p}/sections`)).json().data as Gid[];

      expect(
        (await call('POST', `/projects/${p}/sections`, { data: { name: 'after C', insert_after: c!.gid } })).statusCode,
      ).toBe(201);
      expect(
        (await call('POST', `/projects/${p}/sections`, { data: { name: 'before C', insert_before: c!.gid } }))
          .statusCode,
      ).toBe(201);
      expect(
        (await call('POST', `/projects/${p}/sections`, { data: { name: 'after B', insert_after: b!.gid } })).statusCode,
      ).toBe(201);
      expect(await names()).toEqual(['before C', 'C', 'after C', 'B', 'after B', 'A']);

      const both = await call('POST', `/projects/${p}/sections`, {
        data: { name: 'X', insert_after: c!.gid, insert_before: b!.gid },
      });
      expect(both.statusCode).toBe(400);
      const stranger = await call('POST', `/projects/${p}/sections`, { data: { name: 'X', insert_after: '12345' } });
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json().errors[0].message).toMatch(/^insert_after: /);
      expect(await names()).toHaveLength(6);
    });
  });
});

describe('Asana simulator rate limit', () => {
  let ctx: TestContext;
  afterAll(() => ctx.close());

  it('answers 429 with Retry-After past the per-token limit, counting each batch action', async () => {
    ctx = await buildTestApp({ SANDBOX_ASANA_REQUESTS_PER_MINUTE: '5' });
    const token = await sandboxToken(ctx.app, 'asana', 'busy@example.com');
    const get = () =>
      ctx.app.inject({ method: 'GET', url: `${API}/users/me`, headers: { authorization: `Bearer ${token}` } });
    expect((await get()).statusCode).toBe(200);
    const batch = await ctx.app.inject({
      method: 'POST',
      url: `${API}/batch`,
      headers: { authorization: `Bearer ${token}` },
      payload: { data: { actions: Array(4).fill({ method: 'get', relative_path: '/users/me' }) } },
    });
    expect(batch.statusCode).toBe(200);
    const limited = await get();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json()).toMatchObject({
      errors: [{ message: 'You have made too many requests recently. Please, be chill.' }],
    });
    // Another token has its own window.
    const other = await sandboxToken(ctx.app, 'asana', 'calm@example.com');
    const fresh = await ctx.app.inject({
      method: 'GET',
      url: `${API}/users/me`,
      headers: { authorization: `Bearer ${other}` },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('is not mounted in production', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production' });
    try {
      for (const tool of ['asana', 'clickup', 'monday']) {
        expect((await production.app.inject({ method: 'GET', url: `/sandbox/${tool}/index.json` })).statusCode).toBe(
          404,
        );
      }
    } finally {
      await production.close();
    }
  });

  it('is not mounted when Asana has an OAuth app', async () => {
    const real = await buildTestApp({ ASANA_CLIENT_ID: 'real-client', ASANA_CLIENT_SECRET: 'real-secret' });
    try {
      const res = await real.app.inject({ method: 'GET', url: '/sandbox/asana/index.json' });
      expect(res.statusCode).toBe(404);
      expect((await real.app.inject({ method: 'GET', url: '/sandbox/clickup/index.json' })).statusCode).toBe(200);
    } finally {
      await real.close();
    }
  });
});
