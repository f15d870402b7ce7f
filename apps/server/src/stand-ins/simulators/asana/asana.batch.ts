import { asanaCall } from './asana.api';
import { type AsanaResult, asanaContract, asanaError, dataOf, issueMessage } from './asana.contract';
import type { AsanaContext } from './asana.records';

/** Asana's batch API (POST /batch): up to ten actions in one request, each run as the call it stands for. */

export const ASANA_BATCH_MAX_ACTIONS = 10;

interface BatchAction {
  method: string;
  relative_path: string;
  data?: Record<string, unknown>;
  options?: { limit?: number; offset?: string; fields?: string[] };
}

/** Checks a batch request; returns its actions, or the error Asana answers. */
export function batchActions(query: Record<string, unknown>, body: unknown): BatchAction[] | AsanaResult {
  const check = asanaContract.checkRequest('createBatchRequest', { query, body });
  if (!check.ok) return asanaError(400, ...check.issues.map(issueMessage));
  const actions = (dataOf(body)?.actions ?? undefined) as BatchAction[] | undefined;
  if (!actions) return asanaError(400, 'actions: Missing input');
  if (actions.length === 0) return asanaError(400, 'actions: At least one action is required');
  if (actions.length > ASANA_BATCH_MAX_ACTIONS) {
    return asanaError(
      400,
      `actions: Too many actions: ${actions.length}. A batch request may contain at most ${ASANA_BATCH_MAX_ACTIONS} actions.`,
    );
  }
  return actions;
}

/** Runs one action of a batch: its relative path may carry a query string, its options become opt_fields. */
export async function runBatchAction(ctx: AsanaContext, action: BatchAction) {
  const url = new URL(action.relative_path, 'http://batch.invalid');
  if (!action.relative_path.startsWith('/')) {
    return { status_code: 400, headers: {}, body: asanaError(400, 'relative_path: must start with /').body };
  }
  const query: Record<string, unknown> = Object.fromEntries(url.searchParams);
  if (action.options?.fields) query.opt_fields = action.options.fields.join(',');
  if (action.options?.limit !== undefined) query.limit = String(action.options.limit);
  if (action.options?.offset !== undefined) query.offset = action.options.offset;
  const method = action.method.toUpperCase();
  const body = method === 'GET' || method === 'HEAD' || method === 'DELETE' ? undefined : { data: action.data ?? {} };
  const result = await asanaCall(ctx, method, url.pathname, query, body, true);
  return { status_code: result.status, headers: {}, body: result.body };
}
