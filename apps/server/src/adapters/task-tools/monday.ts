import { linksToSend } from '../../ports/task-tool.links';
import type {
  Named,
  RemoteTaskState,
  TaskToolAdapter,
  TokenSource,
  ToolAccount,
  ToolEndpoints,
  VendorApp,
} from '../../ports/task-tool.port';
import { SANDBOX_OAUTH_CLIENT } from '../../ports/task-tool.port';
import { callTool, defaultSleep, fixedToken, type HttpDeps } from './http';
import {
  columnMutation,
  columnsFor,
  itemColumnValues,
  MONDAY_PLAN_COLUMNS,
  mondayLinkChanges,
  type PlanColumn,
} from './monday-columns';
import { mondayGql } from './monday-graphql';
import { adoptBoard, boardListings } from './monday-listings';
import { type Create, mondayCreateAll, type Pace } from './monday-pacing';
import { createSubitemsWithDescriptions } from './monday-subitems';

/**
 * The monday.com adapter: OAuth, the account's workspaces, a board's progress read back, and a plan uploaded as a
 * board (its groups, columns, items, subitems and links). The requests are monday-graphql.ts's, their pacing
 * monday-pacing.ts's, the plan's columns monday-columns.ts's.
 */

/** The vendor's endpoints with its OAuth app, or without one the simulator's under PUBLIC_URL/sandbox/monday. */
export function mondayEndpoints(publicUrl: string, vendor?: VendorApp): ToolEndpoints {
  if (vendor) {
    return {
      apiBase: 'https://api.monday.com/v2',
      authorizeUrl: 'https://auth.monday.com/oauth2/authorize',
      tokenUrl: 'https://auth.monday.com/oauth2/token',
      ...vendor,
      local: false,
    };
  }
  const base = `${publicUrl.replace(/\/$/, '')}/sandbox/monday`;
  return {
    apiBase: `${base}/v2`,
    authorizeUrl: `${base}/oauth2/authorize`,
    tokenUrl: `${base}/oauth2/token`,
    ...SANDBOX_OAUTH_CLIENT,
    local: true,
  };
}

/** monday.com GraphQL API: OAuth (tokens do not expire), several aliased mutations per request. */
export function mondayAdapter(endpoints: ToolEndpoints, deps: HttpDeps = {}): TaskToolAdapter {
  const sleep = deps.sleep ?? defaultSleep;
  const gql = mondayGql(endpoints, deps);
  const createAll = mondayCreateAll(gql, sleep);
  const listings = boardListings(gql);

  async function accountOf(token: TokenSource): Promise<ToolAccount> {
    const me = await gql<{ me: { id: string; email: string } }>(token, 'query { me { id email } }', {});
    return { email: me.me.email, gid: String(me.me.id) };
  }

  return {
    tool: 'monday',
    usesPkce: false,
    account: accountOf,
    async projectUrl(token, projectId, _target, signal) {
      // The board's address as monday gives it (Board.url): on the account's own subdomain.
      const data = await gql<{ boards: { url: string }[] }>(
        token,
        'query ($ids: [ID!]) { boards(ids: $ids) { url } }',
        { ids: [projectId] },
        signal,
      );
      return data.boards[0]?.url || null;
    },
    authorizeUrl({ state, redirectUri }) {
      const query = new URLSearchParams({ client_id: endpoints.clientId, redirect_uri: redirectUri, state });
      return `${endpoints.authorizeUrl}?${query}`;
    },
    async exchangeCode({ code, redirectUri }) {
      const body = await callTool<{ access_token: string }>(
        'monday',
        {
          method: 'POST',
          url: endpoints.tokenUrl,
          body: new URLSearchParams({
            client_id: endpoints.clientId,
            client_secret: endpoints.clientSecret,
            code,
            redirect_uri: redirectUri,
          }),
        },
        deps,
      );
      return { accessToken: body.access_token, account: await accountOf(fixedToken(body.access_token)) };
    },
    async listWorkspaces(token) {
      const data = await gql<{ workspaces: { id: string; name: string }[] }>(
        token,
        'query { workspaces(limit: 100) { id name } }',
        {},
      );
      return data.workspaces.map((w): Named => ({ id: String(w.id), name: w.name }));
    },
    async createWorkspace(token, name) {
      const data = await gql<{ create_workspace: { id: string; name: string } }>(
        token,
        'mutation ($name: String!) { create_workspace(name: $name, kind: open) { id name } }',
        { name },
      );
      return { id: String(data.create_workspace.id), name: data.create_workspace.name };
    },

    async readProgress(token, projectId, signal) {
      // A board's items 500 a page (monday's most), each with only its status and due date: one request per 500
      // items; subitems live on their own board and are not read.
      type Page = {
        cursor: string | null;
        items: { id: string; column_values: { id: string; text: string | null }[] }[];
      };
      const fields = `cursor items { id column_values(ids: ["status", "${MONDAY_PLAN_COLUMNS[0].id}"]) { id text } }`;
      const [board] = (
        await gql<{ boards: { items_page: Page }[] }>(
          token,
          `query ($b: [ID!]) { boards(ids: $b) { items_page(limit: 500) { ${fields} } } }`,
          { b: [projectId] },
          signal,
        )
      ).boards;
      if (!board) return 'gone';
      const tasks: RemoteTaskState[] = [];
      let page: Page | undefined = board.items_page;
      while (page) {
        for (const item of page.items) {
          const text = (id: string) => item.column_values.find((c) => c.id === id)?.text || null;
          // "Done" is the label of a new board's status column for finished work.
          tasks.push({
            remoteId: String(item.id),
            done: text('status') === 'Done',
            dueOn: text(MONDAY_PLAN_COLUMNS[0].id),
          });
        }
        if (!page.cursor) break;
        page = (
          await gql<{ next_items_page: Page }>(
            token,
            `query ($c: String!) { next_items_page(cursor: $c, limit: 500) { ${fields} } }`,
            { c: page.cursor },
            signal,
          )
        ).next_items_page;
      }
      return { tasks };
    },

    async upload(token, plan, target, ledger) {
      let boardId = ledger.get(plan.key);
      // The first request of a resumed run may repeat a lost one; the board request, when sent, is that one.
      const pace: Pace = { budget: null, mayExist: ledger.resumed && boardId !== undefined };
      if (!boardId && ledger.resumed) boardId = await adoptBoard(gql, token, ledger, plan, target.workspaceId);
      const created = !boardId;
      if (!boardId) {
        const data = await gql<{ create_board: { id: string } }>(
          token,
          'mutation ($name: String!, $ws: ID) { create_board(board_name: $name, board_kind: public, workspace_id: $ws) { id } }',
          { name: plan.name, ws: target.workspaceId },
          ledger.signal,
        );
        boardId = String(data.create_board.id);
        await ledger.record([{ key: plan.key, remoteId: boardId }]);
      }
      const board = { type: 'ID!', value: boardId };
      const onBoard = boardId;
      // A board made by this run has none of the plan's columns; one made before may lack some.
      let columns: PlanColumn[] = columnsFor(plan);
      const tasksPending = plan.sections.some((s) => s.tasks.some((t) => !ledger.get(t.key)));
      if (!created && tasksPending) {
        const data = await gql<{ boards: { columns: { id: string }[] | null }[] }>(
          token,
          'query ($b: [ID!]) { boards(ids: $b) { columns { id } } }',
          { b: [boardId] },
          ledger.signal,
        );
        const present = new Set((data.boards[0]?.columns ?? []).map((c) => c.id));
        columns = columns.filter((c) => !present.has(c.id));
      } else if (!tasksPending) {
        columns = [];
      }
      const columnCreates: Create[] = columns.map((c, i) => ({
        key: `column:${c.id}`,
        parent: '',
        name: c.title,
        untracked: true,
        mutation: columnMutation(c, i, board),
      }));
      await createAll(
        token,
        ledger,
        [
          ...plan.sections
            .filter((s) => !ledger.get(s.key))
            .map((s, i) => ({
              key: s.key,
              parent: onBoard,
              name: s.name,
              mutation: {
                field: `create_group(board_id: $b${i}, group_name: $n${i})`,
                variables: { [`b${i}`]: board, [`n${i}`]: { type: 'String!', value: s.name } },
              },
            })),
          ...columnCreates,
        ],
        pace,
        () => listings.groups(token, onBoard, ledger.signal),
      );
      const tasks = plan.sections.flatMap((s) => s.tasks.map((t) => ({ section: s, task: t })));
      await createAll(
        token,
        ledger,
        tasks
          .filter(({ task }) => !ledger.get(task.key))
          .map(({ section, task }, i) => ({
            key: task.key,
            parent: ledger.get(section.key)!,
            name: task.name,
            mutation: {
              field: `create_item(board_id: $b${i}, group_id: $g${i}, item_name: $n${i}, column_values: $c${i})`,
              variables: {
                [`b${i}`]: board,
                [`g${i}`]: { type: 'String!', value: ledger.get(section.key) },
                [`n${i}`]: { type: 'String!', value: task.name },
                [`c${i}`]: { type: 'JSON', value: itemColumnValues(task) },
              },
            },
          })),
        pace,
        () => listings.items(token, onBoard, ledger.signal),
      );
      const subtasks = tasks.flatMap(({ task }) => task.subtasks.map((st) => ({ task, subtask: st })));
      const subitemsOf = (parents: string[]) => listings.subitems(token, parents, ledger.signal);
      if (subtasks.some(({ subtask }) => subtask.description)) {
        await createSubitemsWithDescriptions(
          gql,
          createAll,
          token,
          ledger,
          subtasks.map(({ task, subtask }) => ({ parent: ledger.get(task.key)!, subtask })),
          pace,
          subitemsOf,
        );
      } else {
        await createAll(
          token,
          ledger,
          subtasks
            .filter(({ subtask }) => !ledger.get(subtask.key))
            .map(({ task, subtask }, i) => ({
              key: subtask.key,
              parent: ledger.get(task.key)!,
              name: subtask.name,
              mutation: {
                field: `create_subitem(parent_item_id: $p${i}, item_name: $n${i})`,
                variables: {
                  [`p${i}`]: { type: 'ID!', value: ledger.get(task.key) },
                  [`n${i}`]: { type: 'String!', value: subtask.name },
                },
              },
            })),
          pace,
          subitemsOf,
        );
      }
      // Once every item exists: each waiting item's dependency column, set whole (no orphan to look for: setting a
      // value again after a lost answer changes nothing).
      const links = linksToSend(plan, ledger, 'monday.com');
      await createAll(token, ledger, mondayLinkChanges(links, ledger, boardId), pace, async () => []);
      return { projectId: boardId, skipped: links.skipped };
    },
  };
}
