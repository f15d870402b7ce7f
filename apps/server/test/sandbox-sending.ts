// What a test needs to send a plan through the product's own calls, and nothing of the server: the integration
// tests call the app in their process (inject), the journeys call the running server over HTTP.
import type { TaskToolName } from '../src/ports/task-tool.port';

/** Anything that answers HTTP like the app: a Fastify instance (inject) or a running server (fetch). */
export interface Caller {
  call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{
    status: number;
    json(): unknown;
  }>;
}

/** Calls a running server over HTTP, as a browser or another instance's client would. */
export function httpCaller(baseUrl: string): Caller {
  return {
    async call(method, path, body, headers = {}) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, json: () => JSON.parse(text) };
    },
  };
}

/**
 * Connects a task tool's simulator the way the browser does: the link, the consent form's Allow, the code
 * back to the app. Returns the connection handle and the first place (workspace or space) to upload into.
 */
export async function connectSandboxTool(
  app: Caller,
  auth: Record<string, string>,
  tool: TaskToolName,
  email: string,
): Promise<{ handle: string; placeId: string }> {
  const link = new URL(((await app.call('GET', `/api/${tool}/link`, undefined, auth)).json() as { link: string }).link);
  const consent = await fetch(`${link.origin}${link.pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(link.searchParams), email, decision: 'allow' }),
  });
  const back = new URL(consent.headers.get('location')!);
  const tokens = await app.call(
    'POST',
    `/api/${tool}/tokens`,
    { userCode: back.searchParams.get('code'), state: back.searchParams.get('state') },
    auth,
  );
  const handle = (tokens.json() as { access_token: string }).access_token;
  const places = await app.call('POST', `/api/${tool}/workspaces`, { accessToken: handle }, auth);
  return { handle, placeId: (places.json() as { spaces: { id: string }[] }).spaces[0]!.id };
}

/**
 * Starts an upload through the product's calls for a tool (for Asana: the workspace's first team), returning
 * the job and the place the project goes under (ClickUp space, Asana team, monday workspace).
 */
export async function startUpload(
  app: Caller,
  auth: Record<string, string>,
  tool: TaskToolName,
  input: { handle: string; placeId: string; planId: number | string; clientId: number },
): Promise<{ jobId: number; parentId: string }> {
  const { handle, placeId, planId, clientId } = input;
  const tail = `upload-plan/${planId}/database-id/${clientId}`;
  let answer: { status: number; json(): unknown };
  let parentId = placeId;
  if (tool === 'asana') {
    const teams = await app.call('POST', `/api/asana/team/${placeId}/${tail}`, { accessToken: handle }, auth);
    parentId = (teams.json() as { spaces: { id: string }[] }).spaces[0]!.id;
    answer = await app.call(
      'POST',
      `/api/asana/teams/${parentId}/${tail}`,
      { accessToken: handle, workspaceId: placeId },
      auth,
    );
  } else if (tool === 'clickup') {
    answer = await app.call('POST', `/api/clickup/spaces/${placeId}/${tail}`, { accessToken: handle }, auth);
  } else {
    answer = await app.call(
      'POST',
      `/api/monday/workspaces/${placeId}/boards/${planId}/${tail}`,
      { accessToken: handle },
      auth,
    );
  }
  const body = answer.json() as { status: boolean; job_id?: number; message?: string };
  if (body.job_id === undefined) throw new Error(`upload not queued (${answer.status}): ${JSON.stringify(body)}`);
  return { jobId: body.job_id, parentId };
}
