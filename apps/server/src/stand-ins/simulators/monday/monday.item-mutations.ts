import { eq } from 'drizzle-orm';
import { sandboxObjects } from '../sandbox.tables';
import { childrenOf, insertObject, numericId } from '../sandbox-store';
import { columnsOf, type MondayContext, owned, SUBITEM_COLUMNS, SUBITEMS_BOARD, saveColumns } from './monday.board';
import { checkDependencies, columnValues, valuesData, withColumnValues } from './monday.column-values';
import { mondayError } from './monday.graphql';
import { itemObject } from './monday.objects';

/** The mutations that fill a board: items and subitems made with their column values, and values changed. */
export const itemMutations = {
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
