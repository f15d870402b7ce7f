import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { type Account, findObject, type SandboxObject } from '../sandbox-store';
import { type ClickUpError, clickupError, inputError } from './clickup.contract';

/**
 * The simulated ClickUp API v2: what each of its operations is given and the checks it starts with, the request
 * against the contract (clickup.contract.ts) and the objects it names against the caller's own. The operations are
 * clickup.hierarchy.ts's and clickup.tasks.ts's; HTTP (authentication, rate limit, faults) is clickup.routes.ts's.
 */

/** The caller of an operation: the store, the account the token belongs to, and where the sandbox is served. */
export interface ClickUpContext {
  db: Database;
  account: Account;
  publicUrl: string;
}

/** What an operation is given of the HTTP request. */
export interface ClickUpRequest {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** An answer: a record with 200, or ClickUp's error. */
export interface ClickUpAnswer {
  status: number;
  body: unknown;
}

/** One operation of the API, run for an authenticated caller. */
export type ClickUpOperation = (ctx: ClickUpContext, request: ClickUpRequest) => Promise<ClickUpAnswer>;

export const ok = (body: unknown): ClickUpAnswer => ({ status: 200, body });

/** An object of the account, or ClickUp's answer: not found, or the Workspace not authorized. */
export async function owned(
  ctx: ClickUpContext,
  id: string,
  kind: string,
  notFound: ClickUpError,
): Promise<SandboxObject | ClickUpError> {
  const o = await findObject(ctx.db, 'clickup', id);
  if (!o || o.kind !== kind) return notFound;
  if (o.accountId !== ctx.account.id) return clickupError(401, 'Team not authorized', 'OAUTH_027');
  return o;
}
export const isError = (v: SandboxObject | ClickUpError): v is ClickUpError => 'body' in v && 'status' in v;

export function parse<T extends z.ZodType>(schema: T, value: unknown, what: 'Task' | 'List' | 'Folder' | 'Request') {
  const r = schema.safeParse(value ?? {});
  return r.success
    ? { ok: true as const, data: r.data as z.infer<T> }
    : { ok: false as const, error: inputError(r.error.issues, what) };
}

/**
 * The start of every read (clickup.hierarchy.ts, clickup.tasks.ts): the path and query checked against the contract, and the caller's own
 * object named by the path's one id; or the error to answer.
 */
export async function readTarget<Q extends z.ZodType>(
  ctx: ClickUpContext,
  request: ClickUpRequest,
  spec: { params: z.ZodType<Record<string, string>>; query: Q; kind: string; notFound: ClickUpError },
): Promise<{ query: z.infer<Q>; target: SandboxObject } | ClickUpError> {
  const params = parse(spec.params, request.params, 'Request');
  if (!params.ok) return params.error;
  const query = parse(spec.query, request.query, 'Request');
  if (!query.ok) return query.error;
  const target = await owned(ctx, Object.values(params.data)[0]!, spec.kind, spec.notFound);
  if (isError(target)) return target;
  return { query: query.data, target };
}
export const isReadError = (v: { target: SandboxObject } | ClickUpError): v is ClickUpError => !('target' in v);
