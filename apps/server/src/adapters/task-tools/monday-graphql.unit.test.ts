import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../ports/task-tool.port';
import { fixedToken } from './http';
import { mondayEndpoints } from './monday';
import { mondayGql, mondayRetrySeconds, packMutations } from './monday-graphql';

describe('monday requests', () => {
  it('packs monday mutations with aliases and typed variables', () => {
    const packed = packMutations([
      {
        field: 'create_group(board_id: $b0, group_name: $n0)',
        variables: { b0: { type: 'ID!', value: '5' }, n0: { type: 'String!', value: 'Plan "A"' } },
      },
      {
        field: 'create_group(board_id: $b1, group_name: $n1)',
        variables: { b1: { type: 'ID!', value: '5' }, n1: { type: 'String!', value: 'Do' } },
      },
    ]);
    expect(packed.query).toBe(
      'mutation ($b0: ID!, $n0: String!, $b1: ID!, $n1: String!) { m0: create_group(board_id: $b0, group_name: $n0) { id } m1: create_group(board_id: $b1, group_name: $n1) { id } complexity { after reset_in_x_seconds } }',
    );
    // Names travel as variables, never spliced into the document.
    expect(packed.variables).toEqual({ b0: '5', n0: 'Plan "A"', b1: '5', n1: 'Do' });
  });

  it("reads monday's complexity reset", () => {
    expect(
      mondayRetrySeconds({ message: 'x', extensions: { code: 'COMPLEXITY_BUDGET_EXHAUSTED', retry_in_seconds: 12 } }),
    ).toBe(12);
    expect(
      mondayRetrySeconds({
        message: 'Complexity budget exhausted, query cost 30001 budget remaining 10 out of 1000000 reset in 21 seconds',
      }),
    ).toBe(21);
  });
});

describe('monday requests sent', () => {
  const endpoints = mondayEndpoints('http://x');
  /** A fetch that answers the bodies given, one a request, and keeps what it was sent. */
  const answering = (...bodies: unknown[]) => {
    const sent: { headers: Headers; body: unknown }[] = [];
    const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
      sent.push({ headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) });
      return Response.json(bodies.shift());
    };
    return { sent, fetch: fetch as typeof globalThis.fetch };
  };
  const budgetRefusal = (seconds: number) => ({
    errors: [
      {
        message: 'Complexity budget exhausted',
        extensions: { code: 'COMPLEXITY_BUDGET_EXHAUSTED', retry_in_seconds: seconds },
      },
    ],
  });

  it("sends the query with its variables and the API version, and answers monday's data", async () => {
    const { sent, fetch } = answering({ data: { me: { id: '1' } } });
    const gql = mondayGql(endpoints, { fetch });
    expect(await gql(fixedToken('tok'), 'query ($x: ID) { me { id } }', { x: '1' })).toEqual({ me: { id: '1' } });
    expect(sent[0]?.body).toEqual({ query: 'query ($x: ID) { me { id } }', variables: { x: '1' } });
    expect(sent[0]?.headers.get('api-version')).toBe('2026-10');
    expect(sent[0]?.headers.get('authorization')).toBe('tok');
  });

  it('waits out a refusal of the budget and asks again', async () => {
    const waits: number[] = [];
    const { sent, fetch } = answering(budgetRefusal(7), { data: { ok: true } });
    const gql = mondayGql(endpoints, { fetch, sleep: async (ms) => void waits.push(ms) });
    expect(await gql(fixedToken('tok'), '{ ok }', {})).toEqual({ ok: true });
    expect(waits).toEqual([7000]);
    expect(sent).toHaveLength(2);
  });

  it('gives up on a wait longer than it may hold the worker, and on an error that is not the budget', async () => {
    const long = mondayGql(endpoints, { fetch: answering(budgetRefusal(90)).fetch, maxInlineWaitMs: 60_000 });
    await expect(long(fixedToken('tok'), '{ ok }', {})).rejects.toMatchObject({ status: 429, retryable: true });
    const refused = mondayGql(endpoints, { fetch: answering({ errors: [{ message: 'Board not found' }] }).fetch });
    const error = await refused(fixedToken('tok'), '{ ok }', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ status: 400, message: 'Board not found', retryable: false });
  });
});
