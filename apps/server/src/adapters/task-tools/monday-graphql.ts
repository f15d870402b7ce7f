import type { TokenSource, ToolEndpoints } from '../../ports/task-tool.port';
import { UpstreamError } from '../../ports/task-tool.port';
import { callTool, defaultSleep, type HttpDeps } from './http';

/**
 * monday's GraphQL API as the adapter speaks it: several creates packed into one request, sent with the API
 * version, and monday's answers read, a refusal of the complexity budget waited out and tried again.
 */

/** The API version this adapter was written against (contracts/monday/schema.graphql). */
export const MONDAY_API_VERSION = '2026-10';

interface GraphQLError {
  message: string;
  extensions?: { code?: string; retry_in_seconds?: number; status_code?: number };
}
interface GraphQLResponse<T> {
  data?: T | null;
  errors?: GraphQLError[];
  error_code?: string;
  error_message?: string;
}

const BUDGET_CODES = new Set(['ComplexityException', 'COMPLEXITY_BUDGET_EXHAUSTED', 'RATE_LIMIT_EXCEEDED']);

/** Seconds until the complexity budget allows us again, read from a monday error. */
export function mondayRetrySeconds(error: GraphQLError): number {
  if (typeof error.extensions?.retry_in_seconds === 'number') return error.extensions.retry_in_seconds;
  const match = /reset in (\d+) seconds?/i.exec(error.message);
  return match ? Number(match[1]) : 10;
}

export interface MondayMutation {
  /** GraphQL field call, with $-variables suffixed by the alias index. */
  field: string;
  variables: Record<string, { type: string; value: unknown }>;
  /** What the answer selects; `{ id }` unless told. */
  selection?: string;
}

/** Packs several creates into one document of aliased mutations (m0, m1, ...) with typed variables. */
export function packMutations(mutations: MondayMutation[]): { query: string; variables: Record<string, unknown> } {
  const declarations: string[] = [];
  const variables: Record<string, unknown> = {};
  const fields = mutations.map((m, i) => {
    for (const [name, v] of Object.entries(m.variables)) {
      declarations.push(`$${name}: ${v.type}`);
      variables[name] = v.value;
    }
    return `m${i}: ${m.field} ${m.selection ?? '{ id }'}`;
  });
  return {
    query: `mutation (${declarations.join(', ')}) { ${fields.join(' ')} complexity { after reset_in_x_seconds } }`,
    variables,
  };
}

/** One GraphQL request to monday: its data, once the complexity budget lets it through. */
export type MondayGql = <T>(
  token: TokenSource,
  query: string,
  variables: Record<string, unknown>,
  signal?: AbortSignal,
) => Promise<T>;

/** Sends GraphQL requests to monday's API, waiting out (up to five times) a budget that refuses one. */
export function mondayGql(endpoints: ToolEndpoints, deps: HttpDeps = {}): MondayGql {
  const sleep = deps.sleep ?? defaultSleep;

  async function gql<T>(token: TokenSource, query: string, variables: Record<string, unknown>, signal?: AbortSignal) {
    for (let attempt = 0; ; attempt++) {
      const response = await callTool<GraphQLResponse<T>>(
        'monday',
        {
          method: 'POST',
          url: endpoints.apiBase,
          headers: { 'API-Version': MONDAY_API_VERSION },
          body: { query, variables },
          token,
          authScheme: 'raw',
          ...(signal && { signal }),
        },
        deps,
      );
      const errors = response.errors ?? [];
      const budget = errors.find((e) => BUDGET_CODES.has(e.extensions?.code ?? ''));
      if (budget || response.error_code === 'ComplexityException') {
        const seconds = budget ? mondayRetrySeconds(budget) : 10;
        if (attempt >= 5 || seconds * 1000 > (deps.maxInlineWaitMs ?? 60_000)) {
          throw new UpstreamError(
            'monday',
            429,
            budget?.message ?? 'monday complexity budget exhausted',
            true,
            seconds * 1000,
          );
        }
        await sleep(seconds * 1000, signal);
        continue;
      }
      if (errors.length > 0 || response.error_message || !response.data) {
        const message = errors[0]?.message ?? response.error_message ?? 'monday answered without data';
        throw new UpstreamError('monday', 400, message, false);
      }
      return response.data;
    }
  }

  return gql;
}
