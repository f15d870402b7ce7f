import { type TokenSource, type UploadLedger, UpstreamError } from '../../ports/task-tool.port';
import { chunk, type HttpDeps } from './http';
import { type MondayGql, type MondayMutation, packMutations } from './monday-graphql';

/**
 * How an upload sends its creates: packed many to a request under monday's single-request cap, each request
 * waiting for the complexity budget when what is left would not pay for it, every id recorded before the next
 * request, and the first request of a resumed run checked for the objects a lost answer left behind.
 */

/** monday's documented cost of one create_item. */
const CREATE_COMPLEXITY = 10_000;
/**
 * Mutations per request: 400 × 10,000 = 4M points, under the 5M single-request cap; a 100-task, 300-subtask
 * plan then needs one request per level, its last request holding 299 subitems, the subitems board's
 * description column and the first subitem's description. The 5M-per-minute budget is watched through the
 * `complexity` field each response carries.
 */
export const MONDAY_CREATES_PER_REQUEST = 400;

/** One create of an upload: its ledger key, the parent it goes under, and its name, for finding it again. */
export interface Create {
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

/** How an upload paces itself: the complexity left after its last request, and whether a lost create may exist. */
export interface Pace {
  budget: { after: number; reset_in_x_seconds: number } | null;
  mayExist: boolean;
}
/** An object found on the board, with the id of the board, group or item it is under. */
export interface Listed {
  parent: string;
  id: string;
  name: string;
}

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

/** Runs the creates of an upload in packed requests, through `gql`, sleeping with `sleep` while the budget refills. */
export function mondayCreateAll(gql: MondayGql, sleep: NonNullable<HttpDeps['sleep']>) {
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

  return createAll;
}

/** What mondayCreateAll returns: runs creates, answering each one's selection by its key. */
export type MondayCreateAll = ReturnType<typeof mondayCreateAll>;
