// What the task-tool adapters send, recorded and checked against the vendors' contracts (contracts/): shared by the
// adapters' contract tests. Test-only code.
import { readFileSync } from 'node:fs';
import { buildSchema, Kind, parse, validate } from 'graphql';
import { getVariableValues } from 'graphql/execution/values';
import { openApiContract, readOpenApiFile } from '../../src/lib/openapi-contract';
import type { UploadLedger } from '../../src/ports/task-tool.port';
import { contractPath, describeRequestIssue } from './contract-server';

export interface Sent {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/** A fetch that records requests and answers from a script, like the tool would. */
export function recordingFetch(answer: (request: Sent) => unknown) {
  const sent: Sent[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const raw = typeof init.body === 'string' ? init.body : '';
    const headers = init.headers as Record<string, string>;
    const body = headers['content-type'] === 'application/json' ? JSON.parse(raw) : raw;
    const request = { method: String(init.method), url, body, headers };
    sent.push(request);
    return new Response(JSON.stringify(answer(request)), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof globalThis.fetch;
  return { sent, fetch };
}

/** An upload ledger in memory: `known` keys and ids, as a run before this one recorded them. */
export function memoryLedger(known = new Map<string, string>(), resumed = false): UploadLedger {
  return {
    signal: new AbortController().signal,
    resumed,
    get: (k) => known.get(k),
    holds: (id) => [...known.values()].includes(id),
    record: async (entries) => {
      for (const e of entries) known.set(e.key, e.remoteId);
    },
  };
}

/** Asana's OpenAPI document, every field a request sends to be declared there. */
export const asana = openApiContract({
  load: readOpenApiFile(contractPath('asana/asana_oas.yaml')),
  refuseUndeclared: true,
});

/** Problems of one Asana call (path and query relative to the API base), or [] when it matches the contract. */
export function asanaProblems(method: string, pathAndQuery: string, body: unknown): string[] {
  const url = new URL(pathAndQuery, 'http://asana.invalid');
  const match = asana.match(method, url.pathname);
  if (!match) return [`${method} ${url.pathname} is not an operation of the contract`];
  const check = asana.checkRequest(match.operation.operationId, {
    params: match.params,
    query: Object.fromEntries(url.searchParams),
    body,
  });
  return check.ok
    ? []
    : check.issues.map((issue) => `${method} ${match.operation.path}: ${describeRequestIssue(issue)}`);
}

/** monday's GraphQL schema, from its contract. */
export const mondaySchema = () => buildSchema(readFileSync(contractPath('monday/schema.graphql'), 'utf8'));

/**
 * What monday's schema refuses of the requests sent: each query checked against it, and its variables coerced by the
 * schema's input types (the labels' colours are an enum of it). Empty when monday would take them all.
 */
export function mondayRequestProblems(sent: Sent[]): string[] {
  const schema = mondaySchema();
  return sent.flatMap((request) => {
    const { query, variables } = request.body as { query: string; variables: Record<string, unknown> };
    const document = parse(query);
    const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
    const coerced = operation && getVariableValues(schema, operation.variableDefinitions ?? [], variables);
    return [...validate(schema, document), ...(coerced?.errors ?? [])].map((e) => e.message);
  });
}
