import { execute, type GraphQLError } from 'graphql';
import type { Database } from '../../../db/client';
import { hashToken } from '../grants';
import { spendRate } from '../rate-windows';
import type { Account } from '../sandbox-store';
import { accountIdOf, type MondayContext } from './monday.board';
import { boardMutations } from './monday.board-mutations';
import {
  complexityOf,
  MONDAY_API_VERSION,
  MONDAY_MAX_QUERY_COMPLEXITY,
  mondaySchema,
  parseAndValidate,
  rootFields,
  SUPPORTED_MUTATIONS,
  SUPPORTED_QUERIES,
} from './monday.graphql';
import { itemMutations } from './monday.item-mutations';
import { queryResolvers } from './monday.queries';

/**
 * The simulated monday.com API: one GraphQL request run from validation to answer, priced and charged to the
 * caller's budget, on the resolvers of the root fields it serves (monday.queries.ts, monday.board-mutations.ts,
 * monday.item-mutations.ts). HTTP (authentication, faults, the body) is monday.routes.ts's.
 */

const root = { ...queryResolvers, ...boardMutations, ...itemMutations };

/** An answer of the API: HTTP status, headers and body. */
export interface MondayResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** monday's answer to a request it refuses as a whole: the status, `errors` and the request id. */
export function mondayFailure(
  requestId: string,
  status: number,
  message: string,
  code: string,
  extra: Record<string, unknown> = {},
): MondayResult {
  return {
    status,
    body: {
      errors: [{ message, extensions: { code, status_code: status, ...extra } }],
      extensions: { request_id: requestId },
    },
  };
}

/** One authenticated request to /v2. */
interface MondayCall {
  db: Database;
  publicUrl: string;
  account: Account;
  /** The caller's token: reads and writes each have a budget per token. */
  token: string;
  /** Complexity points per minute, for reads and for writes. */
  budget: number;
  requestId: string;
}

export interface MondayRequestBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

/** A GraphQL request: validated against the schema, priced, charged to the budget, then run. */
export async function mondayCall(call: MondayCall, body: MondayRequestBody): Promise<MondayResult> {
  const { db, publicUrl, account, token, budget, requestId } = call;
  const accountId = accountIdOf(account);
  // Errors of the request itself are application-level: HTTP 200 with `errors`.
  const refused = (errors: unknown[]): MondayResult => ({
    status: 200,
    body: { errors, account_id: accountId, extensions: { request_id: requestId } },
  });

  const parsed = parseAndValidate(body.query, body.operationName ?? undefined);
  if (!parsed.ok) {
    return refused(
      parsed.errors.map((e) => ({
        message: e.message,
        ...(e.locations && { locations: e.locations }),
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      })),
    );
  }
  const allowed = parsed.operation.operation === 'mutation' ? SUPPORTED_MUTATIONS : SUPPORTED_QUERIES;
  const unsupported = rootFields(parsed.document, parsed.operation).filter((f) => !allowed.has(f.name.value));
  if (unsupported.length > 0) {
    return refused(
      unsupported.map((f) => ({
        message: `The monday sandbox does not implement ${f.name.value}`,
        extensions: { code: 'SANDBOX_UNSUPPORTED_FIELD' },
      })),
    );
  }
  const cost = complexityOf(parsed.document, parsed.operation);
  if (cost > MONDAY_MAX_QUERY_COMPLEXITY) {
    return refused([
      {
        message: `Query has complexity of ${cost}, which exceeds max complexity of ${MONDAY_MAX_QUERY_COMPLEXITY}`,
        extensions: { code: 'maxComplexityExceeded', complexity: cost, maxComplexity: MONDAY_MAX_QUERY_COMPLEXITY },
      },
    ]);
  }
  // Reads and writes have a budget each; a refused request spends nothing.
  const kind = parsed.operation.operation === 'mutation' ? 'write' : 'read';
  const rate = await spendRate(db, 'monday', `${hashToken(token)}:${kind}`, cost, budget, false);
  const resetIn = Math.max(0, Math.ceil((rate.resetAt.getTime() - Date.now()) / 1000));
  if (!rate.allowed) {
    return {
      ...mondayFailure(requestId, 429, 'Complexity budget exhausted', 'COMPLEXITY_BUDGET_EXHAUSTED', {
        retry_in_seconds: rate.retryAfterSeconds,
      }),
      headers: { 'retry-after': String(rate.retryAfterSeconds) },
    };
  }
  const ctx: MondayContext = {
    db,
    publicUrl,
    account,
    complexity: {
      before: budget - rate.used + cost,
      after: budget - rate.used,
      query: cost,
      reset_in_x_seconds: resetIn,
    },
  };
  const result = await execute({
    schema: mondaySchema(),
    document: parsed.document,
    rootValue: root,
    contextValue: ctx,
    variableValues: (body.variables ?? undefined) as Record<string, unknown> | undefined,
    operationName: parsed.operation.name?.value ?? null,
  });
  return {
    status: 200,
    headers: { 'api-version': MONDAY_API_VERSION },
    body: {
      data: result.data ?? null,
      ...(result.errors && {
        errors: result.errors.map((e: GraphQLError) => ({
          message: e.message,
          ...(e.locations && { locations: e.locations }),
          ...(e.path && { path: e.path }),
          extensions: e.extensions?.code ? e.extensions : { code: 'INTERNAL_SERVER_ERROR', ...e.extensions },
        })),
      }),
      account_id: accountId,
      extensions: { request_id: requestId },
    },
  };
}
