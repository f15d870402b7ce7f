import { and, asc, eq, inArray } from 'drizzle-orm';
import { sandboxObjects } from '../sandbox.tables';
import { type MondayContext, owned, SUBITEMS_BOARD } from './monday.board';
import { mondayError } from './monday.graphql';
import { boardObject, itemObject, itemsPage, userObject, workspaceIdOf, workspaceObject } from './monday.objects';

/** The root queries the simulator serves: the caller, its workspaces, boards and items, and what a request costs. */
export const queryResolvers = {
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
};
