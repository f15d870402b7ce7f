import { and, asc, eq, sql } from 'drizzle-orm';
import { sandboxObjects } from '../sandbox.tables';
import { childrenOf, findObject, type SandboxObject } from '../sandbox-store';
import { accountIdOf, type Column, columnsOf, type MondayContext, owned, SUBITEMS_BOARD } from './monday.board';
import { mondayError } from './monday.graphql';

/**
 * The simulator's objects as monday's GraphQL API answers them (User, Workspace, Board, Group, Item, column
 * values), their nested fields resolved when a request selects them.
 */

const GROUP_COLORS = ['#579bfc', '#00c875', '#fdab3d', '#e2445c', '#a25ddc', '#037f4c'];

export const userObject = ({ account: a, publicUrl }: MondayContext) => ({
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

export const workspaceObject = (o: SandboxObject) => ({
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
export const linkedIds = (stored: unknown): string[] =>
  ((stored as { item_ids?: unknown } | null | undefined)?.item_ids as string[] | undefined) ?? [];

/**
 * A column's value as monday answers it: `text` as shown (a status's label, a date as YYYY-MM-DD), `value` the
 * stored JSON (null when unset).
 */
export function columnValueObject(c: Column, stored: unknown) {
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

export const columnObject = ({ labels, ...c }: Column) => {
  // A status column's settings name its labels by index, as monday's settings_str does.
  const settings = labels ? { labels: Object.fromEntries(labels.map((l) => [String(l.index), l.label])) } : {};
  return { ...c, archived: false, description: null, width: null, settings, settings_str: JSON.stringify(settings) };
};

export const groupObject = (o: SandboxObject, index: number) => ({
  id: o.remoteId,
  title: o.name,
  color: String(o.data.color ?? GROUP_COLORS[index % GROUP_COLORS.length]),
  position: String(o.data.position ?? index),
  archived: false,
  deleted: false,
});

/** The workspace a board is in; a subitems board is in its board's. */
export const workspaceIdOf = (o: SandboxObject) =>
  o.kind === SUBITEMS_BOARD ? ((o.data.workspace_id as string | null | undefined) ?? null) : o.parentId;

/** A board's page in the simulator, at the path of monday.com's own board addresses. */
export const MONDAY_BOARD_PATH = '/boards/:id';

export const boardObject = (ctx: MondayContext, o: SandboxObject) => ({
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
export const itemsPage = async (ctx: MondayContext, board: SandboxObject, start: number, limit: number) => {
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

export const itemObject = (ctx: MondayContext, o: SandboxObject): Record<string, unknown> => ({
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
