import { UPLOAD_MESSAGES } from '@dpp/shared';
import { byWaitingTask, linksToSend, type ReadyLink } from '../../ports/task-tool.links';
import type {
  Named,
  RemoteTaskState,
  TaskToolAdapter,
  TokenSet,
  TokenSource,
  ToolAccount,
  ToolEndpoints,
  UploadLedger,
  UploadPlan,
  UploadSection,
  UploadSkip,
  UploadTask,
  VendorApp,
} from '../../ports/task-tool.port';
import { PRIORITY_LABELS, SANDBOX_OAUTH_CLIENT, UpstreamError } from '../../ports/task-tool.port';
import { callTool, chunk, defaultSleep, fixedToken, type HttpDeps, type ToolRequest } from './http';

/** Asana's documented maximum of actions in one POST /batch. */
export const ASANA_BATCH_MAX_ACTIONS = 10;
/** "A task can have at most 30 dependents and dependencies combined" (addDependenciesForTask, asana_oas.yaml). */
export const ASANA_LINKS_PER_TASK = 30;

/** The vendor's endpoints with its OAuth app, or without one the simulator's under PUBLIC_URL/sandbox/asana. */
export function asanaEndpoints(publicUrl: string, vendor?: VendorApp): ToolEndpoints {
  if (vendor) {
    return {
      apiBase: 'https://app.asana.com/api/1.0',
      authorizeUrl: 'https://app.asana.com/-/oauth_authorize',
      tokenUrl: 'https://app.asana.com/-/oauth_token',
      ...vendor,
      local: false,
    };
  }
  const base = `${publicUrl.replace(/\/$/, '')}/sandbox/asana`;
  return {
    apiBase: `${base}/api/1.0`,
    authorizeUrl: `${base}/-/oauth_authorize`,
    tokenUrl: `${base}/-/oauth_token`,
    ...SANDBOX_OAUTH_CLIENT,
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
interface AsanaTaskList {
  data: { gid: string; completed: boolean; due_on?: string | null }[];
  next_page?: { offset: string } | null;
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

/**
 * Asana counts a minute window per token from a moment of its choosing: the pacer keeps every stretch of this
 * long (a minute and a margin for the network) within the limit, so no window of Asana's can go over it.
 */
const PACE_WINDOW_MS = 61_000;

/**
 * Keeps what one token sends under a per-minute limit, each request weighing its cost (a batch: its actions),
 * waiting before a request that would go over instead of being refused with a 429.
 */
export function asanaPacer(
  requestsPerMinute: number,
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
  now = () => Date.now(),
) {
  const sent = new Map<string, { at: number; cost: number }[]>();
  return async (key: string, cost: number, signal?: AbortSignal) => {
    for (;;) {
      const at = now();
      const recent = (sent.get(key) ?? []).filter((r) => r.at > at - PACE_WINDOW_MS);
      sent.set(key, recent);
      let used = recent.reduce((sum, r) => sum + r.cost, 0);
      if (used + cost <= requestsPerMinute || recent.length === 0) {
        recent.push({ at, cost });
        return;
      }
      // Wait until enough of the oldest requests have left the window.
      let until = at;
      for (const r of recent) {
        used -= r.cost;
        until = r.at + PACE_WINDOW_MS;
        if (used + cost <= requestsPerMinute) break;
      }
      await sleep(Math.max(1, until - at), signal);
    }
  };
}

/** The Asana REST API (v1.0): OAuth with PKCE and refresh tokens, /batch for the bulk of an upload. */
export function asanaAdapter(
  endpoints: ToolEndpoints,
  deps: HttpDeps = {},
  options: { requestsPerMinute?: number } = {},
): TaskToolAdapter {
  const api = (path: string) => `${endpoints.apiBase}${path}`;
  const pacer = asanaPacer(options.requestsPerMinute ?? 150, deps.sleep ?? defaultSleep);
  /** An API call of an upload, paced per token; `cost` is what Asana counts it as (a batch: its actions). */
  async function paced<T>(token: TokenSource, cost: number, request: Omit<ToolRequest, 'token'>): Promise<T> {
    await pacer(await token.current(), cost, request.signal);
    return callTool<T>('asana', { ...request, token }, deps);
  }

  async function accountOf(token: TokenSource): Promise<ToolAccount> {
    const me = await paced<{ data: { gid: string; email: string } }>(token, 1, {
      method: 'GET',
      url: api('/users/me'),
    });
    return { email: me.data.email, gid: me.data.gid };
  }

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
    if (!account.gid) account = await accountOf(fixedToken(body.access_token));
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token ?? form.refresh_token,
      expiresAt: body.expires_in ? new Date(Date.now() + body.expires_in * 1000) : undefined,
      account,
    };
  }

  async function list(token: TokenSource, path: string, signal?: AbortSignal): Promise<Named[]> {
    const all: Named[] = [];
    let offset: string | undefined;
    do {
      const query = new URLSearchParams({ limit: '100', ...(offset && { offset }) });
      const page = await paced<AsanaList>(token, 1, {
        method: 'GET',
        url: api(`${path}?${query}`),
        ...(signal && { signal }),
      });
      all.push(...page.data.map((d) => ({ id: d.gid, name: d.name })));
      offset = page.next_page?.offset;
    } while (offset);
    return all;
  }

  /**
   * Finds, among the first batch a resumed upload sends, the creates an earlier run already carried out
   * without hearing the answer: it lists what each action's parent holds and records the objects with the
   * action's name that no item of this upload holds yet. Returns the creates still to send.
   */
  async function adoptOrphans(
    token: TokenSource,
    ledger: UploadLedger,
    items: { key: string; action: AsanaAction }[],
  ): Promise<{ key: string; action: AsanaAction }[]> {
    const adopted: { key: string; remoteId: string }[] = [];
    // A batch holds one create per container, so each listing serves one action.
    for (const item of items) {
      const found = await list(token, asanaListingPath(item.action), ledger.signal);
      const orphan = found.find((o) => o.name === item.action.data.name && !ledger.holds(o.id));
      if (orphan) adopted.push({ key: item.key, remoteId: orphan.id });
    }
    await ledger.record(adopted);
    return items.filter((item) => !ledger.get(item.key));
  }

  /**
   * Finds the project a lost create of this upload made: one of the plan's name in the team that no upload
   * holds and that has none of the plan's sections. Only the run that lost its answer left a project that
   * bare; another upload's project of the same template has its sections (a new Asana project may hold a
   * default section of its own, so only the plan's section names count).
   */
  async function adoptProject(
    token: TokenSource,
    ledger: UploadLedger,
    plan: UploadPlan,
    teamId: string,
  ): Promise<string | undefined> {
    const sectionNames = new Set(plan.sections.map((s) => s.name));
    const projects = await list(token, `/teams/${encodeURIComponent(teamId)}/projects`, ledger.signal);
    for (const project of projects) {
      if (project.name !== plan.name || ledger.holds(project.id)) continue;
      const sections = await list(token, `/projects/${project.id}/sections`, ledger.signal);
      if (sections.some((s) => sectionNames.has(s.name))) continue;
      await ledger.record([{ key: plan.key, remoteId: project.id }]);
      return project.id;
    }
    return undefined;
  }

  /** Sends up to 10 creates in one request; records each success before reporting any failure. */
  async function batch(
    token: TokenSource,
    ledger: UploadLedger,
    items: { key: string; action: AsanaAction }[],
    pace: { mayExist: boolean },
  ): Promise<void> {
    // Only the first request a resumed run sends can repeat one whose answer was lost: every run before it
    // recorded each object it saw confirmed before sending the next request.
    if (pace.mayExist) {
      pace.mayExist = false;
      items = await adoptOrphans(token, ledger, items);
      if (items.length === 0) return;
    }
    ledger.signal.throwIfAborted();
    const response = await paced<{ data: AsanaBatchResult[] }>(token, items.length, {
      method: 'POST',
      url: api('/batch'),
      body: { data: { actions: items.map((r) => r.action) } },
      signal: ledger.signal,
    });
    const created: { key: string; remoteId: string }[] = [];
    let failure: AsanaBatchResult | undefined;
    items.forEach((item, i) => {
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

  /**
   * Sends the links still to send, each waiting task's in one addDependencies action, ten actions a batch. Asana
   * adds only the dependencies a task does not have yet, so an action repeated after a lost answer changes nothing.
   * A link Asana refuses (a free domain's 402, say) is told and the others go on; a failure worth retrying ends the
   * run after what was taken is recorded.
   */
  async function sendLinks(token: TokenSource, ledger: UploadLedger, ready: ReadyLink[]): Promise<UploadSkip[]> {
    const refused: UploadSkip[] = [];
    for (const run of chunk(asanaLinkActions(ready), ASANA_BATCH_MAX_ACTIONS)) {
      ledger.signal.throwIfAborted();
      const response = await paced<{ data: AsanaBatchResult[] }>(token, run.length, {
        method: 'POST',
        url: api('/batch'),
        body: { data: { actions: run.map((r) => r.action) } },
        signal: ledger.signal,
      });
      let failure: AsanaBatchResult | undefined;
      const taken: { key: string; remoteId: string }[] = [];
      run.forEach(({ links }, i) => {
        const result = response.data[i] ?? { status_code: 502 };
        const status = result.status_code;
        if (status >= 200 && status < 300) {
          taken.push(...links.map((l) => ({ key: l.key, remoteId: l.remoteId })));
        } else if (status === 429 || status >= 500) {
          failure ??= result;
        } else {
          const reason = result.body?.errors?.[0]?.message ?? `asana answered ${status}`;
          refused.push({
            task: links[0]!.task.name,
            message: UPLOAD_MESSAGES.LINK_REFUSED(links[0]!.task.name, 'Asana', reason),
          });
        }
      });
      await ledger.record(taken);
      if (failure) {
        const status = failure.status_code;
        throw new UpstreamError(
          'asana',
          status,
          failure.body?.errors?.[0]?.message ?? `asana answered ${status} in a batch`,
          true,
          status === 429 ? 1000 : undefined,
        );
      }
    }
    return refused;
  }

  return {
    tool: 'asana',
    usesPkce: true,
    account: accountOf,
    async projectUrl(token, projectId, _target, signal) {
      // The project's own address, as Asana answers it: one request once the upload is complete.
      const project = await paced<{ data: { permalink_url?: string } }>(token, 1, {
        method: 'GET',
        url: api(`/projects/${encodeURIComponent(projectId)}?opt_fields=permalink_url`),
        ...(signal && { signal }),
      });
      return project.data.permalink_url || null;
    },
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

    async readProgress(token, projectId, signal) {
      // A project's tasks, 100 a page (Asana's most), with only the two fields read: one request per 100 tasks.
      const tasks: RemoteTaskState[] = [];
      let offset: string | undefined;
      try {
        do {
          const query = new URLSearchParams({
            opt_fields: 'completed,due_on',
            limit: '100',
            ...(offset && { offset }),
          });
          const page = await paced<AsanaTaskList>(token, 1, {
            method: 'GET',
            url: api(`/projects/${encodeURIComponent(projectId)}/tasks?${query}`),
            ...(signal && { signal }),
          });
          tasks.push(...page.data.map((t) => ({ remoteId: t.gid, done: t.completed, dueOn: t.due_on ?? null })));
          offset = page.next_page?.offset;
        } while (offset);
      } catch (error) {
        if (error instanceof UpstreamError && error.status === 404) return 'gone';
        throw error;
      }
      return { tasks };
    },

    async upload(token, plan, target, ledger) {
      let projectGid = ledger.get(plan.key);
      // The first request of a resumed run may repeat a lost one; the project request, when sent, is that one.
      const pace = { mayExist: ledger.resumed && projectGid !== undefined };
      if (!projectGid && ledger.resumed && target.teamId) {
        projectGid = await adoptProject(token, ledger, plan, target.teamId);
      }
      if (!projectGid) {
        const project = await paced<{ data: { gid: string } }>(token, 1, {
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
          signal: ledger.signal,
        });
        projectGid = project.data.gid;
        await ledger.record([{ key: plan.key, remoteId: projectGid }]);
      }
      for (;;) {
        const next = asanaNextActions(plan, projectGid, ledger);
        if (next.length === 0) break;
        await batch(token, ledger, next, pace);
      }
      // Once every task exists: the links between them.
      const links = linksToSend(plan, ledger, 'Asana', ASANA_LINKS_PER_TASK);
      const refused = await sendLinks(token, ledger, links.ready);
      return { projectId: projectGid, skipped: [...links.skipped, ...refused] };
    },
  };
}

type Known = Pick<UploadLedger, 'get'>;

/**
 * A task's notes: its description, under a line with what Asana has no field of its own for. A task's priority needs
 * a custom field, a premium feature that must be created first (asana_oas.yaml, "Custom fields"), and a start date
 * is refused without a due date, so both are written as text: "Priority: High", "Starts 2027-03-05".
 */
export function asanaTaskNotes(task: Pick<UploadTask, 'description' | 'dueOn' | 'startOn' | 'priority'>): string {
  const facts = [
    task.priority && task.priority !== 'none' && `Priority: ${PRIORITY_LABELS[task.priority]}`,
    task.startOn && !task.dueOn && `Starts ${task.startOn}`,
  ].filter(Boolean);
  if (facts.length === 0) return task.description;
  return [facts.join('\n'), task.description].filter(Boolean).join('\n\n');
}

/** Where the object an action creates is listed: a project's sections, a section's tasks, a task's subtasks. */
export function asanaListingPath(action: AsanaAction): string {
  if (action.relative_path !== '/tasks') return action.relative_path;
  const [membership] = action.data.memberships as { section: string }[];
  return `/sections/${membership!.section}/tasks`;
}

interface ScheduledAction {
  key: string;
  action: AsanaAction;
  /** The creates still waiting behind this one: its container's later items and everything under them. */
  weight: number;
}

const post = (relative_path: string, data: Record<string, unknown>): AsanaAction => ({
  method: 'post',
  relative_path,
  data,
});

/**
 * The next batch of an upload. Asana runs a batch's actions in no set order, so a batch never holds two
 * creates into the same container (a project's sections, a section's tasks, a task's subtasks): each item is
 * created in a later request than the one before it and lands after it. Within that rule the fullest batch is
 * taken, longest waiting chains first, so the upload needs barely more requests than batches of ten would.
 */
export function asanaNextActions(
  plan: UploadPlan,
  projectGid: string,
  ledger: Known,
): { key: string; action: AsanaAction }[] {
  const candidates: ScheduledAction[] = [];
  const sizeOfTask = (t: UploadTask) => 1 + t.subtasks.length;
  const sizeOfSection = (s: UploadSection) => 1 + s.tasks.reduce((sum, t) => sum + sizeOfTask(t), 0);

  const nextSection = plan.sections.findIndex((s) => !ledger.get(s.key));
  if (nextSection >= 0) {
    const section = plan.sections[nextSection]!;
    const previous = nextSection > 0 ? ledger.get(plan.sections[nextSection - 1]!.key) : undefined;
    candidates.push({
      key: section.key,
      // Placed explicitly after the previous section: a new project may start with a section of its own.
      action: post(`/projects/${projectGid}/sections`, {
        name: section.name,
        ...(previous && { insert_after: previous }),
      }),
      weight: plan.sections.slice(nextSection).reduce((sum, s) => sum + sizeOfSection(s), 0),
    });
  }
  for (const section of plan.sections) {
    const sectionGid = ledger.get(section.key);
    if (!sectionGid) break;
    const nextTask = section.tasks.findIndex((t) => !ledger.get(t.key));
    if (nextTask >= 0) {
      const task = section.tasks[nextTask]!;
      candidates.push({
        key: task.key,
        action: post('/tasks', {
          name: task.name,
          notes: asanaTaskNotes(task),
          ...(task.dueOn && { due_on: task.dueOn }),
          // Asana takes start_on only beside a due date (createTask: "due_on or due_at must be present").
          ...(task.dueOn && task.startOn && { start_on: task.startOn }),
          // "The resource_subtype milestone represent a single moment in time" (Task, asana_oas.yaml).
          ...(task.milestone && { resource_subtype: 'milestone' }),
          projects: [projectGid],
          memberships: [{ project: projectGid, section: sectionGid }],
        }),
        weight: section.tasks.slice(nextTask).reduce((sum, t) => sum + sizeOfTask(t), 0),
      });
    }
    for (const task of section.tasks) {
      const taskGid = ledger.get(task.key);
      if (!taskGid) break;
      const nextSubtask = task.subtasks.findIndex((st) => !ledger.get(st.key));
      if (nextSubtask < 0) continue;
      const subtask = task.subtasks[nextSubtask]!;
      candidates.push({
        key: subtask.key,
        action: post(`/tasks/${taskGid}/subtasks`, { name: subtask.name, notes: subtask.description }),
        weight: task.subtasks.length - nextSubtask,
      });
    }
  }
  // A stable sort: among equal chains, plan order.
  return candidates
    .sort((a, b) => b.weight - a.weight)
    .slice(0, ASANA_BATCH_MAX_ACTIONS)
    .map(({ key, action }) => ({ key, action }));
}

/**
 * The addDependencies actions of links still to send: one per waiting task, naming every task it waits on (at most
 * ASANA_LINKS_PER_TASK, as linksWithin keeps them), so a task's links cost one action.
 */
export function asanaLinkActions(ready: ReadyLink[]): { links: ReadyLink[]; action: AsanaAction }[] {
  return byWaitingTask(ready).map(({ links }) => ({
    links,
    action: post(`/tasks/${links[0]!.taskId}/addDependencies`, { dependencies: links.map((l) => l.onId) }),
  }));
}
