import { callTool, chunk, fixedToken, type HttpDeps, UpstreamError } from './http';
import type {
  Named,
  TaskToolAdapter,
  TokenSet,
  TokenSource,
  ToolEndpoints,
  UploadLedger,
  UploadPlan,
} from './task-tool.port';

/** Asana's documented maximum of actions in one POST /batch. */
export const ASANA_BATCH_MAX_ACTIONS = 10;

export function asanaEndpoints(publicUrl: string, clientId?: string, clientSecret?: string): ToolEndpoints {
  if (clientId && clientSecret) {
    return {
      apiBase: 'https://app.asana.com/api/1.0',
      authorizeUrl: 'https://app.asana.com/-/oauth_authorize',
      tokenUrl: 'https://app.asana.com/-/oauth_token',
      clientId,
      clientSecret,
      local: false,
    };
  }
  const base = `${publicUrl.replace(/\/$/, '')}/sandbox/asana`;
  return {
    apiBase: `${base}/api/1.0`,
    authorizeUrl: `${base}/-/oauth_authorize`,
    tokenUrl: `${base}/-/oauth_token`,
    clientId: 'dpp-sandbox',
    clientSecret: 'dpp-sandbox-secret',
    local: true,
  };
}

interface AsanaTokenResponse {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  data?: { gid?: string; email?: string };
}
interface AsanaCompact {
  gid: string;
  name: string;
}
interface AsanaList {
  data: AsanaCompact[];
  next_page?: { offset: string } | null;
}
export interface AsanaAction {
  method: 'post';
  relative_path: string;
  data: Record<string, unknown>;
}
interface AsanaBatchResult {
  status_code: number;
  body?: { data?: { gid?: string }; errors?: { message: string }[] } | null;
}

/** The Asana REST API (v1.0): OAuth with PKCE and refresh tokens, /batch for the bulk of an upload. */
export function asanaAdapter(endpoints: ToolEndpoints, deps: HttpDeps = {}): TaskToolAdapter {
  const api = (path: string) => `${endpoints.apiBase}${path}`;

  async function tokenRequest(form: Record<string, string>): Promise<TokenSet> {
    const body = await callTool<AsanaTokenResponse>(
      'asana',
      {
        method: 'POST',
        url: endpoints.tokenUrl,
        body: new URLSearchParams({ client_id: endpoints.clientId, client_secret: endpoints.clientSecret, ...form }),
      },
      deps,
    );
    let account = { email: body.data?.email ?? '', gid: body.data?.gid ?? '' };
    if (!account.gid) {
      const me = await callTool<{ data: { gid: string; email: string } }>(
        'asana',
        { method: 'GET', url: api('/users/me'), token: fixedToken(body.access_token) },
        deps,
      );
      account = { email: me.data.email, gid: me.data.gid };
    }
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token ?? form.refresh_token,
      expiresAt: body.expires_in ? new Date(Date.now() + body.expires_in * 1000) : undefined,
      account,
    };
  }

  async function list(token: TokenSource, path: string): Promise<Named[]> {
    const all: Named[] = [];
    let offset: string | undefined;
    do {
      const query = new URLSearchParams({ limit: '100', ...(offset && { offset }) });
      const page = await callTool<AsanaList>('asana', { method: 'GET', url: api(`${path}?${query}`), token }, deps);
      all.push(...page.data.map((d) => ({ id: d.gid, name: d.name })));
      offset = page.next_page?.offset;
    } while (offset);
    return all;
  }

  /** Sends up to 10 creates in one request; records each success before reporting any failure. */
  async function batch(
    token: TokenSource,
    ledger: UploadLedger,
    items: { key: string; action: AsanaAction }[],
  ): Promise<void> {
    for (const run of chunk(items, ASANA_BATCH_MAX_ACTIONS)) {
      ledger.signal.throwIfAborted();
      const response = await callTool<{ data: AsanaBatchResult[] }>(
        'asana',
        {
          method: 'POST',
          url: api('/batch'),
          body: { data: { actions: run.map((r) => r.action) } },
          token,
          signal: ledger.signal,
        },
        deps,
      );
      const created: { key: string; remoteId: string }[] = [];
      let failure: AsanaBatchResult | undefined;
      run.forEach((item, i) => {
        const result = response.data[i];
        const gid = result?.body?.data?.gid;
        if (result && result.status_code >= 200 && result.status_code < 300 && gid) {
          created.push({ key: item.key, remoteId: gid });
        } else {
          failure ??= result ?? { status_code: 502 };
        }
      });
      await ledger.record(created);
      if (failure) {
        const status = failure.status_code;
        const message = failure.body?.errors?.[0]?.message ?? `asana answered ${status} in a batch`;
        throw new UpstreamError(
          'asana',
          status,
          message,
          status >= 500 || status === 429,
          status === 429 ? 1000 : undefined,
        );
      }
    }
  }

  return {
    tool: 'asana',
    usesPkce: true,
    authorizeUrl({ state, redirectUri, codeChallenge }) {
      const query = new URLSearchParams({
        client_id: endpoints.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        state,
        ...(codeChallenge && { code_challenge: codeChallenge, code_challenge_method: 'S256' }),
      });
      return `${endpoints.authorizeUrl}?${query}`;
    },
    exchangeCode: ({ code, redirectUri, codeVerifier }) =>
      tokenRequest({
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
        code,
        ...(codeVerifier && { code_verifier: codeVerifier }),
      }),
    refresh: (refreshToken) => tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    listWorkspaces: (token) => list(token, '/workspaces'),
    listTeams: (token, workspaceId) => list(token, `/workspaces/${encodeURIComponent(workspaceId)}/teams`),

    async upload(token, plan, target, ledger) {
      let projectGid = ledger.get(plan.key);
      if (!projectGid) {
        const project = await callTool<{ data: { gid: string } }>(
          'asana',
          {
            method: 'POST',
            url: api('/projects'),
            body: {
              data: {
                name: plan.name,
                notes: plan.description,
                workspace: target.workspaceId,
                ...(target.teamId && { team: target.teamId }),
              },
            },
            token,
            signal: ledger.signal,
          },
          deps,
        );
        projectGid = project.data.gid;
        await ledger.record([{ key: plan.key, remoteId: projectGid }]);
      }
      await batch(token, ledger, asanaSectionActions(plan, projectGid, ledger));
      await batch(token, ledger, asanaTaskActions(plan, projectGid, ledger));
      await batch(token, ledger, asanaSubtaskActions(plan, ledger));
      return { projectId: projectGid };
    },
  };
}

type Known = Pick<UploadLedger, 'get'>;

/** The sections still to create, in plan order. */
export function asanaSectionActions(plan: UploadPlan, projectGid: string, ledger: Known) {
  return plan.sections
    .filter((s) => !ledger.get(s.key))
    .map((s) => ({
      key: s.key,
      action: {
        method: 'post',
        relative_path: `/projects/${projectGid}/sections`,
        data: { name: s.name },
      } as AsanaAction,
    }));
}

/** The tasks still to create, each placed in its section. */
export function asanaTaskActions(plan: UploadPlan, projectGid: string, ledger: Known) {
  return plan.sections.flatMap((s) => {
    const sectionGid = ledger.get(s.key);
    if (!sectionGid) return [];
    return s.tasks
      .filter((t) => !ledger.get(t.key))
      .map((t) => ({
        key: t.key,
        action: {
          method: 'post',
          relative_path: '/tasks',
          data: {
            name: t.name,
            notes: t.description,
            due_on: t.dueOn,
            projects: [projectGid],
            memberships: [{ project: projectGid, section: sectionGid }],
          },
        } as AsanaAction,
      }));
  });
}

/** The subtasks still to create, under their task. */
export function asanaSubtaskActions(plan: UploadPlan, ledger: Known) {
  return plan.sections.flatMap((s) =>
    s.tasks.flatMap((t) => {
      const taskGid = ledger.get(t.key);
      if (!taskGid) return [];
      return t.subtasks
        .filter((st) => !ledger.get(st.key))
        .map((st) => ({
          key: st.key,
          action: {
            method: 'post',
            relative_path: `/tasks/${taskGid}/subtasks`,
            data: { name: st.name, notes: st.description },
          } as AsanaAction,
        }));
    }),
  );
}
