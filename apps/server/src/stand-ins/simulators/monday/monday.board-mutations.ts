import { and, asc, eq } from 'drizzle-orm';
import { sandboxObjects } from '../sandbox.tables';
import {
  alphanumericId,
  childrenOf,
  deleteWithDescendants,
  insertObject,
  numericId,
  type SandboxObject,
} from '../sandbox-store';
import {
  type Column,
  columnsOf,
  ITEM_COLUMNS,
  type MondayContext,
  owned,
  STATUS_LABELS,
  SUBITEMS_BOARD,
  saveColumns,
} from './monday.board';
import { mondayError } from './monday.graphql';
import { boardObject, columnObject, groupObject, workspaceObject } from './monday.objects';

/** The column types create_column accepts in the sandbox: what an uploaded plan needs. */
const COLUMN_TYPES = new Set(['date', 'long_text', 'text', 'dependency']);

/** The mutations that shape a board: workspaces, boards, groups and columns made, and a board deleted. */
export const boardMutations = {
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
  delete_board: async (args: { board_id: string }, ctx: MondayContext) => {
    const board = await owned(ctx, args.board_id, 'board');
    if (!board) throw mondayError('Board not found', 'ResourceNotFoundException', 404, { board_id: args.board_id });
    // Its groups, items and subitems (and their board) go with it; the answer is the board, now deleted.
    await deleteWithDescendants(ctx.db, 'monday', board.remoteId);
    return { ...boardObject(ctx, board), state: 'deleted' };
  },
};
