import { byWaitingTask, linksToSend, type PlanLink, planLinks, type ReadyLink } from '../../ports/task-tool.links';
import type {
  Named,
  RemoteTaskState,
  TaskToolAdapter,
  TokenSource,
  ToolAccount,
  ToolEndpoints,
  UploadLedger,
  UploadPlan,
  UploadSubtask,
  VendorApp,
} from '../../ports/task-tool.port';
import { PRIORITY_LABELS, SANDBOX_OAUTH_CLIENT, UpstreamError } from '../../ports/task-tool.port';
import { callTool, chunk, defaultSleep, fixedToken, type HttpDeps } from './http';

/** The API version this adapter was written against (contracts/monday/schema.graphql). */
export const MONDAY_API_VERSION = '2026-10';
/** monday's documented cost of one create_item. */
const CREATE_COMPLEXITY = 10_000;
/**
 * Mutations per request: 400 × 10,000 = 4M points, under the 5M single-request cap; a 100-task, 300-subtask
 * plan then needs one request per level, its last request holding 299 subitems, the subitems board's
 * description column and the first subitem's description. The 5M-per-minute budget is watched through the
 * `complexity` field each response carries.
 */
export const MONDAY_CREATES_PER_REQUEST = 400;

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

interface GraphQLError {
  message: string;
  extensions?: { code?: string; retry_in_seconds?: number; status_code?: number };
}
interface GraphQLResponse<T> {
  data?: T | null;
  errors?: GraphQLError[];
  error_code?: string;
  error_message?: string;
}

const BUDGET_CODES = new Set(['ComplexityException', 'COMPLEXITY_BUDGET_EXHAUSTED', 'RATE_LIMIT_EXCEEDED']);

/** Seconds until the complexity budget allows us again, read from a monday error. */
export function mondayRetrySeconds(error: GraphQLError): number {
  if (typeof error.extensions?.retry_in_seconds === 'number') return error.extensions.retry_in_seconds;
  const match = /reset in (\d+) seconds?/i.exec(error.message);
  return match ? Number(match[1]) : 10;
}

interface MondayMutation {
  /** GraphQL field call, with $-variables suffixed by the alias index. */
  field: string;
  variables: Record<string, { type: string; value: unknown }>;
  /** What the answer selects; `{ id }` unless told. */
  selection?: string;
}

/** One create of an upload: its ledger key, the parent it goes under, and its name, for finding it again. */
interface Create {
  key: string;
  parent: string;
  name: string;
  mutation: MondayMutation;
  /**
   * Not a plan item (a board column, a change of an item's column values): sent with the creates, in order,
   * but never recorded in the ledger under its key nor looked for among orphans.
   */
  untracked?: true;
  /** What the ledger records once the tool answered an untracked change (the links an item's value set). */
  records?: { key: string; remoteId: string }[];
}

/**
 * The Priority column's labels, made with the column (create_status_column's typed `defaults`), so that items
 * are created with a label the column has: monday refuses an unknown label unless told to create it.
 */
const PRIORITY_STATUS_LABELS = [
  { label: PRIORITY_LABELS.high, color: 'stuck_red', index: 0 },
  { label: PRIORITY_LABELS.medium, color: 'working_orange', index: 1 },
  { label: PRIORITY_LABELS.low, color: 'bright_blue', index: 2 },
];
/**
 * monday has no milestone of its own (contracts/monday/schema.graphql names none): a milestone is an item whose
 * Milestone column says so, a status column with this one label, so a team can filter and colour them (ADR 0046).
 */
export const MONDAY_MILESTONE_LABEL = 'Milestone';
const MILESTONE_STATUS_LABELS = [{ label: MONDAY_MILESTONE_LABEL, color: 'done_green', index: 0 }];

/**
 * The columns an uploaded board gets for what its items carry besides a name, with ids of our choosing so
 * a later run knows them: monday boards have no fixed due-date, start, priority, description, dependency or
 * milestone column of their own. Each but the first two is added only when some task of the plan needs it
 * (templates have none).
 */
const MONDAY_PLAN_COLUMNS = [
  { id: 'plan_due', title: 'Due date', type: 'date' },
  { id: 'plan_description', title: 'Description', type: 'long_text' },
  { id: 'plan_start', title: 'Start date', type: 'date' },
  { id: 'plan_priority', title: 'Priority', type: 'status', labels: PRIORITY_STATUS_LABELS },
  // ColumnType `dependency`: its value `{"item_ids": [...]}` names the items an item waits on, finish-to-start.
  { id: 'plan_depends', title: 'Depends on', type: 'dependency' },
  { id: 'plan_milestone', title: 'Milestone', type: 'status', labels: MILESTONE_STATUS_LABELS },
] as const;
type PlanColumn = (typeof MONDAY_PLAN_COLUMNS)[number];
/** The dependency column's id, read back by tests. */
export const MONDAY_DEPENDENCY_COLUMN = 'plan_depends';

/** The columns a plan's items need: due date and description always, the others when some task has one. */
function columnsFor(plan: UploadPlan): PlanColumn[] {
  const tasks = plan.sections.flatMap((s) => s.tasks);
  const needed: Partial<Record<PlanColumn['id'], boolean>> = {
    plan_start: tasks.some((t) => t.startOn),
    plan_priority: tasks.some((t) => t.priority && t.priority !== 'none'),
    plan_depends: planLinks(plan).links.length > 0,
    plan_milestone: tasks.some((t) => t.milestone),
  };
  return MONDAY_PLAN_COLUMNS.filter((c) => needed[c.id] !== false);
}

/** The mutation that adds one of our columns to a board: a status column with its labels, any other by its type. */
function columnMutation(c: PlanColumn, i: number, board: { type: string; value: string }): MondayMutation {
  const common = {
    [`cb${i}`]: board,
    [`ci${i}`]: { type: 'String', value: c.id },
    [`ct${i}`]: { type: 'String!', value: c.title },
  };
  if (c.type === 'status') {
    return {
      field: `create_status_column(board_id: $cb${i}, id: $ci${i}, title: $ct${i}, defaults: $cd${i})`,
      variables: {
        ...common,
        [`cd${i}`]: { type: 'CreateStatusColumnSettingsInput', value: { labels: c.labels } },
      },
    };
  }
  return {
    field: `create_column(board_id: $cb${i}, id: $ci${i}, title: $ct${i}, column_type: ${c.type})`,
    variables: common,
  };
}

/** An item's column values: its due and start dates, its description, its priority's label and milestone's. */
function itemColumnValues(task: UploadPlan['sections'][number]['tasks'][number]): string {
  return JSON.stringify({
    ...(task.dueOn && { plan_due: { date: task.dueOn } }),
    ...(task.startOn && { plan_start: { date: task.startOn } }),
    plan_description: { text: task.description },
    ...(task.priority && task.priority !== 'none' && { plan_priority: { label: PRIORITY_LABELS[task.priority] } }),
    ...(task.milestone && { plan_milestone: { label: MONDAY_MILESTONE_LABEL } }),
  });
}

/**
 * The changes that set the dependency column of each item with links still to send: its whole value, every task it
 * waits on that the board holds (those sent before too), so setting it again changes nothing. Each change records
 * the links it carries.
 */
export function mondayLinkChanges(
  sending: { links: PlanLink[]; ready: ReadyLink[] },
  ledger: Pick<UploadLedger, 'get'>,
  boardId: string,
): {
  key: string;
  parent: string;
  name: string;
  untracked: true;
  records: { key: string; remoteId: string }[];
  mutation: MondayMutation;
}[] {
  const pending = new Set(sending.ready.map((l) => l.key));
  return byWaitingTask(sending.links)
    .filter((group) => group.links.some((l) => pending.has(l.key)))
    .map(({ task, links: own }, i) => {
      const itemId = ledger.get(task.key)!;
      const held = own.filter((l) => ledger.get(l.on.key));
      const value = { [MONDAY_DEPENDENCY_COLUMN]: { item_ids: held.map((l) => Number(ledger.get(l.on.key))) } };
      return {
        key: `links:${task.key}`,
        parent: '',
        name: task.name,
        untracked: true as const,
        records: held.map((l) => ({ key: l.key, remoteId: `${itemId}<${ledger.get(l.on.key)}` })),
        mutation: {
          field: `change_multiple_column_values(board_id: $lb${i}, item_id: $li${i}, column_values: $lc${i})`,
          variables: {
            [`lb${i}`]: { type: 'ID!', value: boardId },
            [`li${i}`]: { type: 'ID', value: itemId },
            [`lc${i}`]: { type: 'JSON!', value: JSON.stringify(value) },
          },
        },
      };
    });
}
/** How an upload paces itself: the complexity left after its last request, and whether a lost create may exist. */
interface Pace {
  budget: { after: number; reset_in_x_seconds: number } | null;
  mayExist: boolean;
}
/** An object found on the board, with the id of the board, group or item it is under. */
interface Listed {
  parent: string;
  id: string;
  name: string;
}

/** Packs several creates into one document of aliased mutations (m0, m1, ...) with typed variables. */
export function packMutations(mutations: MondayMutation[]): { query: string; variables: Record<string, unknown> } {
  const declarations: string[] = [];
  const variables: Record<string, unknown> = {};
  const fields = mutations.map((m, i) => {
    for (const [name, v] of Object.entries(m.variables)) {
      declarations.push(`$${name}: ${v.type}`);
      variables[name] = v.value;
    }
    return `m${i}: ${m.field} ${m.selection ?? '{ id }'}`;
  });
  return {
    query: `mutation (${declarations.join(', ')}) { ${fields.join(' ')} complexity { after reset_in_x_seconds } }`,
    variables,
  };
}

/** monday.com GraphQL API: OAuth (tokens do not expire), several aliased mutations per request. */
export function mondayAdapter(endpoints: ToolEndpoints, deps: HttpDeps = {}): TaskToolAdapter {
  const sleep = deps.sleep ?? defaultSleep;

  async function gql<T>(token: TokenSource, query: string, variables: Record<string, unknown>, signal?: AbortSignal) {
    for (let attempt = 0; ; attempt++) {
      const response = await callTool<GraphQLResponse<T>>(
        'monday',
        {
          method: 'POST',
          url: endpoints.apiBase,
          headers: { 'API-Version': MONDAY_API_VERSION },
          body: { query, variables },
          token,
          authScheme: 'raw',
          ...(signal && { signal }),
        },
        deps,
      );
      const errors = response.errors ?? [];
      const budget = errors.find((e) => BUDGET_CODES.has(e.extensions?.code ?? ''));
      if (budget || response.error_code === 'ComplexityException') {
        const seconds = budget ? mondayRetrySeconds(budget) : 10;
        if (attempt >= 5 || seconds * 1000 > (deps.maxInlineWaitMs ?? 60_000)) {
          throw new UpstreamError(
            'monday',
            429,
            budget?.message ?? 'monday complexity budget exhausted',
            true,
            seconds * 1000,
          );
        }
        await sleep(seconds * 1000, signal);
        continue;
      }
      if (errors.length > 0 || response.error_message || !response.data) {
        const message = errors[0]?.message ?? response.error_message ?? 'monday answered without data';
        throw new UpstreamError('monday', 400, message, false);
      }
      return response.data;
    }
  }

  async function accountOf(token: TokenSource): Promise<ToolAccount> {
    const me = await gql<{ me: { id: string; email: string } }>(token, 'query { me { id email } }', {});
    return { email: me.me.email, gid: String(me.me.id) };
  }

  /**
   * Finds the board a lost create of this upload made: one of the plan's name in the workspace that no upload
   * holds, with no items and none of the plan's groups. Only the run that lost its answer left a board that
   * bare; another upload's board of the same template holds its groups.
   */
  async function adoptBoard(
    token: TokenSource,
    ledger: UploadLedger,
    plan: UploadPlan,
    workspaceId: string,
  ): Promise<string | undefined> {
    type Board = { id: string; name: string; items_count: number | null; groups: { title: string }[] | null };
    const sectionNames = new Set(plan.sections.map((s) => s.name));
    const limit = 25;
    for (let page = 1; ; page++) {
      const { boards } = await gql<{ boards: Board[] }>(
        token,
        'query ($ws: [ID!], $p: Int) { boards(workspace_ids: $ws, limit: 25, page: $p) { id name items_count groups { title } } }',
        { ws: [workspaceId], p: page },
        ledger.signal,
      );
      const orphan = boards.find(
        (b) =>
          b.name === plan.name &&
          !ledger.holds(String(b.id)) &&
          (b.items_count ?? 0) === 0 &&
          !(b.groups ?? []).some((g) => sectionNames.has(g.title)),
      );
      if (orphan) {
        await ledger.record([{ key: plan.key, remoteId: String(orphan.id) }]);
        return String(orphan.id);
      }
      if (boards.length < limit) return undefined;
    }
  }

  /** What a board holds at one level, for finding objects a lost request created: each with its parent's id. */
  const listings = {
    async groups(token: TokenSource, boardId: string, signal: AbortSignal): Promise<Listed[]> {
      const data = await gql<{ boards: { groups: { id: string; title: string }[] | null }[] }>(
        token,
        'query ($b: [ID!]) { boards(ids: $b) { groups { id title } } }',
        { b: [boardId] },
        signal,
      );
      return (data.boards[0]?.groups ?? []).map((g) => ({ parent: boardId, id: String(g.id), name: g.title }));
    },
    async items(token: TokenSource, boardId: string, signal: AbortSignal): Promise<Listed[]> {
      type Page = { cursor: string | null; items: { id: string; name: string; group: { id: string } | null }[] };
      const found: Listed[] = [];
      let page = (
        await gql<{ boards: { items_page: Page }[] }>(
          token,
          'query ($b: [ID!]) { boards(ids: $b) { items_page(limit: 500) { cursor items { id name group { id } } } } }',
          { b: [boardId] },
          signal,
        )
      ).boards[0]?.items_page;
      while (page) {
        found.push(...page.items.map((i) => ({ parent: String(i.group?.id ?? ''), id: String(i.id), name: i.name })));
        if (!page.cursor) break;
        page = (
          await gql<{ next_items_page: Page }>(
            token,
            'query ($c: String!) { next_items_page(cursor: $c, limit: 500) { cursor items { id name group { id } } } }',
            { c: page.cursor },
            signal,
          )
        ).next_items_page;
      }
      return found;
    },
    async subitems(token: TokenSource, parentIds: string[], signal: AbortSignal): Promise<Listed[]> {
      const found: Listed[] = [];
      // monday returns at most 100 items per page of `items`.
      for (const ids of chunk(parentIds, 100)) {
        const data = await gql<{ items: { id: string; subitems: { id: string; name: string }[] | null }[] }>(
          token,
          'query ($ids: [ID!]) { items(ids: $ids, limit: 100) { id subitems { id name } } }',
          { ids },
          signal,
        );
        for (const item of data.items) {
          found.push(
            ...(item.subitems ?? []).map((s) => ({ parent: String(item.id), id: String(s.id), name: s.name })),
          );
        }
      }
      return found;
    },
  };

  /**
   * Finds, among the first request of creates a resumed upload sends, the objects an earlier run created
   * without hearing the answer: same parent, same name, held by no item of this upload. Returns the rest.
   */
  async function adoptOrphans(
    ledger: UploadLedger,
    items: Create[],
    existing: (parents: string[]) => Promise<Listed[]>,
  ): Promise<Create[]> {
    const first = items.slice(0, MONDAY_CREATES_PER_REQUEST).filter((i) => !i.untracked);
    if (first.length === 0) return items;
    const found = await existing([...new Set(first.map((i) => i.parent))]);
    const taken = new Set<string>();
    const adopted: { key: string; remoteId: string }[] = [];
    for (const item of first) {
      const orphan = found.find(
        (o) => o.parent === item.parent && o.name === item.name && !ledger.holds(o.id) && !taken.has(o.id),
      );
      if (orphan) {
        taken.add(orphan.id);
        adopted.push({ key: item.key, remoteId: orphan.id });
      }
    }
    await ledger.record(adopted);
    return items.filter((i) => !ledger.get(i.key));
  }

  /**
   * Runs creates in packed requests, recording every id the response carries before the next request.
   * Returns the answer of each create sent (by key), for what it selected besides the id.
   */
  async function createAll(
    token: TokenSource,
    ledger: UploadLedger,
    items: Create[],
    pace: Pace,
    existing: (parents: string[]) => Promise<Listed[]>,
  ): Promise<Map<string, Record<string, unknown>>> {
    const answers = new Map<string, Record<string, unknown>>();
    // Only the first request a resumed run sends can repeat one whose answer was lost: every run before it
    // recorded each object it saw confirmed before sending the next request.
    if (pace.mayExist && items.length > 0) {
      pace.mayExist = false;
      items = await adoptOrphans(ledger, items, existing);
    }
    for (const run of chunk(items, MONDAY_CREATES_PER_REQUEST)) {
      ledger.signal.throwIfAborted();
      // Not enough budget left for this request: wait for the window to reset rather than be refused.
      if (pace.budget && pace.budget.after < run.length * CREATE_COMPLEXITY && pace.budget.reset_in_x_seconds > 0) {
        await sleep(pace.budget.reset_in_x_seconds * 1000, ledger.signal);
      }
      const { query, variables } = packMutations(run.map((r) => r.mutation));
      const data = await gql<
        Record<string, { id: string } | null> & { complexity?: { after: number; reset_in_x_seconds: number } }
      >(token, query, variables, ledger.signal);
      const ids = run.map((_, i) => (data[`m${i}`] as { id: string } | null | undefined)?.id);
      await ledger.record(
        run.flatMap((item, i) =>
          !ids[i] ? [] : item.untracked ? (item.records ?? []) : [{ key: item.key, remoteId: String(ids[i]) }],
        ),
      );
      if (ids.some((id) => !id)) throw new UpstreamError('monday', 502, 'monday did not create every item', true);
      for (const [i, item] of run.entries()) answers.set(item.key, data[`m${i}`] as Record<string, unknown>);
      pace.budget = data.complexity ?? null;
    }
    return answers;
  }

  /**
   * Subitems live on the board's subitems board, which monday makes with the board's first subitem, so our
   * description column can only be added there after it. The plan's first subtask goes alone, answering with
   * its board; then, in the next request, the column (when missing), that subtask's description (a change,
   * harmless to repeat) and every other subtask with its description. A resumed run whose first subtask is
   * recorded reads its board instead.
   */
  async function createSubitemsWithDescriptions(
    token: TokenSource,
    ledger: UploadLedger,
    subtasks: { parent: string; subtask: UploadSubtask }[],
    pace: Pace,
    existing: (parents: string[]) => Promise<Listed[]>,
  ) {
    type SubitemsBoard = { id: string; columns: { id: string }[] | null };
    const [head, ...others] = subtasks;
    if (!head) return;
    const rest = others.filter(({ subtask }) => !ledger.get(subtask.key));
    let board: SubitemsBoard | null | undefined;
    if (!ledger.get(head.subtask.key)) {
      const answers = await createAll(
        token,
        ledger,
        [
          {
            key: head.subtask.key,
            parent: head.parent,
            name: head.subtask.name,
            mutation: {
              field: 'create_subitem(parent_item_id: $p0, item_name: $n0)',
              variables: { p0: { type: 'ID!', value: head.parent }, n0: { type: 'String!', value: head.subtask.name } },
              selection: '{ id board { id columns { id } } }',
            },
          },
        ],
        pace,
        existing,
      );
      board = (answers.get(head.subtask.key) as { board?: SubitemsBoard | null } | undefined)?.board;
    } else if (rest.length === 0 && (others.length > 0 || !head.subtask.description)) {
      // Done: the other subtasks were created after the request that carried the first one's description.
      return;
    }
    const headId = ledger.get(head.subtask.key)!;
    if (!board) {
      // Adopted, or recorded by an earlier run: its board is read back, with the columns it has by now.
      const data = await gql<{ items: { board: SubitemsBoard | null }[] }>(
        token,
        'query ($ids: [ID!]) { items(ids: $ids) { board { id columns { id } } } }',
        { ids: [headId] },
        ledger.signal,
      );
      board = data.items[0]?.board;
    }
    if (!board) throw new UpstreamError('monday', 502, 'monday did not tell the board of a subitem', true);
    const subitemsBoard = { type: 'ID!', value: String(board.id) };
    const column = MONDAY_PLAN_COLUMNS.find((c) => c.id === 'plan_description')!;
    const extras: Create[] = [];
    const described = head.subtask.description !== '' || rest.some(({ subtask }) => subtask.description);
    if (described && !(board.columns ?? []).some((c) => c.id === column.id)) {
      extras.push({
        key: `subitems-column:${column.id}`,
        parent: '',
        name: column.title,
        untracked: true,
        mutation: {
          field: `create_column(board_id: $cb, id: $ci, title: $ct, column_type: ${column.type})`,
          variables: {
            cb: subitemsBoard,
            ci: { type: 'String', value: column.id },
            ct: { type: 'String!', value: column.title },
          },
        },
      });
    }
    if (head.subtask.description) {
      extras.push({
        key: `description:${head.subtask.key}`,
        parent: '',
        name: head.subtask.name,
        untracked: true,
        mutation: {
          field: 'change_multiple_column_values(board_id: $xb, item_id: $xi, column_values: $xc)',
          variables: {
            xb: subitemsBoard,
            xi: { type: 'ID', value: headId },
            xc: { type: 'JSON!', value: JSON.stringify({ plan_description: { text: head.subtask.description } }) },
          },
        },
      });
    }
    await createAll(
      token,
      ledger,
      [
        ...extras,
        ...rest.map(({ parent, subtask }, i) => ({
          key: subtask.key,
          parent,
          name: subtask.name,
          mutation: {
            field: `create_subitem(parent_item_id: $p${i}, item_name: $n${i}${subtask.description ? `, column_values: $c${i}` : ''})`,
            variables: {
              [`p${i}`]: { type: 'ID!', value: parent },
              [`n${i}`]: { type: 'String!', value: subtask.name },
              ...(subtask.description && {
                [`c${i}`]: {
                  type: 'JSON',
                  value: JSON.stringify({ plan_description: { text: subtask.description } }),
                },
              }),
            },
          },
        })),
      ],
      pace,
      existing,
    );
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
      if (!boardId && ledger.resumed) boardId = await adoptBoard(token, ledger, plan, target.workspaceId);
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
