import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestContext } from '../../../test/helpers';
import { ROLE_ADMIN } from '../../plugins/auth';
import { ensureClient, grantAuthority } from '../clients/clients.repository';

/**
 * Every operation of the OpenAPI document, sent malformed, oversized and unexpected input by a visitor,
 * a member and an administrator: never a 5xx, refusals in the one error shape, and nothing stored changes.
 * FUZZ_RUNS raises the number of cases per operation and caller for a deeper run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = 20261124;
const BODY_LIMIT = 1024 * 1024;

/**
 * Tables that any request may change without that being a change to the product's data: the per-address
 * request counts, the audit trail (it records refused admin calls and security events by design), and the
 * sessions' last-active time that every signed-in request may move.
 */
const VOLATILE_TABLES = new Set(['rate_limit_hits', 'audit_events', 'sessions']);

interface Operation {
  method: string;
  path: string;
  hasBody: boolean;
  params: string[];
}

/** Never a real id, slug or token: far out of range, malformed, hostile or huge. */
const hostileSegment = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    '2147483648',
    '99999999999',
    '9007199254740993',
    '1e309',
    'NaN',
    '..',
    '../../etc/passwd',
    '%00',
    'null',
    ' ',
  ),
  fc.string({ minLength: 1, maxLength: 40 }).map((s) => `zz-${s}`),
  fc.constant('x'.repeat(5000)),
  fc.constantFrom('💥', 'Ω≈ç√', '<script>alert(1)</script>', "' or 1=1 --"),
);

const unexpectedValue = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 30 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
);

/** A JSON object with at least one field no schema knows, so a strict schema must refuse it. */
const objectWithUnknownField = fc
  .tuple(fc.dictionary(fc.string({ maxLength: 12 }), unexpectedValue, { maxKeys: 5 }), unexpectedValue)
  .map(([fields, extra]) => ({ ...fields, '__unexpected field__': extra }));

const deeplyNested = fc.integer({ min: 50, max: 400 }).map((depth) => {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = { n: value };
  return value;
});

interface Payload {
  contentType: string;
  body: string;
}

const json = (value: unknown): Payload => ({ contentType: 'application/json', body: JSON.stringify(value) });

const malformedBody: fc.Arbitrary<Payload> = fc.oneof(
  objectWithUnknownField.map(json),
  unexpectedValue.map(json),
  deeplyNested.map(json),
  fc
    .constantFrom('{"a":', '{', '[1,2', 'nul', '{"a":1}}', '\u0000')
    .map((body) => ({ contentType: 'application/json', body })),
  fc.string({ maxLength: 50 }).map((body) => ({ contentType: 'text/plain', body })),
  fc.string({ maxLength: 50 }).map((body) => ({ contentType: 'application/x-www-form-urlencoded', body })),
  fc.constant({ contentType: 'application/json', body: JSON.stringify({ s: 'x'.repeat(BODY_LIMIT) }) }),
  fc.constant({ contentType: 'application/json', body: JSON.stringify({ s: 'x'.repeat(BODY_LIMIT - 100) }) }),
);

const oddQuery = fc
  .array(fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 40 })), { maxLength: 3 })
  .map((pairs) => new URLSearchParams([...pairs, ['__unexpected', '1']]).toString());

function operationsOf(doc: { paths: Record<string, Record<string, { requestBody?: unknown }>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        hasBody: operation.requestBody !== undefined,
        params: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
      })),
  );
}

/** Row count and content hash of every table but the volatile ones. */
async function rowsOf<T>(ctx: TestContext, query: SQL): Promise<T[]> {
  return ((await ctx.app.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Row count and content hash of every table but the volatile ones. */
async function snapshot(ctx: TestContext): Promise<Record<string, string>> {
  const tables = await rowsOf<{ name: string }>(
    ctx,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    if (VOLATILE_TABLES.has(name)) continue;
    const [row] = await rowsOf<{ rows: string; hash: string | null }>(
      ctx,
      sql`select count(*)::text as rows, md5(string_agg(t::text, '|' order by t::text)) as hash from ${sql.identifier(name)} t`,
    );
    result[name] = `${row!.rows}:${row!.hash ?? ''}`;
  }
  return result;
}

describe('fuzzing every operation of the API', () => {
  let ctx: TestContext;
  let callers: { name: string; headers: Record<string, string> }[];

  beforeAll(async () => {
    ctx = await buildTestApp();
    const member = await signedInUser(ctx.app, 'fuzz-member@example.com');
    const admin = await signedInUser(ctx.app, 'fuzz-admin@example.com');
    await grantAuthority(ctx.app.db, (await ensureClient(ctx.app.db, 'fuzz-admin@example.com')).id, ROLE_ADMIN);
    callers = [
      { name: 'visitor', headers: {} },
      { name: 'member', headers: member.auth },
      { name: 'admin', headers: admin.auth },
    ];
  });
  afterAll(() => ctx.close());

  it('answers malformed input without a 5xx, in the one error shape, and changes nothing', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(50);
    const before = await snapshot(ctx);
    const failures: string[] = [];

    for (const operation of operations) {
      // A call without a body cannot be sent a malformed one: it only gets hostile path segments and queries,
      // and only when its path has a segment to spoil (a plain POST /sign-out would just do its job).
      if (!operation.hasBody && operation.method !== 'GET' && operation.params.length === 0) continue;
      const simulator = operation.path.startsWith('/sandbox/');
      for (const caller of callers) {
        await fc.assert(
          fc.asyncProperty(
            fc.array(hostileSegment, { minLength: operation.params.length, maxLength: operation.params.length }),
            fc.option(oddQuery, { nil: undefined }),
            operation.hasBody ? malformedBody : fc.constant(undefined),
            async (segments, query, payload) => {
              let url = operation.path;
              operation.params.forEach((param, i) => {
                url = url.replace(`{${param}}`, encodeURIComponent(segments[i]!));
              });
              if (query) url += `?${query}`;
              const request: InjectOptions = {
                method: operation.method as InjectOptions['method'],
                url,
                headers: { ...caller.headers, ...(payload && { 'content-type': payload.contentType }) },
                ...(payload && { payload: payload.body }),
              };
              const response = await ctx.app.inject(request);
              const where = `${caller.name} ${operation.method} ${url.slice(0, 120)} ${payload?.contentType ?? ''} ${(payload?.body ?? '').slice(0, 80)}`;
              if (response.statusCode >= 500) {
                failures.push(`${response.statusCode} ${where}: ${response.body.slice(0, 200)}`);
                return;
              }
              // The simulators answer in their vendors' own error shapes, on purpose.
              if (response.statusCode >= 400 && !simulator) {
                const body = safeJson(response.body) as { error?: { code?: unknown; message?: unknown } } | undefined;
                if (typeof body?.error?.code !== 'string' || typeof body.error.message !== 'string') {
                  failures.push(
                    `${response.statusCode} without the error shape: ${where}: ${response.body.slice(0, 200)}`,
                  );
                }
              }
            },
          ),
          { numRuns: RUNS, seed: SEED },
        );
      }
    }

    expect(failures).toEqual([]);
    expect(await snapshot(ctx)).toEqual(before);
  }, 240_000);
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
