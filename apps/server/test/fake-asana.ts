import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_OAUTH_CLIENT } from '../src/ports/task-tool.port';

/**
 * A small Asana for tests, at /sandbox/asana like the local simulator: the OAuth token endpoint (with
 * PKCE check), the read calls, POST /projects and POST /batch (at most 10 actions) answering as the
 * contract says. It counts every object it creates and can fail a chosen batch request.
 */
export interface FakeAsana {
  url: string;
  created: {
    kind: 'project' | 'section' | 'task' | 'subtask';
    gid: string;
    name: string;
    parent: string;
    data: Record<string, unknown>;
  }[];
  requests: { method: string; path: string }[];
  tokenCalls: number;
  /** Code challenges (from links) that the token endpoint will accept, by code. */
  codes: Map<string, string>;
  /** What to do with the n-th POST /batch (1-based). */
  batchFaults: Map<number, 'rate-limit' | 'server-error' | 'hang-until-dropped'>;
  batchCount: number;
  close(): Promise<void>;
}

const ACCESS_TOKEN = 'asana-access-token-1';

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeAsana(): Promise<FakeAsana> {
  let nextGid = 1000;
  const fake: FakeAsana = {
    url: '',
    created: [],
    requests: [],
    tokenCalls: 0,
    codes: new Map(),
    batchFaults: new Map(),
    batchCount: 0,
    close: async () => {},
  };
  const create = (kind: FakeAsana['created'][number]['kind'], data: Record<string, unknown>, parent: string) => {
    const gid = String(nextGid++);
    fake.created.push({ kind, gid, name: String(data.name ?? ''), parent, data });
    return { gid, name: data.name, resource_type: kind };
  };
  const action = (method: string, path: string, data: Record<string, unknown>) => {
    if (method !== 'post') return { status_code: 400, body: { errors: [{ message: 'unsupported' }] } };
    const section = /^\/projects\/(\d+)\/sections$/.exec(path);
    if (section) return { status_code: 201, body: { data: create('section', data, section[1]!) } };
    const subtask = /^\/tasks\/(\d+)\/subtasks$/.exec(path);
    if (subtask) return { status_code: 201, body: { data: create('subtask', data, subtask[1]!) } };
    if (path === '/tasks') {
      const memberships = data.memberships as { project: string; section: string }[] | undefined;
      if (!memberships?.[0]?.section)
        return { status_code: 400, body: { errors: [{ message: 'memberships: required' }] } };
      return { status_code: 201, body: { data: create('task', data, memberships[0].section) } };
    }
    return { status_code: 404, body: { errors: [{ message: `Unknown path ${path}` }] } };
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/sandbox\/asana/, '');
    fake.requests.push({ method: req.method ?? '', path });
    const body = await readBody(req);
    if (req.method === 'POST' && path === '/-/oauth_token') {
      fake.tokenCalls += 1;
      const form = new URLSearchParams(body);
      if (
        form.get('client_id') !== SANDBOX_OAUTH_CLIENT.clientId ||
        form.get('client_secret') !== SANDBOX_OAUTH_CLIENT.clientSecret
      ) {
        return send(res, 401, { error: 'invalid_client' });
      }
      if (form.get('grant_type') === 'refresh_token') {
        return send(res, 200, { access_token: ACCESS_TOKEN, expires_in: 3600, token_type: 'bearer' });
      }
      const challenge = fake.codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (!challenge || createHash('sha256').update(verifier).digest('base64url') !== challenge) {
        return send(res, 400, { error: 'invalid_grant', error_description: 'code or code_verifier is invalid' });
      }
      return send(res, 200, {
        access_token: ACCESS_TOKEN,
        refresh_token: 'asana-refresh-token-1',
        expires_in: 3600,
        token_type: 'bearer',
        data: { id: 42, gid: '42', name: 'Pat', email: 'pat@example.com' },
      });
    }
    if (!path.startsWith('/api/1.0/')) return send(res, 404, { errors: [{ message: 'Not found' }] });
    if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) {
      return send(res, 401, { errors: [{ message: 'Not Authorized' }] });
    }
    const api = path.slice('/api/1.0'.length);
    if (req.method === 'GET' && api === '/workspaces') {
      return send(res, 200, { data: [{ gid: '1', name: 'Acme', resource_type: 'workspace' }], next_page: null });
    }
    if (req.method === 'GET' && api === '/workspaces/1/teams') {
      return send(res, 200, { data: [{ gid: '7', name: 'Marketing', resource_type: 'team' }], next_page: null });
    }
    // What a project, section or task holds: how a resumed upload finds what a lost request created.
    const listing = /^\/(?:projects\/(\d+)\/sections|sections\/(\d+)\/tasks|tasks\/(\d+)\/subtasks)$/.exec(api);
    if (req.method === 'GET' && listing) {
      const parent = listing[1] ?? listing[2] ?? listing[3];
      const kind = listing[1] ? 'section' : listing[2] ? 'task' : 'subtask';
      const data = fake.created
        .filter((o) => o.kind === kind && o.parent === parent)
        .map((o) => ({ gid: o.gid, name: o.name, resource_type: kind === 'section' ? 'section' : 'task' }));
      return send(res, 200, { data, next_page: null });
    }
    const project = /^\/projects\/(\d+)$/.exec(api);
    if (req.method === 'GET' && project) {
      const found = fake.created.find((o) => o.kind === 'project' && o.gid === project[1]);
      if (!found) return send(res, 404, { errors: [{ message: `project: Unknown object: ${project[1]}` }] });
      return send(res, 200, { data: { gid: found.gid, permalink_url: `https://app.asana.com/0/${found.gid}/list` } });
    }
    if (req.method === 'POST' && api === '/projects') {
      const data = (JSON.parse(body) as { data: Record<string, unknown> }).data;
      if (!data.workspace || !data.name) return send(res, 400, { errors: [{ message: 'workspace: Missing input' }] });
      return send(res, 201, { data: create('project', data, String(data.team ?? data.workspace)) });
    }
    if (req.method === 'POST' && api === '/batch') {
      fake.batchCount += 1;
      const fault = fake.batchFaults.get(fake.batchCount);
      if (fault === 'rate-limit') {
        return send(res, 429, { errors: [{ message: 'Rate limit enforced' }] }, { 'retry-after': '1' });
      }
      if (fault === 'server-error') return send(res, 500, { errors: [{ message: 'Server Error' }] });
      if (fault === 'hang-until-dropped') {
        // The caller went away (its process died) before this batch was processed: nothing is created.
        res.on('close', () => {});
        return;
      }
      const actions = (
        JSON.parse(body) as {
          data: { actions: { method: string; relative_path: string; data: Record<string, unknown> }[] };
        }
      ).data.actions;
      if (!Array.isArray(actions) || actions.length === 0 || actions.length > 10) {
        return send(res, 400, { errors: [{ message: 'actions: at most 10' }] });
      }
      return send(res, 200, {
        data: actions.map((a) => ({ headers: {}, ...action(a.method, a.relative_path, a.data) })),
      });
    }
    return send(res, 404, { errors: [{ message: `No route ${req.method} ${api}` }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
