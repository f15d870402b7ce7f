import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers';
import { listeningSimulatorApp } from '../../../test/task-tool-upload';
import { fixedToken } from '../../adapters/task-tools/http';
import type { TaskToolName } from '../../ports/task-tool.port';
import { MONDAY_API_VERSION } from './monday/monday.graphql';
import { formBody, sandboxToken } from './sandbox.test-helpers';

/** A project made through a tool's API: one section, two tasks (the first with a subtask). */
interface Made {
  project: string;
  section: string;
  brief: string;
  room: string;
  subtask: string;
  /** The due date as the page shows it. */
  due: string;
  /** Whether the tool's own API answers the task done. */
  doneInApi(id: string): Promise<boolean>;
}

type Inject = FastifyInstance['inject'];

const asana = async (inject: Inject, token: string): Promise<Made> => {
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    (
      await inject({
        method,
        url: `/sandbox/asana/api/1.0${url}`,
        headers: { authorization: `Bearer ${token}` },
        ...(payload && { payload }),
      })
    ).json().data;
  const workspace = (await call('GET', '/workspaces'))[0].gid;
  const team = (await call('GET', `/workspaces/${workspace}/teams`))[0].gid;
  const project = (await call('POST', '/projects', { data: { name: 'Launch', team } })).gid;
  const section = (await call('POST', `/projects/${project}/sections`, { data: { name: 'Research' } })).gid;
  const task = async (name: string, due?: string) =>
    (await call('POST', '/tasks', { data: { name, ...(due && { due_on: due }), memberships: [{ project, section }] } }))
      .gid;
  const brief = await task('Write the brief', '2026-12-01');
  const room = await task('Book the room');
  const subtask = (await call('POST', `/tasks/${brief}/subtasks`, { data: { name: 'Draft outline' } })).gid;
  return {
    project,
    section,
    brief,
    room,
    subtask,
    due: 'due_on: 2026-12-01',
    async doneInApi(id) {
      const tasks = await call('GET', `/projects/${project}/tasks?opt_fields=completed,completed_at`);
      const found = tasks.find((t: { gid: string }) => t.gid === id);
      // Done records when; not done has no time.
      expect(found.completed_at === null).toBe(!found.completed);
      return found.completed;
    },
  };
};

const clickup = async (inject: Inject, token: string): Promise<Made> => {
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    (
      await inject({
        method,
        url: `/sandbox/clickup/api/v2${url}`,
        headers: { authorization: token },
        ...(payload && { payload }),
      })
    ).json();
  const team = (await call('GET', '/team')).teams[0].id;
  const space = (await call('GET', `/team/${team}/space`)).spaces[0].id;
  const project = (await call('POST', `/space/${space}/folder`, { name: 'Launch' })).id;
  const section = (await call('POST', `/folder/${project}/list`, { name: 'Research' })).id;
  const dueDate = Date.parse('2026-12-01T12:00:00Z');
  const brief = (await call('POST', `/list/${section}/task`, { name: 'Write the brief', due_date: dueDate })).id;
  const room = (await call('POST', `/list/${section}/task`, { name: 'Book the room' })).id;
  const subtask = (await call('POST', `/list/${section}/task`, { name: 'Draft outline', parent: brief })).id;
  return {
    project,
    section,
    brief,
    room,
    subtask,
    due: `due_date: ${dueDate}`,
    async doneInApi(id) {
      const { tasks } = await call('GET', `/list/${section}/task?include_closed=true`);
      const found = tasks.find((t: { id: string }) => t.id === id);
      expect(found.status.status).toBe(found.status.type === 'closed' ? 'complete' : 'to do');
      return found.status.type === 'closed';
    },
  };
};

const monday = async (inject: Inject, token: string): Promise<Made> => {
  const gql = async (query: string, variables?: Record<string, unknown>) => {
    const res = await inject({
      method: 'POST',
      url: '/sandbox/monday/v2',
      headers: { authorization: token, 'api-version': MONDAY_API_VERSION },
      payload: { query, ...(variables && { variables }) },
    });
    expect(res.json().errors).toBeUndefined();
    return res.json().data;
  };
  const project = (await gql('mutation { create_board(board_name: "Launch", board_kind: public) { id } }')).create_board
    .id;
  const section = (
    await gql('mutation ($b: ID!) { create_group(board_id: $b, group_name: "Research") { id } }', { b: project })
  ).create_group.id;
  const item = async (name: string, values?: object) =>
    (
      await gql(
        'mutation ($b: ID!, $g: String, $n: String!, $v: JSON) { create_item(board_id: $b, group_id: $g, item_name: $n, column_values: $v) { id } }',
        { b: project, g: section, n: name, ...(values && { v: JSON.stringify(values) }) },
      )
    ).create_item.id;
  const brief = await item('Write the brief', { date4: { date: '2026-12-01' } });
  const room = await item('Book the room');
  const subtask = (
    await gql('mutation ($i: ID!) { create_subitem(parent_item_id: $i, item_name: "Draft outline") { id } }', {
      i: brief,
    })
  ).create_subitem.id;
  return {
    project,
    section,
    brief,
    room,
    subtask,
    // The board's own Date column, by its title, as monday's board shows it.
    due: 'Date: 2026-12-01',
    async doneInApi(id) {
      const { items } = await gql('query ($i: [ID!]) { items(ids: $i) { column_values(ids: ["status"]) { text } } }', {
        i: [id],
      });
      return items[0].column_values[0].text === 'Done';
    },
  };
};

const MAKE = { asana, clickup, monday } as const;

/** The line of one object on the page: from its list item to its children (or its end). */
function lineOf(html: string, id: string): string {
  const start = html.indexOf(`<li id="obj-${id}">`);
  expect(start).toBeGreaterThanOrEqual(0);
  const ends = [html.indexOf('<ul', start), html.indexOf('</li>', start)].filter((i) => i >= 0);
  return html.slice(start, Math.min(...ends));
}

/** The form of the button named `name` on the page, as a browser would send it. */
function formOf(html: string, name: string): { action: string; fields: Record<string, string> } {
  const form = new RegExp(
    `<form class="tick" method="post" action="([^"]+)"><input type="hidden" name="done" value="(true|false)"><button type="submit" aria-label="${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}">`,
  ).exec(html);
  if (!form) throw new Error(`no button "${name}" on the page`);
  return { action: form[1]!, fields: { done: form[2]! } };
}

describe.each(['asana', 'clickup', 'monday'] as const)('%s sandbox page: ticking a task done', (tool: TaskToolName) => {
  let ctx: TestContext;
  let token: string;
  let made: Made;
  const page = async (path = `/sandbox/${tool}/`) => {
    const res = await ctx.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const post = (action: string, fields: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody(fields),
    });
  const progress = async () => {
    const read = await ctx.app.adapters.taskTools[tool].readProgress(fixedToken(token), made.project);
    if (read === 'gone') throw new Error('the project is there');
    return Object.fromEntries(read.tasks.map((t) => [t.remoteId, t.done]));
  };

  beforeAll(async () => {
    ctx = await listeningSimulatorApp({ SANDBOX_MONDAY_COMPLEXITY_PER_MINUTE: '10000000' });
    const publicUrl = ctx.app.config.PUBLIC_URL;
    token = await sandboxToken(ctx.app, tool, `ticker-${tool}@example.com`, `${publicUrl}/oauth2/handler`);
    made = await MAKE[tool](ctx.app.inject.bind(ctx.app), token);
  });
  afterAll(() => ctx.close());

  it('shows each task open with its due date and a "Mark done" button named after it; sections and subtasks have none', async () => {
    const html = await page();
    const brief = lineOf(html, made.brief);
    expect(brief).toContain(made.due);
    expect(brief).toContain('<span class="state">To do</span>');
    expect(brief).toContain('<button type="submit" aria-label="Mark done: Write the brief">Mark done</button>');
    expect(formOf(html, 'Mark done: Write the brief')).toEqual({
      action: `/sandbox/${tool}/-/tasks/${made.brief}/done`,
      fields: { done: 'true' },
    });
    expect(lineOf(html, made.room)).toContain('aria-label="Mark done: Book the room"');
    expect(lineOf(html, made.section)).not.toContain('<form');
    expect(lineOf(html, made.subtask)).not.toContain('<form');
    // A project has its own button instead: the one that deletes it, as in the tool.
    expect(lineOf(html, made.project)).not.toContain('Mark done');
    expect(lineOf(html, made.project)).toMatch(/<button type="submit" aria-label="Delete (project|folder|board): /);
  });

  it('marks a task done as the tool would: the page, its API and the progress read all say so; then not done again', async () => {
    const tick = formOf(await page(), 'Mark done: Write the brief');
    const done = await post(tick.action, tick.fields);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/sandbox/${tool}/#obj-${made.brief}`);
    const after = await page(String(done.headers.location).split('#')[0]);
    const line = lineOf(after, made.brief);
    expect(line).toContain('<strong class="state state-done">Done</strong>');
    expect(line).toContain('<button type="submit" aria-label="Mark not done: Write the brief">Mark not done</button>');
    expect(line).toContain(made.due);
    expect(lineOf(after, made.room)).toContain('To do');

    expect(await made.doneInApi(made.brief)).toBe(true);
    expect(await made.doneInApi(made.room)).toBe(false);
    expect(await progress()).toEqual({ [made.brief]: true, [made.room]: false });

    // Ticking it again leaves it done (Asana keeps when it was done).
    const again = await post(`/sandbox/${tool}/-/tasks/${made.brief}/done`, { done: 'true' });
    expect(again.statusCode).toBe(303);
    expect(await made.doneInApi(made.brief)).toBe(true);

    const untick = formOf(after, 'Mark not done: Write the brief');
    expect(untick.fields).toEqual({ done: 'false' });
    const undone = await post(untick.action, untick.fields);
    expect(undone.statusCode).toBe(303);
    const reverted = lineOf(await page(), made.brief);
    expect(reverted).toContain('<span class="state">To do</span>');
    expect(reverted).toContain('aria-label="Mark done: Write the brief"');
    expect(await made.doneInApi(made.brief)).toBe(false);
    expect(await progress()).toEqual({ [made.brief]: false, [made.room]: false });
  });

  it('says in index.json which tasks are done, keeping the details it had', async () => {
    await post(`/sandbox/${tool}/-/tasks/${made.room}/done`, { done: 'true' });
    type Node = { id: string; done?: boolean; details: object; children: Node[] };
    const nodes: Node[] = [];
    const walk = (n: Node[]) => {
      for (const node of n) {
        nodes.push(node);
        walk(node.children);
      }
    };
    const index = (await ctx.app.inject({ method: 'GET', url: `/sandbox/${tool}/index.json` })).json();
    for (const account of index.accounts) walk(account.tree);
    const node = (id: string) => nodes.find((n) => n.id === id)!;
    expect(node(made.room)).toMatchObject({ done: true, details: expect.any(Object) });
    expect(node(made.brief).done).toBe(false);
    expect(node(made.subtask).done).toBeUndefined();
    expect(node(made.section).done).toBeUndefined();
  });

  it('answers 404 for an unknown id, a section or a subtask, and 400 without done=true|false', async () => {
    for (const id of ['98765432', made.section, made.subtask, made.project, 'not-an-id']) {
      const res = await post(`/sandbox/${tool}/-/tasks/${encodeURIComponent(id)}/done`, { done: 'true' });
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.body).toContain('role="alert"');
      expect(res.body).toContain(`href="/sandbox/${tool}/"`);
    }
    const unsaid = await post(`/sandbox/${tool}/-/tasks/${made.brief}/done`, { done: 'yes' });
    expect(unsaid.statusCode).toBe(400);
    expect((await post(`/sandbox/${tool}/-/tasks/${made.brief}/done`, {})).statusCode).toBe(400);
    expect(await made.doneInApi(made.brief)).toBe(false);
  });

  it.runIf(tool === 'monday')('says why an item on a board without a Status column cannot be ticked', async () => {
    const gql = async (query: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/sandbox/monday/v2',
          headers: { authorization: token, 'api-version': MONDAY_API_VERSION },
          payload: { query },
        })
      ).json().data;
    const board = (await gql('mutation { create_board(board_name: "Bare", board_kind: public, empty: true) { id } }'))
      .create_board.id;
    await gql(`mutation { create_group(board_id: ${board}, group_name: "G") { id } }`);
    const item = (await gql(`mutation { create_item(board_id: ${board}, item_name: "Loose") { id } }`)).create_item.id;
    const res = await post(`/sandbox/monday/-/tasks/${item}/done`, { done: 'true' });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('no Status column');
  });
});
