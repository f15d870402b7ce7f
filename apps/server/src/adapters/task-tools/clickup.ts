import { UPLOAD_MESSAGES } from '@dpp/shared';
import { linksToSend } from '../../ports/task-tool.links';
import type {
  Named,
  RemoteTaskState,
  TaskToolAdapter,
  TokenSource,
  ToolAccount,
  ToolEndpoints,
  UploadPriority,
  UploadSkip,
  VendorApp,
} from '../../ports/task-tool.port';
import { SANDBOX_OAUTH_CLIENT, UpstreamError } from '../../ports/task-tool.port';
import { callTool, fixedToken, type HttpDeps } from './http';

/** The vendor's endpoints with its OAuth app, or without one the simulator's under PUBLIC_URL/sandbox/clickup. */
export function clickupEndpoints(publicUrl: string, vendor?: VendorApp): ToolEndpoints {
  if (vendor) {
    return {
      apiBase: 'https://api.clickup.com/api/v2',
      authorizeUrl: 'https://app.clickup.com/api',
      tokenUrl: 'https://api.clickup.com/api/v2/oauth/token',
      ...vendor,
      local: false,
    };
  }
  const base = `${publicUrl.replace(/\/$/, '')}/sandbox/clickup`;
  return {
    apiBase: `${base}/api/v2`,
    authorizeUrl: `${base}/api`,
    tokenUrl: `${base}/api/v2/oauth/token`,
    ...SANDBOX_OAUTH_CLIENT,
    local: true,
  };
}

/** A page of a list's tasks, as the progress read uses it. */
interface ClickUpTaskPage {
  tasks: { id: string; status: { type: string }; due_date: string | null }[];
  last_page?: boolean;
}

/**
 * ClickUp's priorities are 1 urgent, 2 high, 3 normal, 4 low. A plan has no "urgent": its high is ClickUp's high,
 * and none is left unset.
 */
export const CLICKUP_PRIORITIES: Record<Exclude<UploadPriority, 'none'>, number> = { high: 2, medium: 3, low: 4 };

/**
 * Midday UTC of a date, in milliseconds: ClickUp's due_date and start_date (sent with `*_time: false`, a day
 * without a time), shown on the right day in every time zone near UTC.
 */
export const clickupDueDate = (isoDate: string) => Date.parse(`${isoDate}T12:00:00Z`);

/**
 * ClickUp's task type of a milestone: "1 represents the task type Milestone" in every Workspace (ClickUp's
 * "Custom Task Types" page), set with CreateTask's `custom_item_id`.
 */
export const CLICKUP_MILESTONE_ITEM_ID = 1;

/** A task as GetTask answers it, for the links it takes part in. */
interface ClickUpTaskLinks {
  dependencies?: { task_id: string; depends_on: string }[] | null;
}

/**
 * ClickUp API v2: OAuth without PKCE or refresh (tokens do not expire), no batch endpoint, so one
 * request per object: a folder for the plan, a list per section, tasks, and subtasks by `parent`.
 */
export function clickupAdapter(endpoints: ToolEndpoints, deps: HttpDeps = {}): TaskToolAdapter {
  const api = (path: string) => `${endpoints.apiBase}${path}`;
  /** Where ClickUp's web app lives: app.clickup.com, or the simulator's pages. */
  const appBase = endpoints.local ? endpoints.apiBase.replace(/\/api\/v2$/, '') : 'https://app.clickup.com';

  async function accountOf(token: TokenSource): Promise<ToolAccount> {
    const me = await callTool<{ user: { id: number | string; email: string } }>(
      'clickup',
      { method: 'GET', url: api('/user'), token },
      deps,
    );
    return { email: me.user.email, gid: String(me.user.id) };
  }

  return {
    tool: 'clickup',
    usesPkce: false,
    account: accountOf,
    async projectUrl(token, projectId, target, signal) {
      // A folder has no address field: ClickUp's internal links are <app>/<Workspace id>/v/o/f/<folder id>, and the
      // Workspace ('team' in v2) of the space is found among the authorized ones (one request each, usually one).
      const get = <T>(path: string) =>
        callTool<T>('clickup', { method: 'GET', url: api(path), token, ...(signal && { signal }) }, deps);
      const { teams } = await get<{ teams: { id: string | number }[] }>('/team');
      for (const team of teams) {
        const { spaces } = await get<{ spaces: { id: string | number }[] }>(
          `/team/${encodeURIComponent(String(team.id))}/space?archived=false`,
        );
        if (spaces.some((s) => String(s.id) === target.workspaceId)) {
          return `${appBase}/${encodeURIComponent(String(team.id))}/v/o/f/${encodeURIComponent(projectId)}`;
        }
      }
      return null;
    },
    authorizeUrl({ state, redirectUri }) {
      const query = new URLSearchParams({ client_id: endpoints.clientId, redirect_uri: redirectUri, state });
      return `${endpoints.authorizeUrl}?${query}`;
    },
    async exchangeCode({ code }) {
      const query = new URLSearchParams({
        client_id: endpoints.clientId,
        client_secret: endpoints.clientSecret,
        code,
      });
      const body = await callTool<{ access_token: string }>(
        'clickup',
        { method: 'POST', url: `${endpoints.tokenUrl}?${query}` },
        deps,
      );
      return { accessToken: body.access_token, account: await accountOf(fixedToken(body.access_token)) };
    },
    async listWorkspaces(token) {
      // The wizard's 'Select Space' list: every space of every Workspace ('team' in v2) the user authorized, each
      // with the Workspace it belongs to.
      const teams = await callTool<{ teams: { id: string; name: string }[] }>(
        'clickup',
        { method: 'GET', url: api('/team'), token },
        deps,
      );
      const spaces: Named[] = [];
      for (const team of teams.teams) {
        const list = await callTool<{ spaces: { id: string; name: string }[] }>(
          'clickup',
          { method: 'GET', url: api(`/team/${encodeURIComponent(team.id)}/space?archived=false`), token },
          deps,
        );
        spaces.push(...list.spaces.map((s) => ({ id: String(s.id), name: s.name, group: team.name })));
      }
      return spaces;
    },

    async readProgress(token, projectId, signal) {
      const get = <T>(path: string) =>
        callTool<T>('clickup', { method: 'GET', url: api(path), token, ...(signal && { signal }) }, deps);
      // The plan's folder lists its lists (its sections); each list's tasks come 100 a page, closed ones included,
      // subtasks left out: one request for the folder and one per page of each list.
      let lists: Named[];
      try {
        lists = (await get<{ lists: Named[] }>(`/folder/${encodeURIComponent(projectId)}/list?archived=false`)).lists;
      } catch (error) {
        if (error instanceof UpstreamError && error.status === 404) return 'gone';
        throw error;
      }
      const tasks: RemoteTaskState[] = [];
      for (const list of lists) {
        for (let page = 0; ; page++) {
          const answer = await get<ClickUpTaskPage>(
            `/list/${encodeURIComponent(list.id)}/task?include_closed=true&page=${page}`,
          );
          tasks.push(
            ...answer.tasks.map((t) => ({
              remoteId: t.id,
              // ClickUp's status types: open, custom, done and closed; the last two are finished work.
              done: t.status.type === 'closed' || t.status.type === 'done',
              dueOn: t.due_date ? new Date(Number(t.due_date)).toISOString().slice(0, 10) : null,
            })),
          );
          if (answer.last_page !== false || answer.tasks.length === 0) break;
        }
      }
      return { tasks };
    },

    async upload(token, plan, target, ledger) {
      const get = <T>(path: string) =>
        callTool<T>('clickup', { method: 'GET', url: api(path), token, signal: ledger.signal }, deps);
      /** Where an object of each kind is listed, to find one an interrupted run created without recording it. */
      const listings = {
        // Only an empty folder can be the one a lost request made: the run that sent it stopped before
        // creating anything in it. A folder with lists is another upload's project (maybe of the same template).
        folder: async (spaceId: string) =>
          (
            await get<{ folders: (Named & { lists?: unknown[] })[] }>(
              `/space/${encodeURIComponent(spaceId)}/folder?archived=false`,
            )
          ).folders.filter((f) => (f.lists ?? []).length === 0),
        list: async (folderId: string) =>
          (await get<{ lists: Named[] }>(`/folder/${folderId}/list?archived=false`)).lists,
        task: async (listId: string, parent: string | null) => {
          const found: Named[] = [];
          for (let page = 0; ; page++) {
            const answer = await get<{ tasks: (Named & { parent: string | null })[]; last_page?: boolean }>(
              `/list/${listId}/task?subtasks=true&include_closed=true&page=${page}`,
            );
            found.push(...answer.tasks.filter((t) => (t.parent ?? null) === parent));
            if (answer.last_page !== false || answer.tasks.length === 0) return found;
          }
        },
      };
      // Only the first object a resumed run creates can have been created already: the runs before it
      // recorded every object they saw confirmed, and they create one object at a time.
      let mayExist = ledger.resumed;
      const create = async (
        key: string,
        path: string,
        body: { name: string } & Record<string, unknown>,
        existing: () => Promise<Named[]>,
      ) => {
        const known = ledger.get(key);
        if (known) return known;
        ledger.signal.throwIfAborted();
        if (mayExist) {
          mayExist = false;
          const orphan = (await existing()).find((o) => o.name === body.name && !ledger.holds(String(o.id)));
          if (orphan) {
            await ledger.record([{ key, remoteId: String(orphan.id) }]);
            return String(orphan.id);
          }
        }
        const created = await callTool<{ id: string | number }>(
          'clickup',
          { method: 'POST', url: api(path), body, token, signal: ledger.signal },
          deps,
        );
        const id = String(created.id);
        await ledger.record([{ key, remoteId: id }]);
        return id;
      };
      const folderId = await create(
        plan.key,
        `/space/${encodeURIComponent(target.workspaceId)}/folder`,
        { name: plan.name },
        () => listings.folder(target.workspaceId),
      );
      for (const section of plan.sections) {
        const listId = await create(
          section.key,
          `/folder/${folderId}/list`,
          { name: section.name, content: section.description },
          () => listings.list(folderId),
        );
        for (const task of section.tasks) {
          const taskId = await create(
            task.key,
            `/list/${listId}/task`,
            {
              name: task.name,
              description: task.description,
              ...(task.dueOn && { due_date: clickupDueDate(task.dueOn), due_date_time: false }),
              ...(task.startOn && { start_date: clickupDueDate(task.startOn), start_date_time: false }),
              ...(task.priority && task.priority !== 'none' && { priority: CLICKUP_PRIORITIES[task.priority] }),
              ...(task.milestone && { custom_item_id: CLICKUP_MILESTONE_ITEM_ID }),
            },
            () => listings.task(listId, null),
          );
          for (const subtask of task.subtasks) {
            await create(
              subtask.key,
              `/list/${listId}/task`,
              { name: subtask.name, description: subtask.description, parent: taskId },
              () => listings.task(listId, taskId),
            );
          }
        }
      }
      // Once every task exists: the links between them, one AddDependency request each (ClickUp has no batch).
      const links = linksToSend(plan, ledger, 'ClickUp');
      const refused: UploadSkip[] = [];
      for (const link of links.ready) {
        ledger.signal.throwIfAborted();
        // What ClickUp answers to a link it holds already is not documented, so none is sent twice: the first link a
        // resumed run sends may have been taken by a request whose answer was lost, and its task says so.
        if (mayExist) {
          mayExist = false;
          const task = await get<ClickUpTaskLinks>(`/task/${encodeURIComponent(link.taskId)}`);
          if ((task.dependencies ?? []).some((d) => d.task_id === link.taskId && d.depends_on === link.onId)) {
            await ledger.record([{ key: link.key, remoteId: link.remoteId }]);
            continue;
          }
        }
        try {
          await callTool(
            'clickup',
            {
              method: 'POST',
              url: api(`/task/${encodeURIComponent(link.taskId)}/dependency`),
              body: { depends_on: link.onId },
              token,
              signal: ledger.signal,
            },
            deps,
          );
        } catch (error) {
          // Refused (not worth retrying): told for its task, and the other links go on. A refused token is not the
          // link's fault: the sending stops, as it does for any other request.
          if (!(error instanceof UpstreamError) || error.retryable || error.status === 401 || error.status === 403) {
            throw error;
          }
          refused.push({
            task: link.task.name,
            message: UPLOAD_MESSAGES.LINK_REFUSED(link.task.name, 'ClickUp', error.message),
          });
          continue;
        }
        await ledger.record([{ key: link.key, remoteId: link.remoteId }]);
      }
      return { projectId: folderId, skipped: [...links.skipped, ...refused] };
    },
  };
}
