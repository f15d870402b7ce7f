import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { sandboxObjects } from '../sandbox.tables';
import { type Account, findObject, type SandboxObject } from '../sandbox-store';

/**
 * The simulated monday.com boards as the store keeps them: the columns a new board and its subitems board get,
 * what every resolver is given, and the caller's own objects looked up and their columns stored again.
 */

/**
 * The kind of a board's subitems board: monday keeps subitems on a board of their own (`Board.type`
 * `sub_items_board`), made when the board's first subitem is. Stored under its board, with its own columns.
 */
export const SUBITEMS_BOARD = 'subitems_board';
/** A status column's label: its text and its index, the two ways a value may name it. */
type StatusLabel = { label: string; index: number; color?: string };
export type Column = { id: string; title: string; type: string; labels?: StatusLabel[] };
/** The labels of a new board's Status column, as monday makes it. */
export const STATUS_LABELS: StatusLabel[] = [
  { label: 'Working on it', index: 0 },
  { label: 'Done', index: 1 },
  { label: 'Stuck', index: 2 },
];
/** Columns of a new board and of its subitems board, as monday creates them. */
export const ITEM_COLUMNS: Column[] = [
  { id: 'person', title: 'Person', type: 'people' },
  { id: 'status', title: 'Status', type: 'status', labels: STATUS_LABELS },
  { id: 'date4', title: 'Date', type: 'date' },
];
export const SUBITEM_COLUMNS: Column[] = [
  { id: 'person', title: 'Owner', type: 'people' },
  { id: 'status', title: 'Status', type: 'status', labels: STATUS_LABELS },
  { id: 'date0', title: 'Date', type: 'date' },
];

/** The account a user belongs to, as monday numbers it (User.account_id): the user id's first eight digits. */
export const accountIdOf = (a: Account) => Number(a.remoteId.slice(0, 8));

/** What every resolver is given: the store, the caller's account and what the request being run costs. */
export interface MondayContext {
  db: Database;
  publicUrl: string;
  account: Account;
  complexity: { before: number; after: number; query: number; reset_in_x_seconds: number };
}

export const owned = async (
  ctx: MondayContext,
  id: unknown,
  ...kinds: string[]
): Promise<SandboxObject | undefined> => {
  const o = await findObject(ctx.db, 'monday', String(id));
  return o && kinds.includes(o.kind) && o.accountId === ctx.account.id ? o : undefined;
};
/** A board's columns, a copy: a value naming a new status label (create_labels_if_missing) adds it to the copy. */
export const columnsOf = (board: SandboxObject): Column[] =>
  structuredClone((board.data.columns as Column[] | undefined) ?? []);

/** Stores a board's columns again, after a value added a status label (create_labels_if_missing). */
export const saveColumns = (ctx: MondayContext, board: SandboxObject, columns: Column[]) =>
  ctx.db
    .update(sandboxObjects)
    .set({ data: { ...board.data, columns } })
    .where(eq(sandboxObjects.id, board.id));
