import { eq } from 'drizzle-orm';
import { sandboxObjects } from '../sandbox.tables';
import { findObject, type SandboxObject } from '../sandbox-store';
import type { TaskDone } from '../sandbox-tree';
import { type Column, columnsOf, ITEM_COLUMNS, type MondayContext, owned } from './monday.board';
import { mondayError } from './monday.graphql';
import { columnValueObject, linkedIds } from './monday.objects';

/**
 * Column values as monday takes them (a status's label or index, a date, a dependency's items), checked against
 * the board's columns, and what an item keeps of them; the sandbox page's "done" is the Status column's.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The items a dependency value names must be items of the same board, other than the item itself: monday links
 * items of one board. The words are the sandbox's.
 */
export async function checkDependencies(
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
export const columnValues = (value: unknown, columns: Column[], createLabels = false) => {
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
export const valuesData = (values: Record<string, unknown>, columns: Column[]) => ({
  column_values: values,
  columns: shownColumns(values, columns),
  description: descriptionOf(values, columns) ?? null,
});

/** An item's data with column values set over the ones it had, as change_multiple_column_values keeps them. */
export const withColumnValues = (item: SandboxObject, columns: Column[], values: Record<string, unknown>) => ({
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
