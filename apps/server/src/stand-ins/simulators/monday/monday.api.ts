import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { execute, type GraphQLError } from 'graphql';
import type { Database } from '../../../db/client';
import { hashToken } from '../grants';
import { spendRate } from '../rate-windows';
import { sandboxObjects } from '../sandbox.tables';
import {
  type Account,
  alphanumericId,
  childrenOf,
  deleteWithDescendants,
  findObject,
  insertObject,
  numericId,
  type SandboxObject,
} from '../sandbox-store';
import type { TaskDone } from '../sandbox-tree';
import {
  complexityOf,
  MONDAY_API_VERSION,
  MONDAY_MAX_QUERY_COMPLEXITY,
  mondayError,
  mondaySchema,
  parseAndValidate,
  rootFields,
  SUPPORTED_MUTATIONS,
  SUPPORTED_QUERIES,
} from './monday.graphql';

/**
 * The simulated monday.com API: its objects, the resolvers of the root fields it serves, and one GraphQL
 * request run from validation to answer. HTTP (authentication, faults, the body) is monday.routes.ts's.
 */

/**
 * The kind of a board's subitems board: monday keeps subitems on a board of their own (`Board.type`
 * `sub_items_board`), made when the board's first subitem is. Stored under its board, with its own columns.
 */
export const SUBITEMS_BOARD = 'subitems_board';
/** A status column's label: its text and its index, the two ways a value may name it. */
type StatusLabel = { label: string; index: number; color?: string };
type Column = { id: string; title: string; type: string; labels?: StatusLabel[] };
/** The labels of a new board's Status column, as monday makes it. */
const STATUS_LABELS: StatusLabel[] = [
  { label: 'Working on it', index: 0 },
  { label: 'Done', index: 1 },
  { label: 'Stuck', index: 2 },
];
/** Columns of a new board and of its subitems board, as monday creates them. */
const ITEM_COLUMNS: Column[] = [
  { id: 'person', title: 'Person', type: 'people' },
  { id: 'status', title: 'Status', type: 'status', labels: STATUS_LABELS },
  { id: 'date4', title: 'Date', type: 'date' },
];
const SUBITEM_COLUMNS: Column[] = [
  { id: 'person', title: 'Owner', type: 'people' },
  { id: 'status', title: 'Status', type: 'status', labels: STATUS_LABELS },
  { id: 'date0', title: 'Date', type: 'date' },
];
const GROUP_COLORS = ['#579bfc', '#00c875', '#fdab3d', '#e2445c', '#a25ddc', '#037f4c'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The column types create_column accepts in the sandbox: what an uploaded plan needs. */
const COLUMN_TYPES = new Set(['date', 'long_text', 'text', 'dependency']);

const accountIdOf = (a: Account) => Number(a.remoteId.slice(0, 8));

/** What every resolver is given: the store, the caller's account and what the request being run costs. */
interface MondayContext {
  db: Database;
  publicUrl: string;
  account: Account;
  complexity: { before: number; after: number; query: number; reset_in_x_seconds: number };
}

const owned = async (ctx: MondayContext, id: unknown, ...kinds: string[]): Promise<SandboxObject | undefined> => {
  const o = await findObject(ctx.db, 'monday', String(id));
  return o && kinds.includes(o.kind) && o.accountId === ctx.account.id ? o : undefined;
};
/** A board's columns, a copy: a value naming a new status label (create_labels_if_missing) adds it to the copy. */
const columnsOf = (board: SandboxObject): Column[] =>
  structuredClone((board.data.columns as Column[] | undefined) ?? []);

const userObject = ({ account: a, publicUrl }: MondayContext) => ({
  id: a.remoteId,
  name: a.name,
  email: a.email,
  account_id: String(accountIdOf(a)),
  created_at: a.createdAt.toISOString(),
  enabled: true,
  is_admin: true,
  is_guest: false,
  is_pending: false,
  is_view_only: false,
  is_verified: true,
  kind: 'admin',
  title: '',
  url: `${publicUrl}/sandbox/monday/#user-${a.remoteId}`,
  photo_thumb: null,
  time_zone_identifier: 'UTC',
});

const workspaceObject = (o: SandboxObject) => ({
  id: o.remoteId,
  name: o.name,
  kind: o.data.kind ?? 'open',
  description: o.data.description ?? null,
  is_default_workspace: o.data.is_default_workspace === true,
  created_at: o.createdAt.toISOString(),
  state: 'active',
});

/** The GraphQL type of a column's value, by the column's type (the ones boards of the sandbox hold). */
const VALUE_TYPES: Record<string, string> = {
  status: 'StatusValue',
  date: 'DateValue',
  long_text: 'LongTextValue',
  people: 'PeopleValue',
  text: 'TextValue',
  dependency: 'DependencyValue',
};

/** The items a dependency value names, as the sandbox keeps it: `{ item_ids: [...] }`, ids as text. */
const linkedIds = (stored: unknown): string[] =>
  ((stored as { item_ids?: unknown } | null | undefined)?.item_ids as string[] | undefined) ?? [];

/**
 * A column's value as monday answers it: `text` as shown (a status's label, a date as YYYY-MM-DD), `value` the
 * stored JSON (null when unset).
 */
function columnValueObject(c: Column, stored: unknown) {
  const value = stored === undefined || stored === null ? null : typeof stored === 'string' ? { text: stored } : stored;
  const v = (value ?? {}) as { label?: unknown; date?: unknown; text?: unknown };
  const text =
    c.type === 'status'
      ? v.label
      : c.type === 'date'
        ? (v.date ?? (typeof stored === 'string' ? stored : null))
        : c.type === 'dependency'
          ? linkedIds(stored).join(', ') || null
          : v.text;
  return {
    __typename: VALUE_TYPES[c.type] ?? 'TextValue',
    id: c.id,
    type: c.type,
    is_leaf: true,
    text: typeof text === 'string' ? text : null,
    value: value === null ? null : JSON.stringify(value),
    column: columnObject(c),
  };
}

const columnObject = ({ labels, ...c }: Column) => {
  // A status column's settings name its labels by index, as monday's settings_str does.
  const settings = labels ? { labels: Object.fromEntries(labels.map((l) => [String(l.index), l.label])) } : {};
  return { ...c, archived: false, description: null, width: null, settings, settings_str: JSON.stringify(settings) };
};

const groupObject = (o: SandboxObject, index: number) => ({
  id: o.remoteId,
  title: o.name,
  color: String(o.data.color ?? GROUP_COLORS[index % GROUP_COLORS.length]),
  position: String(o.data.position ?? index),
  archived: false,
  deleted: false,
});

/** The workspace a board is in; a subitems board is in its board's. */
const workspaceIdOf = (o: SandboxObject) =>
  o.kind === SUBITEMS_BOARD ? ((o.data.workspace_id as string | null | undefined) ?? null) : o.parentId;

/** A board's page in the simulator, at the path of monday.com's own board addresses. */
export const MONDAY_BOARD_PATH = '/boards/:id';

const boardObject = (ctx: MondayContext, o: SandboxObject) => ({
  id: o.remoteId,
  name: o.name,
  board_kind: o.data.board_kind,
  type: o.kind === SUBITEMS_BOARD ? 'sub_items_board' : 'board',
  description: o.data.description ?? null,
  state: 'active',
  permissions: 'everyone',
  workspace_id: workspaceIdOf(o),
  created_at: o.createdAt.toISOString(),
  updated_at: o.createdAt.toISOString(),
  // A board's address on monday.com is <account>.monday.com/boards/<id>; in the simulator, its page.
  url: `${ctx.publicUrl}/sandbox/monday${MONDAY_BOARD_PATH.replace(':id', encodeURIComponent(o.remoteId))}`,
  workspace: async () => {
    const id = workspaceIdOf(o);
    const w = id ? await findObject(ctx.db, 'monday', id) : undefined;
    return w ? workspaceObject(w) : null;
  },
  owners: () => [userObject(ctx)],
  creator: () => userObject(ctx),
  columns: () => columnsOf(o).map(columnObject),
  groups: async (args: { ids?: string[] | null }) => {
    const groups = await childrenOf(ctx.db, 'monday', o.remoteId, 'group');
    return groups.map((g, i) => groupObject(g, i)).filter((g) => !args.ids || args.ids.includes(g.id));
  },
  top_group: async () => {
    const [first] = await childrenOf(ctx.db, 'monday', o.remoteId, 'group');
    return first ? groupObject(first, 0) : null;
  },
  items_count: async () => (await boardItems(ctx, o)).length,
  items_page: async (args: { limit: number; cursor?: string | null }) => itemsPage(ctx, o, 0, args.limit),
});

/** A board's items (a subitems board's subitems), in creation order. */
const boardItems = (ctx: MondayContext, board: SandboxObject) =>
  ctx.db
    .select()
    .from(sandboxObjects)
    .where(
      and(
        eq(sandboxObjects.tool, 'monday'),
        eq(sandboxObjects.kind, board.kind === SUBITEMS_BOARD ? 'subitem' : 'item'),
        sql`${sandboxObjects.data}->>'board' = ${board.remoteId}`,
      ),
    )
    .orderBy(asc(sandboxObjects.id));

/** One page of a board's items; the opaque cursor names the board and where the next page starts. */
const itemsPage = async (ctx: MondayContext, board: SandboxObject, start: number, limit: number) => {
  if (limit < 1 || limit > 500) {
    throw mondayError('limit must be between 1 and 500', 'InvalidArgumentException', 400, { limit });
  }
  const items = await boardItems(ctx, board);
  const end = start + limit;
  return {
    cursor: end < items.length ? Buffer.from(`${board.remoteId}:${end}`).toString('base64url') : null,
    items: items.slice(start, end).map((i) => itemObject(ctx, i)),
  };
};

const itemObject = (ctx: MondayContext, o: SandboxObject): Record<string, unknown> => ({
  id: o.remoteId,
  name: o.name,
  state: 'active',
  created_at: o.createdAt.toISOString(),
  updated_at: o.createdAt.toISOString(),
  creator_id: ctx.account.remoteId,
  email: `pulse-${o.remoteId}@sandbox.invalid`,
  url: `${ctx.publicUrl}/sandbox/monday/#obj-${o.remoteId}`,
  relative_link: `/boards/${o.data.board}/pulses/${o.remoteId}`,
  column_values: async (args: { ids?: string[] | null }) => {
    const board = await findObject(ctx.db, 'monday', String(o.data.board));
    const values = (o.data.column_values as Record<string, unknown> | undefined) ?? {};
    return (board ? columnsOf(board) : [])
      .filter((c) => !args.ids || args.ids.includes(c.id))
      .map((c) =>
        c.type === 'dependency' ? dependencyValueObject(ctx, c, values[c.id]) : columnValueObject(c, values[c.id]),
      );
  },
  board: async () => {
    const b = await findObject(ctx.db, 'monday', String(o.data.board));
    return b ? boardObject(ctx, b) : null;
  },
  group: async () => {
    if (!o.data.group) return null;
    const g = await findObject(ctx.db, 'monday', String(o.data.group));
    return g ? groupObject(g, 0) : null;
  },
  parent_item: async () => {
    if (!o.data.parent_item) return null;
    const p = await findObject(ctx.db, 'monday', String(o.data.parent_item));
    return p ? itemObject(ctx, p) : null;
  },
  subitems: async () => (await childrenOf(ctx.db, 'monday', o.remoteId, 'subitem')).map((s) => itemObject(ctx, s)),
});

/**
 * A dependency column's value as monday answers it (DependencyValue): the items it names, each a finish-to-start
 * link (dependency_type 0) with no lag, and their names as `display_value` and `text`.
 */
function dependencyValueObject(ctx: MondayContext, c: Column, stored: unknown) {
  const ids = linkedIds(stored);
  const items = async () =>
    (await Promise.all(ids.map((id) => owned(ctx, id, 'item')))).filter((i): i is SandboxObject => i !== undefined);
  const names = async () => (await items()).map((i) => i.name).join(', ');
  return {
    ...columnValueObject(c, stored),
    linked_item_ids: ids,
    dependency_links: ids.map((id) => ({ linked_item_id: id, dependency_type: 0, lag: 0 })),
    linked_items: async () => (await items()).map((i) => itemObject(ctx, i)),
    display_value: names,
    text: async () => (ids.length > 0 ? names() : null),
  };
}

/**
 * The items a dependency value names must be items of the same board, other than the item itself: monday links
 * items of one board. The words are the sandbox's.
 */
async function checkDependencies(
  ctx: MondayContext,
  board: SandboxObject,
  values: Record<string, unknown>,
  columns: Column[],
  itemId?: string,
) {
  for (const column of columns.filter((c) => c.type === 'dependency' && values[c.id] !== undefined)) {
    for (const id of linkedIds(values[column.id])) {
      const item = await owned(ctx, id, 'item');
      if (!item || item.data.board !== board.remoteId || id === itemId) {
        throw mondayError(
          id === itemId ? 'An item cannot depend on itself' : `Item ${id} is not an item of this board`,
          'ColumnValueException',
          400,
          { column_id: column.id, item_id: id },
        );
      }
    }
  }
}

const COLUMN_VALUE_HELP =
  'invalid value, please check our API documentation for the correct data structure for this column. https://developer.monday.com/api-reference/docs/change-column-values';

/**
 * A status value as monday takes it: `{label}`, `{index}` or the label as a string, naming one of the column's labels.
 * An unknown label is refused, unless `createLabels` (create_labels_if_missing) adds it to the column.
 */
function statusValue(column: Column, v: unknown, createLabels: boolean): { label: string } | null {
  if (v === null || v === '') return null;
  const given = typeof v === 'string' ? { label: v } : (v as { label?: unknown; index?: unknown } | null);
  const labels = column.labels ?? [];
  const found =
    typeof given?.label === 'string'
      ? labels.find((l) => l.label === given.label)
      : typeof given?.index === 'number'
        ? labels.find((l) => l.index === given.index)
        : undefined;
  if (found) return { label: found.label };
  if (createLabels && typeof given?.label === 'string' && given.label.trim() !== '') {
    column.labels = [...labels, { label: given.label, index: Math.max(-1, ...labels.map((l) => l.index)) + 1 }];
    return { label: given.label };
  }
  throw mondayError(
    typeof given?.label === 'string' || typeof given?.index === 'number'
      ? "This status label doesn't exist, possible statuses are: " +
          labels.map((l) => `${l.index}: ${l.label}`).join(', ')
      : COLUMN_VALUE_HELP,
    'ColumnValueException',
    400,
    { column_value: JSON.stringify(v), column_type: 'StatusColumn' },
  );
}

/**
 * A dependency value as monday takes it: `{"item_ids": [...]}` (ids as numbers or text), or null / {} to clear it.
 */
function dependencyValue(v: unknown): { item_ids: string[] } | null {
  if (v === null || (typeof v === 'object' && v !== null && Object.keys(v).length === 0)) return null;
  const ids = (v as { item_ids?: unknown } | null)?.item_ids;
  if (
    !Array.isArray(ids) ||
    !ids.every(
      (id) => (typeof id === 'number' && Number.isSafeInteger(id)) || (typeof id === 'string' && /^\d+$/.test(id)),
    )
  ) {
    throw mondayError(COLUMN_VALUE_HELP, 'ColumnValueException', 400, {
      column_value: JSON.stringify(v),
      column_type: 'DependencyColumn',
    });
  }
  return { item_ids: [...new Set(ids.map(String))] };
}

/**
 * column_values as monday takes them: a JSON string (or object) keyed by the board's column ids. A status label
 * the column lacks is added to `columns` when `createLabels`: the caller stores the board's columns again.
 */
const columnValues = (value: unknown, columns: Column[], createLabels = false) => {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw mondayError('Invalid column_values: not valid JSON', 'ColumnValueException', 400);
    }
  }
  if (parsed === null || parsed === undefined) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw mondayError('Invalid column_values: must be a JSON object', 'ColumnValueException', 400);
  }
  for (const [id, v] of Object.entries(parsed)) {
    const column = columns.find((c) => c.id === id);
    if (!column) {
      throw mondayError("This column ID doesn't exist for the board", 'InvalidColumnIdException', 400, {
        column_id: id,
      });
    }
    if (column.type === 'date') {
      const date = typeof v === 'string' ? v : (v as { date?: unknown } | null)?.date;
      if (typeof date !== 'string' || !DATE.test(date) || Number.isNaN(Date.parse(date))) {
        throw mondayError(COLUMN_VALUE_HELP, 'ColumnValueException', 400, {
          column_value: JSON.stringify(v),
          column_type: 'DateColumn',
        });
      }
    }
    if (column.type === 'status') (parsed as Record<string, unknown>)[id] = statusValue(column, v, createLabels);
    if (column.type === 'dependency') (parsed as Record<string, unknown>)[id] = dependencyValue(v);
  }
  return parsed as Record<string, unknown>;
};

/** The text of the first long-text column set, as the sandbox page shows it. */
const descriptionOf = (values: Record<string, unknown>, columns: Column[]) => {
  for (const column of columns.filter((c) => c.type === 'long_text')) {
    const v = values[column.id];
    if (typeof v === 'string') return v;
    if (v && typeof v === 'object' && typeof (v as { text?: unknown }).text === 'string') {
      return (v as { text: string }).text;
    }
  }
  return undefined;
};

/**
 * The columns set, by title, as a board shows them (a date, a status's label, a text), long texts left out: the page
 * shows the first one as the description.
 */
const shownColumns = (values: Record<string, unknown>, columns: Column[]) =>
  Object.fromEntries(
    columns
      .filter((c) => c.type !== 'long_text')
      .map((c) => [c.title, columnValueObject(c, values[c.id]).text] as const)
      .filter(([, text]) => text !== null && text !== ''),
  );

/** What an item keeps of its column values: the values, and the columns and description the page shows. */
const valuesData = (values: Record<string, unknown>, columns: Column[]) => ({
  column_values: values,
  columns: shownColumns(values, columns),
  description: descriptionOf(values, columns) ?? null,
});

/** Stores a board's columns again, after a value added a status label (create_labels_if_missing). */
const saveColumns = (ctx: MondayContext, board: SandboxObject, columns: Column[]) =>
  ctx.db
    .update(sandboxObjects)
    .set({ data: { ...board.data, columns } })
    .where(eq(sandboxObjects.id, board.id));

/** An item's data with column values set over the ones it had, as change_multiple_column_values keeps them. */
const withColumnValues = (item: SandboxObject, columns: Column[], values: Record<string, unknown>) => ({
  ...item.data,
  ...valuesData({ ...((item.data.column_values as Record<string, unknown> | undefined) ?? {}), ...values }, columns),
});

/** The Status column of a new board: "Done" is its label for finished work; an item starts with no label. */
const STATUS_COLUMN = ITEM_COLUMNS.find((c) => c.id === 'status')!;
const DONE = 'Done';

/** monday's items on the sandbox page (subitems are not tasks of the plan); done is the Status label "Done". */
export const mondayTaskDone: TaskDone = {
  isTask: (kind) => kind === 'item',
  isDone: (data) =>
    columnValueObject(STATUS_COLUMN, (data.column_values as Record<string, unknown> | undefined)?.status).text === DONE,
  async setDone(db, item, done) {
    const board = await findObject(db, 'monday', String(item.data.board));
    const columns = board ? columnsOf(board) : [];
    if (!columns.some((c) => c.id === STATUS_COLUMN.id)) return "The item's board has no Status column.";
    // Not done is the label cleared, as a new item has it.
    const status = done ? { label: DONE } : null;
    await db
      .update(sandboxObjects)
      .set({ data: withColumnValues(item, columns, { status }) })
      .where(eq(sandboxObjects.id, item.id));
    return undefined;
  },
};

const root = {
  me: (_: unknown, ctx: MondayContext) => userObject(ctx),
  complexity: (_: unknown, ctx: MondayContext) => ctx.complexity,
  workspaces: async (args: { ids?: string[] | null; limit?: number; page?: number }, ctx: MondayContext) => {
    const rows = await ctx.db
      .select()
      .from(sandboxObjects)
      .where(
        and(
          eq(sandboxObjects.tool, 'monday'),
          eq(sandboxObjects.kind, 'workspace'),
          eq(sandboxObjects.accountId, ctx.account.id),
        ),
      )
      .orderBy(asc(sandboxObjects.id));
    const limit = args.limit ?? 25;
    const page = Math.max(1, args.page ?? 1);
    return rows
      .filter((w) => !args.ids || args.ids.includes(w.remoteId))
      .slice((page - 1) * limit, page * limit)
      .map(workspaceObject);
  },
  boards: async (
    args: {
      ids?: string[] | null;
      workspace_ids?: string[] | null;
      limit?: number;
      page?: number;
      state?: string | null;
    },
    ctx: MondayContext,
  ) => {
    // The sandbox keeps no archive nor trash: a board deleted is gone, for every state asked for.
    if (args.state === 'archived' || args.state === 'deleted') return [];
    const rows = await ctx.db
      .select()
      .from(sandboxObjects)
      .where(
        and(
          eq(sandboxObjects.tool, 'monday'),
          inArray(sandboxObjects.kind, ['board', SUBITEMS_BOARD]),
          eq(sandboxObjects.accountId, ctx.account.id),
        ),
      )
      .orderBy(asc(sandboxObjects.id));
    const limit = args.limit ?? 25;
    const page = Math.max(1, args.page ?? 1);
    // A subitems board answers when asked for by id; listings leave it out (see ADR 0017).
    return rows
      .filter(
        (b) =>
          (args.ids ? args.ids.includes(b.remoteId) : b.kind === 'board') &&
          (!args.workspace_ids || args.workspace_ids.includes(workspaceIdOf(b) ?? '')),
      )
      .slice((page - 1) * limit, page * limit)
      .map((b) => boardObject(ctx, b));
  },
  items: async (args: { ids?: string[] | null; limit?: number; page?: number }, ctx: MondayContext) => {
    if (!args.ids || args.ids.length === 0) return [];
    const limit = args.limit ?? 25;
    const page = Math.max(1, args.page ?? 1);
    const found = [];
    for (const id of args.ids.slice((page - 1) * limit, page * limit)) {
      const item = (await owned(ctx, id, 'item')) ?? (await owned(ctx, id, 'subitem'));
      if (item) found.push(itemObject(ctx, item));
    }
    return found;
  },
  next_items_page: async (args: { cursor: string; limit: number }, ctx: MondayContext) => {
    const [boardId, start] = Buffer.from(args.cursor, 'base64url').toString().split(':');
    const board = boardId ? await owned(ctx, boardId, 'board', SUBITEMS_BOARD) : undefined;
    if (!board || !/^\d+$/.test(start ?? '')) {
      throw mondayError('Invalid cursor', 'CursorException', 400, { cursor: args.cursor });
    }
    return itemsPage(ctx, board, Number(start), args.limit);
  },
  create_workspace: async (args: { name: string; kind: string; description?: string | null }, ctx: MondayContext) => {
    if (args.name.trim() === '') throw mondayError('Workspace name must not be empty', 'InvalidArgumentException');
    const w = await insertObject(ctx.db, {
      tool: 'monday',
      kind: 'workspace',
      remoteId: numericId(8),
      accountId: ctx.account.id,
      parentId: null,
      name: args.name,
      data: { kind: args.kind, description: args.description ?? null, is_default_workspace: false },
    });
    return workspaceObject(w);
  },
  create_board: async (
    args: {
      board_name: string;
      board_kind: string;
      workspace_id?: string | null;
      folder_id?: string | null;
      template_id?: string | null;
      description?: string | null;
      empty?: boolean;
    },
    ctx: MondayContext,
  ) => {
    if (args.folder_id || args.template_id) {
      throw mondayError(
        'folder_id and template_id are not supported by the monday sandbox',
        'InvalidArgumentException',
      );
    }
    let workspace: SandboxObject | undefined;
    if (args.workspace_id) {
      workspace = await owned(ctx, args.workspace_id, 'workspace');
      if (!workspace)
        throw mondayError('Workspace not found', 'ResourceNotFoundException', 404, {
          workspace_id: args.workspace_id,
        });
    } else {
      const [main] = await ctx.db
        .select()
        .from(sandboxObjects)
        .where(
          and(
            eq(sandboxObjects.tool, 'monday'),
            eq(sandboxObjects.kind, 'workspace'),
            eq(sandboxObjects.accountId, ctx.account.id),
          ),
        )
        .orderBy(asc(sandboxObjects.id))
        .limit(1);
      workspace = main;
    }
    const board = await insertObject(ctx.db, {
      tool: 'monday',
      kind: 'board',
      remoteId: numericId(10),
      accountId: ctx.account.id,
      parentId: workspace?.remoteId ?? null,
      name: args.board_name,
      data: {
        board_kind: args.board_kind,
        description: args.description ?? null,
        columns: args.empty ? [] : ITEM_COLUMNS,
      },
    });
    return boardObject(ctx, board);
  },
  create_group: async (
    args: { board_id: string; group_name: string; group_color?: string | null; relative_to?: string | null },
    ctx: MondayContext,
  ) => {
    const board = await owned(ctx, args.board_id, 'board');
    if (!board) throw mondayError('Board not found', 'ResourceNotFoundException', 404, { board_id: args.board_id });
    if (args.relative_to)
      throw mondayError('relative_to is not supported by the monday sandbox', 'InvalidArgumentException');
    const existing = await childrenOf(ctx.db, 'monday', board.remoteId, 'group');
    const group = await insertObject(ctx.db, {
      tool: 'monday',
      kind: 'group',
      remoteId: `group_mk${alphanumericId(6)}`,
      accountId: ctx.account.id,
      parentId: board.remoteId,
      name: args.group_name,
      data: {
        board: board.remoteId,
        ...(args.group_color && { color: args.group_color }),
        position: String(existing.length),
      },
    });
    return groupObject(group, existing.length);
  },
  create_column: async (
    args: {
      board_id: string;
      id?: string | null;
      title: string;
      column_type: string;
      after_column_id?: string | null;
    },
    ctx: MondayContext,
  ) => {
    const board = await owned(ctx, args.board_id, 'board', SUBITEMS_BOARD);
    if (!board) throw mondayError('Board not found', 'ResourceNotFoundException', 404, { board_id: args.board_id });
    if (args.after_column_id) {
      throw mondayError('after_column_id is not supported by the monday sandbox', 'InvalidArgumentException');
    }
    if (!COLUMN_TYPES.has(args.column_type)) {
      throw mondayError(
        `The monday sandbox supports only ${[...COLUMN_TYPES].join(', ')} columns`,
        'InvalidArgumentException',
      );
    }
    const columns = columnsOf(board);
    const id = args.id ?? `${args.column_type}_mk${alphanumericId(6).toLowerCase()}`;
    if (columns.some((c) => c.id === id)) {
      throw mondayError('Column with this id already exists', 'ColumnIdAlreadyExistsException', 400, { id });
    }
    const column = { id, title: args.title, type: args.column_type };
    await saveColumns(ctx, board, [...columns, column]);
    return columnObject(column);
  },
  create_status_column: async (
    args: {
      board_id: string;
      id?: string | null;
      title: string;
      after_column_id?: string | null;
      defaults?: { labels: { label: string; color: string; index: number }[] } | null;
    },
    ctx: MondayContext,
  ) => {
    const board = await owned(ctx, args.board_id, 'board', SUBITEMS_BOARD);
    if (!board) throw mondayError('Board not found', 'ResourceNotFoundException', 404, { board_id: args.board_id });
    if (args.after_column_id) {
      throw mondayError('after_column_id is not supported by the monday sandbox', 'InvalidArgumentException');
    }
    const columns = columnsOf(board);
    const id = args.id ?? `color_mk${alphanumericId(6).toLowerCase()}`;
    if (columns.some((c) => c.id === id)) {
      throw mondayError('Column with this id already exists', 'ColumnIdAlreadyExistsException', 400, { id });
    }
    // Without labels of its own, a new status column has those of a new board's Status column.
    const given = args.defaults?.labels ?? [];
    const indexes = new Set(given.map((l) => l.index));
    const names = new Set(given.map((l) => l.label));
    if (indexes.size !== given.length || names.size !== given.length) {
      throw mondayError('Status labels must have distinct labels and indexes', 'InvalidArgumentException', 400);
    }
    const labels = given.length > 0 ? given.map(({ label, index, color }) => ({ label, index, color })) : STATUS_LABELS;
    const column: Column = { id, title: args.title, type: 'status', labels };
    await saveColumns(ctx, board, [...columns, column]);
    return columnObject(column);
  },
  create_item: async (
    args: {
      board_id: string;
      item_name: string;
      group_id?: string | null;
      column_values?: unknown;
      create_labels_if_missing?: boolean | null;
      relative_to?: string | null;
    },
    ctx: MondayContext,
  ) => {
    const board = await owned(ctx, args.board_id, 'board');
    if (!board) throw mondayError('Board not found', 'ResourceNotFoundException', 404, { board_id: args.board_id });
    if (args.relative_to)
      throw mondayError('relative_to is not supported by the monday sandbox', 'InvalidArgumentException');
    const groups = await childrenOf(ctx.db, 'monday', board.remoteId, 'group');
    const group = args.group_id ? groups.find((g) => g.remoteId === args.group_id) : groups[0];
    if (!group) {
      throw mondayError('Group not found', 'InvalidGroupIdException', 404, { group_id: args.group_id ?? null });
    }
    const columns = columnsOf(board);
    const values = columnValues(args.column_values, columns, args.create_labels_if_missing === true);
    await checkDependencies(ctx, board, values, columns);
    if (args.create_labels_if_missing) await saveColumns(ctx, board, columns);
    const item = await insertObject(ctx.db, {
      tool: 'monday',
      kind: 'item',
      remoteId: numericId(10),
      accountId: ctx.account.id,
      parentId: group.remoteId,
      name: args.item_name,
      data: {
        board: board.remoteId,
        group: group.remoteId,
        ...valuesData(values, columns),
      },
    });
    return itemObject(ctx, item);
  },
  create_subitem: async (
    args: {
      parent_item_id: string;
      item_name: string;
      column_values?: unknown;
      create_labels_if_missing?: boolean | null;
    },
    ctx: MondayContext,
  ) => {
    const parent = await owned(ctx, args.parent_item_id, 'item');
    if (!parent) {
      throw mondayError('Item not found', 'ResourceNotFoundException', 404, { item_id: args.parent_item_id });
    }
    const board = await owned(ctx, parent.data.board, 'board');
    if (!board) throw mondayError('Board not found', 'ResourceNotFoundException', 404, { item_id: parent.remoteId });
    const [existing] = await childrenOf(ctx.db, 'monday', board.remoteId, SUBITEMS_BOARD);
    const createLabels = args.create_labels_if_missing === true;
    const subitemColumns = existing ? columnsOf(existing) : structuredClone(SUBITEM_COLUMNS);
    const values = columnValues(args.column_values, subitemColumns, createLabels);
    // The board's first subitem makes its subitems board, as monday does.
    const subitemsBoard =
      existing ??
      (await insertObject(ctx.db, {
        tool: 'monday',
        kind: SUBITEMS_BOARD,
        remoteId: numericId(10),
        accountId: ctx.account.id,
        parentId: board.remoteId,
        name: `Subitems of ${board.name}`,
        data: {
          board_kind: board.data.board_kind,
          description: null,
          workspace_id: board.parentId,
          columns: subitemColumns,
        },
      }));
    if (existing && createLabels) await saveColumns(ctx, existing, subitemColumns);
    const columns = subitemColumns;
    const subitem = await insertObject(ctx.db, {
      tool: 'monday',
      kind: 'subitem',
      remoteId: numericId(10),
      accountId: ctx.account.id,
      parentId: parent.remoteId,
      name: args.item_name,
      data: {
        board: subitemsBoard.remoteId,
        parent_item: parent.remoteId,
        ...valuesData(values, columns),
      },
    });
    return itemObject(ctx, subitem);
  },
  delete_board: async (args: { board_id: string }, ctx: MondayContext) => {
    const board = await owned(ctx, args.board_id, 'board');
    if (!board) throw mondayError('Board not found', 'ResourceNotFoundException', 404, { board_id: args.board_id });
    // Its groups, items and subitems (and their board) go with it; the answer is the board, now deleted.
    await deleteWithDescendants(ctx.db, 'monday', board.remoteId);
    return { ...boardObject(ctx, board), state: 'deleted' };
  },
  change_multiple_column_values: async (
    args: {
      board_id: string;
      item_id?: string | null;
      column_values: unknown;
      create_labels_if_missing?: boolean | null;
    },
    ctx: MondayContext,
  ) => {
    const board = await owned(ctx, args.board_id, 'board', SUBITEMS_BOARD);
    if (!board) throw mondayError('Board not found', 'ResourceNotFoundException', 404, { board_id: args.board_id });
    const item = args.item_id ? await owned(ctx, args.item_id, 'item', 'subitem') : undefined;
    if (!item || item.data.board !== board.remoteId) {
      throw mondayError('Item not found in board', 'ResourceNotFoundException', 404, {
        item_id: args.item_id ?? null,
        board_id: board.remoteId,
      });
    }
    const columns = columnsOf(board);
    const values = columnValues(args.column_values, columns, args.create_labels_if_missing === true);
    await checkDependencies(ctx, board, values, columns, item.remoteId);
    if (args.create_labels_if_missing) await saveColumns(ctx, board, columns);
    const [updated] = await ctx.db
      .update(sandboxObjects)
      .set({ data: withColumnValues(item, columns, values) })
      .where(eq(sandboxObjects.id, item.id))
      .returning();
    return itemObject(ctx, updated ?? item);
  },
};

/** An answer of the API: HTTP status, headers and body. */
export interface MondayResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** monday's answer to a request it refuses as a whole: the status, `errors` and the request id. */
export function mondayFailure(
  requestId: string,
  status: number,
  message: string,
  code: string,
  extra: Record<string, unknown> = {},
): MondayResult {
  return {
    status,
    body: {
      errors: [{ message, extensions: { code, status_code: status, ...extra } }],
      extensions: { request_id: requestId },
    },
  };
}

/** One authenticated request to /v2. */
interface MondayCall {
  db: Database;
  publicUrl: string;
  account: Account;
  /** The caller's token: reads and writes each have a budget per token. */
  token: string;
  /** Complexity points per minute, for reads and for writes. */
  budget: number;
  requestId: string;
}

export interface MondayRequestBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

/** A GraphQL request: validated against the schema, priced, charged to the budget, then run. */
export async function mondayCall(call: MondayCall, body: MondayRequestBody): Promise<MondayResult> {
  const { db, publicUrl, account, token, budget, requestId } = call;
  const accountId = accountIdOf(account);
  // Errors of the request itself are application-level: HTTP 200 with `errors`.
  const refused = (errors: unknown[]): MondayResult => ({
    status: 200,
    body: { errors, account_id: accountId, extensions: { request_id: requestId } },
  });

  const parsed = parseAndValidate(body.query, body.operationName ?? undefined);
  if (!parsed.ok) {
    return refused(
      parsed.errors.map((e) => ({
        message: e.message,
        ...(e.locations && { locations: e.locations }),
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      })),
    );
  }
  const allowed = parsed.operation.operation === 'mutation' ? SUPPORTED_MUTATIONS : SUPPORTED_QUERIES;
  const unsupported = rootFields(parsed.document, parsed.operation).filter((f) => !allowed.has(f.name.value));
  if (unsupported.length > 0) {
    return refused(
      unsupported.map((f) => ({
        message: `The monday sandbox does not implement ${f.name.value}`,
        extensions: { code: 'SANDBOX_UNSUPPORTED_FIELD' },
      })),
    );
  }
  const cost = complexityOf(parsed.document, parsed.operation);
  if (cost > MONDAY_MAX_QUERY_COMPLEXITY) {
    return refused([
      {
        message: `Query has complexity of ${cost}, which exceeds max complexity of ${MONDAY_MAX_QUERY_COMPLEXITY}`,
        extensions: { code: 'maxComplexityExceeded', complexity: cost, maxComplexity: MONDAY_MAX_QUERY_COMPLEXITY },
      },
    ]);
  }
  // Reads and writes have a budget each; a refused request spends nothing.
  const kind = parsed.operation.operation === 'mutation' ? 'write' : 'read';
  const rate = await spendRate(db, 'monday', `${hashToken(token)}:${kind}`, cost, budget, false);
  const resetIn = Math.max(0, Math.ceil((rate.resetAt.getTime() - Date.now()) / 1000));
  if (!rate.allowed) {
    return {
      ...mondayFailure(requestId, 429, 'Complexity budget exhausted', 'COMPLEXITY_BUDGET_EXHAUSTED', {
        retry_in_seconds: rate.retryAfterSeconds,
      }),
      headers: { 'retry-after': String(rate.retryAfterSeconds) },
    };
  }
  const ctx: MondayContext = {
    db,
    publicUrl,
    account,
    complexity: {
      before: budget - rate.used + cost,
      after: budget - rate.used,
      query: cost,
      reset_in_x_seconds: resetIn,
    },
  };
  const result = await execute({
    schema: mondaySchema(),
    document: parsed.document,
    rootValue: root,
    contextValue: ctx,
    variableValues: (body.variables ?? undefined) as Record<string, unknown> | undefined,
    operationName: parsed.operation.name?.value ?? null,
  });
  return {
    status: 200,
    headers: { 'api-version': MONDAY_API_VERSION },
    body: {
      data: result.data ?? null,
      ...(result.errors && {
        errors: result.errors.map((e: GraphQLError) => ({
          message: e.message,
          ...(e.locations && { locations: e.locations }),
          ...(e.path && { path: e.path }),
          extensions: e.extensions?.code ? e.extensions : { code: 'INTERNAL_SERVER_ERROR', ...e.extensions },
        })),
      }),
      account_id: accountId,
      extensions: { request_id: requestId },
    },
  };
}
