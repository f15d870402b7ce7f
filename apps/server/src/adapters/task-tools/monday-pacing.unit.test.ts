import { describe, expect, it } from 'vitest';
import type { UploadLedger } from '../../ports/task-tool.port';
import { fixedToken } from './http';
import type { MondayGql } from './monday-graphql';
import { type Create, type Listed, MONDAY_CREATES_PER_REQUEST, mondayCreateAll, type Pace } from './monday-pacing';

const ledgerOf = (known = new Map<string, string>()): UploadLedger & { known: Map<string, string> } => ({
  known,
  signal: new AbortController().signal,
  resumed: false,
  get: (k) => known.get(k),
  holds: (id) => [...known.values()].includes(id),
  record: async (entries) => {
    for (const e of entries) known.set(e.key, e.remoteId);
  },
});
const group = (i: number, parent = '5'): Create => ({
  key: `s${i}`,
  parent,
  name: `Section ${i}`,
  mutation: { field: `create_group(board_id: $b${i}, group_name: $n${i})`, variables: {} },
});
/** A monday that creates everything it is sent, numbering from 100, and answers the complexity left. */
function fakeMonday(left: { after: number; reset_in_x_seconds: number } | undefined = undefined) {
  const requests: number[] = [];
  let next = 100;
  const gql = (async (_token: unknown, query: string) => {
    const count = query.match(/ m\d+: /g)?.length ?? 0;
    requests.push(count);
    const data: Record<string, unknown> = Object.fromEntries(
      Array.from({ length: count }, (_, i) => [`m${i}`, { id: String(next++) }]),
    );
    if (left) data.complexity = left;
    return data;
  }) as MondayGql;
  return { gql, requests };
}
const token = fixedToken('tok');
const none = async (): Promise<Listed[]> => [];

describe('creates sent to monday', () => {
  it(`go ${MONDAY_CREATES_PER_REQUEST} to a request, each id recorded and each answer kept by key`, async () => {
    const { gql, requests } = fakeMonday();
    const ledger = ledgerOf();
    const pace: Pace = { budget: null, mayExist: false };
    const items = Array.from({ length: MONDAY_CREATES_PER_REQUEST + 1 }, (_, i) => group(i));
    const answers = await mondayCreateAll(gql, async () => {})(token, ledger, items, pace, none);
    expect(requests).toEqual([MONDAY_CREATES_PER_REQUEST, 1]);
    expect(ledger.known.get('s0')).toBe('100');
    expect(ledger.known.get(`s${MONDAY_CREATES_PER_REQUEST}`)).toBe(String(100 + MONDAY_CREATES_PER_REQUEST));
    expect(answers.get('s1')).toEqual({ id: '101' });
  });

  it('wait for the window to reset when what is left would not pay for the request, and only then', async () => {
    const waits: number[] = [];
    const { gql } = fakeMonday({ after: 25_000, reset_in_x_seconds: 12 });
    const createAll = mondayCreateAll(gql, async (ms) => void waits.push(ms));
    const pace: Pace = { budget: null, mayExist: false };
    await createAll(token, ledgerOf(), [group(0), group(1)], pace, none);
    expect(waits).toEqual([]);
    expect(pace.budget).toEqual({ after: 25_000, reset_in_x_seconds: 12 });
    await createAll(token, ledgerOf(), [group(0), group(1)], pace, none);
    expect(waits).toEqual([]);
    await createAll(token, ledgerOf(), [group(0), group(1), group(2)], pace, none);
    expect(waits).toEqual([12_000]);
  });

  it('record what an untracked change carries, never its own key', async () => {
    const { gql } = fakeMonday();
    const ledger = ledgerOf();
    const change: Create = {
      ...group(0),
      key: 'links:t1',
      untracked: true,
      records: [{ key: 't1>t0', remoteId: '7<6' }],
    };
    await mondayCreateAll(gql, async () => {})(token, ledger, [change], { budget: null, mayExist: false }, none);
    expect([...ledger.known]).toEqual([['t1>t0', '7<6']]);
  });

  it('fail, to be tried again, when monday leaves one uncreated, the others recorded first', async () => {
    const gql = (async () => ({ m0: { id: '100' }, m1: null })) as MondayGql;
    const ledger = ledgerOf();
    const run = mondayCreateAll(gql, async () => {})(
      token,
      ledger,
      [group(0), group(1)],
      { budget: null, mayExist: false },
      none,
    );
    await expect(run).rejects.toMatchObject({ status: 502, retryable: true });
    expect([...ledger.known]).toEqual([['s0', '100']]);
  });

  it("adopt, on a resumed run's first request, what a lost answer created, and send the rest", async () => {
    const { gql, requests } = fakeMonday();
    const ledger = ledgerOf(new Map([['s9', '55']]));
    const asked: string[][] = [];
    const existing = async (parents: string[]): Promise<Listed[]> => {
      asked.push(parents);
      return [
        { parent: '5', id: '55', name: 'Section 0' }, // held by another item of this upload
        { parent: '5', id: '56', name: 'Section 0' },
        { parent: '6', id: '57', name: 'Section 1' }, // under another parent
      ];
    };
    const pace: Pace = { budget: null, mayExist: true };
    await mondayCreateAll(gql, async () => {})(token, ledger, [group(0), group(1)], pace, existing);
    expect(asked).toEqual([['5']]);
    expect(ledger.known.get('s0')).toBe('56');
    expect(ledger.known.get('s1')).toBe('100');
    expect(requests).toEqual([1]);
    expect(pace.mayExist).toBe(false);
  });
});
