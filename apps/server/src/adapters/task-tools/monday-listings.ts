import type { TokenSource, UploadLedger, UploadPlan } from '../../ports/task-tool.port';
import { chunk } from './http';
import type { MondayGql } from './monday-graphql';
import type { Listed } from './monday-pacing';

/**
 * What a board holds, read back for a resumed upload: the board a lost create made, and at each level the
 * objects a lost request may have created, each with the id of what it is under.
 */

/**
 * Finds the board a lost create of this upload made: one of the plan's name in the workspace that no upload
 * holds, with no items and none of the plan's groups. Only the run that lost its answer left a board that
 * bare; another upload's board of the same template holds its groups.
 */
export async function adoptBoard(
  gql: MondayGql,
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

/** The listings of a board's groups, items and subitems, read through `gql`. */
export function boardListings(gql: MondayGql) {
  /** What a board holds at one level, for finding objects a lost request created: each with its parent's id. */
  return {
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
}
