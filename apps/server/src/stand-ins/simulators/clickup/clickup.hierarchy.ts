import { and, asc, eq } from 'drizzle-orm';
import { sandboxObjects } from '../sandbox.tables';
import { childrenOf, deleteWithDescendants, findObject, insertObject, numericId } from '../sandbox-store';
import {
  CreateFolderBody,
  CreateFolderParams,
  CreateListBody,
  CreateListParams,
  clickupError,
  GetSpacesParams,
  GetSpacesQuery,
} from './clickup.contract';
import {
  type ClickUpAnswer,
  type ClickUpContext,
  type ClickUpRequest,
  isError,
  isReadError,
  ok,
  owned,
  parse,
  readTarget,
} from './clickup.operation';
import { COLOR, folderRecord, listRecord, spaceRecord, userRecord } from './clickup.records';

/** The operations on a Workspace's hierarchy: the caller, its Workspaces, their Spaces, Folders and Lists. */

/** GET /user */
export async function getAuthorizedUser({ account }: ClickUpContext): Promise<ClickUpAnswer> {
  return ok({ user: { ...userRecord(account), week_start_day: null, global_font_support: false, timezone: 'UTC' } });
}

/** GET /team: the caller's Workspaces. */
export async function getAuthorizedTeams({ db, account }: ClickUpContext): Promise<ClickUpAnswer> {
  const teams = await db
    .select()
    .from(sandboxObjects)
    .where(
      and(
        eq(sandboxObjects.tool, 'clickup'),
        eq(sandboxObjects.kind, 'team'),
        eq(sandboxObjects.accountId, account.id),
      ),
    )
    .orderBy(asc(sandboxObjects.id));
  return ok({
    teams: teams.map((t) => ({
      id: t.remoteId,
      name: t.name,
      color: COLOR,
      avatar: null,
      members: [{ user: { ...userRecord(account), role: 1, custom_role: null } }],
    })),
  });
}

/** GET /team/:team_id/space */
export async function getSpaces(ctx: ClickUpContext, request: ClickUpRequest): Promise<ClickUpAnswer> {
  const read = await readTarget(ctx, request, {
    params: GetSpacesParams,
    query: GetSpacesQuery,
    kind: 'team',
    notFound: clickupError(401, 'Team not authorized', 'OAUTH_023'),
  });
  if (isReadError(read)) return read;
  const spaces =
    read.query.archived === 'true' ? [] : await childrenOf(ctx.db, 'clickup', read.target.remoteId, 'space');
  return ok({ spaces: spaces.map(spaceRecord) });
}

/** POST /space/:space_id/folder */
export async function createFolder(ctx: ClickUpContext, request: ClickUpRequest): Promise<ClickUpAnswer> {
  const params = parse(CreateFolderParams, request.params, 'Request');
  if (!params.ok) return params.error;
  const body = parse(CreateFolderBody, request.body, 'Folder');
  if (!body.ok) return body.error;
  if (body.data.name.trim() === '') return clickupError(400, 'Folder name invalid', 'INPUT_005');
  const space = await owned(ctx, params.data.space_id, 'space', clickupError(404, 'Space not found', 'ITEM_015'));
  if (isError(space)) return space;
  const siblings = await childrenOf(ctx.db, 'clickup', space.remoteId, 'folder');
  const folder = await insertObject(ctx.db, {
    tool: 'clickup',
    kind: 'folder',
    remoteId: numericId(11),
    accountId: ctx.account.id,
    parentId: space.remoteId,
    name: body.data.name,
    data: { space: space.remoteId },
  });
  return ok(folderRecord(folder, space, siblings.length));
}

/** POST /folder/:folder_id/list */
export async function createList(ctx: ClickUpContext, request: ClickUpRequest): Promise<ClickUpAnswer> {
  const params = parse(CreateListParams, request.params, 'Request');
  if (!params.ok) return params.error;
  const body = parse(CreateListBody, request.body, 'List');
  if (!body.ok) return body.error;
  if (body.data.name.trim() === '') return clickupError(400, 'List name invalid', 'INPUT_005');
  const folder = await owned(ctx, params.data.folder_id, 'folder', clickupError(404, 'Folder not found', 'ITEM_014'));
  if (isError(folder)) return folder;
  const space = (await findObject(ctx.db, 'clickup', folder.parentId!))!;
  const siblings = await childrenOf(ctx.db, 'clickup', folder.remoteId, 'list');
  const content = body.data.content ?? body.data.markdown_content ?? '';
  const list = await insertObject(ctx.db, {
    tool: 'clickup',
    kind: 'list',
    remoteId: numericId(12),
    accountId: ctx.account.id,
    parentId: folder.remoteId,
    name: body.data.name,
    data: {
      content,
      folder: folder.remoteId,
      space: space.remoteId,
      due_date: body.data.due_date === undefined ? null : String(body.data.due_date),
    },
  });
  return ok(listRecord(list, folder, space, siblings.length));
}

/** GET /space/:space_id/folder: each folder with its lists. */
export async function getFolders(ctx: ClickUpContext, request: ClickUpRequest): Promise<ClickUpAnswer> {
  const read = await readTarget(ctx, request, {
    params: CreateFolderParams,
    query: GetSpacesQuery,
    kind: 'space',
    notFound: clickupError(404, 'Space not found', 'ITEM_015'),
  });
  if (isReadError(read)) return read;
  const space = read.target;
  const folders = read.query.archived === 'true' ? [] : await childrenOf(ctx.db, 'clickup', space.remoteId, 'folder');
  const records = [];
  for (const [i, folder] of folders.entries()) {
    records.push(folderRecord(folder, space, i, await childrenOf(ctx.db, 'clickup', folder.remoteId, 'list')));
  }
  return ok({ folders: records });
}

/** GET /folder/:folder_id/list */
export async function getLists(ctx: ClickUpContext, request: ClickUpRequest): Promise<ClickUpAnswer> {
  const read = await readTarget(ctx, request, {
    params: CreateListParams,
    query: GetSpacesQuery,
    kind: 'folder',
    notFound: clickupError(404, 'Folder not found', 'ITEM_014'),
  });
  if (isReadError(read)) return read;
  const folder = read.target;
  const space = (await findObject(ctx.db, 'clickup', folder.parentId!))!;
  const lists = read.query.archived === 'true' ? [] : await childrenOf(ctx.db, 'clickup', folder.remoteId, 'list');
  return ok({ lists: lists.map((list, i) => listRecord(list, folder, space, i)) });
}

/** DELETE /folder/:folder_id: the folder with its lists and their tasks; ClickUp answers an empty object. */
export async function deleteFolder(ctx: ClickUpContext, request: ClickUpRequest): Promise<ClickUpAnswer> {
  const params = parse(CreateListParams, request.params, 'Request');
  if (!params.ok) return params.error;
  const folder = await owned(ctx, params.data.folder_id, 'folder', clickupError(404, 'Folder not found', 'ITEM_014'));
  if (isError(folder)) return folder;
  await deleteWithDescendants(ctx.db, 'clickup', folder.remoteId);
  return ok({});
}
