import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestContext } from '../../../test/helpers';
import type { JsonSchema, OpenApi } from '../../../test/openapi-document';
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

// ---------------------------------------------------------------------------------------------------------
// Hostile values inside otherwise well-formed input. A malformed body is refused by its schema before any
// code runs; these reach the code: each request is a plausible call built from the operation's own schema
// (required fields only) with one place (a body field, a query or path parameter) or the whole body made
// hostile by one of the named generators below.

/** A number written into the JSON text as is: -0 and 2^53 + 1 do not survive JSON.stringify. */
class RawNumber {
  constructor(readonly text: string) {}
}

type Hostile = string | number | RawNumber | Record<string, never>;

/**
 * What a generator gives: where its value goes (a text place, a number place, a place that takes a day, any place,
 * or the whole body).
 */
interface HostileCase {
  generator: string;
  fits: 'text' | 'number' | 'day' | 'any' | 'body';
  value: Hostile | Payload;
}

const TWO_31 = 2 ** 31;
const TWO_53 = 2 ** 53;

/**
 * Operations known to take a day: the document must say so of each (`format: date`), or the days below would
 * not reach them.
 */
const DAY_OPERATIONS = [
  'GET /api/admin/insights',
  'GET /api/admin/insights.csv',
  'POST /api/my-plans',
  'PUT /api/my-plans/{id}',
  'POST /api/{connectionType}/team/{workspaceId}/upload-plan/{planId}/database-id/{dbUserId}',
];

/** The day a place that takes one is given when it is not the hostile place. */
const PLAUSIBLE_DAY = '2026-01-01';

/** Days no date place may take: each must be refused with a 4xx, never stored or answered with a 5xx. */
const EDGE_DAYS = [
  '0000-01-01',
  '-0001-01-01',
  '-4713-11-24',
  '0001-01-01',
  '1999-12-31',
  '2101-01-01',
  '9999-12-31',
  '+010000-01-01',
  '+275760-09-13',
  '294277-01-01',
  '+294277-01-01',
  '2027-02-30',
  '2027-13-01',
];

/** The generators, by the name the summary counts them under. */
const GENERATORS = {
  /** NUL (which PostgreSQL refuses in text) and other C0 control characters, alone or inside a word. */
  controlCharacters: fc
    .tuple(
      fc.constantFrom('\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f'),
      fc.constantFrom('', 'a'),
    )
    .map(([c, word]): HostileCase => ({ generator: 'controlCharacters', fits: 'text', value: `${word}${c}${word}` })),
  /** Halves of a surrogate pair without their other half: no valid UTF-8 encodes them. */
  loneSurrogates: fc
    .tuple(fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff'), fc.constantFrom('', 'a'))
    .map(([s, word]): HostileCase => ({ generator: 'loneSurrogates', fits: 'text', value: `${word}${s}` })),
  /** Integers at and past 2^31 (PostgreSQL's integer) and 2^53 (JavaScript's exact integers), as numbers. */
  largeNumbers: fc
    .constantFrom<Hostile>(TWO_31, TWO_31 + 1, -TWO_31 - 1, TWO_53, new RawNumber('9007199254740993'), -TWO_53, 1e308)
    .map((value): HostileCase => ({ generator: 'largeNumbers', fits: 'number', value })),
  /** The same integers written as text, where an id may come as a string. */
  largeNumbersAsText: fc
    .constantFrom(String(TWO_31), String(TWO_31 + 1), String(TWO_53), '9007199254740993', '1e308')
    .map((value): HostileCase => ({ generator: 'largeNumbersAsText', fits: 'text', value })),
  negativeZero: fc
    .constantFrom(new RawNumber('-0'), new RawNumber('-0.0'))
    .map((value): HostileCase => ({ generator: 'negativeZero', fits: 'number', value })),
  /** `{}` in the place of one field. */
  emptyObjects: fc.constant<HostileCase>({ generator: 'emptyObjects', fits: 'any', value: {} }),
  /** `{}`, `[]` or `null` as the whole body. */
  emptyObjectBodies: fc.constantFrom('{}', '[]', 'null').map(
    (body): HostileCase => ({
      generator: 'emptyObjectBodies',
      fits: 'body',
      value: { contentType: 'application/json', body },
    }),
  ),
  /** No body at all, or only white space, announced as JSON. */
  emptyBodies: fc.constantFrom('', ' ', '\n').map(
    (body): HostileCase => ({
      generator: 'emptyBodies',
      fits: 'body',
      value: { contentType: 'application/json', body },
    }),
  ),
  /**
   * Days at and past the edges of what PostgreSQL stores (no year 0, years before Christ, timestamps end in 294276)
   * and of what JavaScript's Date takes (to 275760), far years the product does not mean, and days that do not exist.
   */
  edgeDays: fc.constantFrom(...EDGE_DAYS).map((value): HostileCase => ({ generator: 'edgeDays', fits: 'day', value })),
  /** Half a mebibyte of text in one field, and a body past the 1 MiB limit. */
  hugeBodies: fc.constantFrom<HostileCase>(
    { generator: 'hugeBodies', fits: 'text', value: 'x'.repeat(BODY_LIMIT / 2) },
    { generator: 'hugeBodies', fits: 'body', value: json({ s: 'x'.repeat(BODY_LIMIT) }) },
  ),
} satisfies Record<string, fc.Arbitrary<HostileCase>>;
/**
 * Besides these, requiredFieldsOnly: each body with its required fields alone, every optional one left out
 * (an update that changes nothing, say).
 */
type GeneratorName = keyof typeof GENERATORS | 'requiredFieldsOnly';

/** What every operation must refuse with a 4xx in every place it fits, besides the random cases. */
const MUST_REFUSE: HostileCase[] = [
  { generator: 'controlCharacters', fits: 'text', value: '\u0000' },
  { generator: 'controlCharacters', fits: 'text', value: 'a\u0000b' },
  { generator: 'largeNumbers', fits: 'number', value: TWO_31 },
  { generator: 'largeNumbersAsText', fits: 'text', value: String(TWO_31) },
  { generator: 'emptyObjects', fits: 'any', value: {} },
  { generator: 'emptyObjectBodies', fits: 'body', value: { contentType: 'application/json', body: '{}' } },
  ...EDGE_DAYS.map((value): HostileCase => ({ generator: 'edgeDays', fits: 'day', value })),
];

/** A place in a request: a field of the JSON body (by path), a query parameter or a path parameter. */
interface Site {
  in: 'body' | 'query' | 'path';
  path: (string | number)[];
  /** The JSON types the place accepts (every alternative of a union). */
  types: Set<string>;
  /** The place takes a day (YYYY-MM-DD). */
  day: boolean;
}

class SchemaReader {
  constructor(
    private readonly doc: OpenApi,
    private readonly email: string,
  ) {}

  resolve(schema: JsonSchema): JsonSchema {
    if (!schema.$ref) return schema;
    const target = this.doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')];
    if (!target) throw new Error(`unresolved ${schema.$ref}`);
    return this.resolve(target);
  }

  /** The first alternative that is not null, so a nullable field gets a value. */
  main(schema: JsonSchema): JsonSchema {
    const s = this.resolve(schema);
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives) return this.main(alternatives.find((a) => this.resolve(a).type !== 'null') ?? alternatives[0]!);
    if (s.allOf?.length) return this.main(s.allOf[0]!);
    return s;
  }

  typesOf(schema: JsonSchema): Set<string> {
    const s = this.resolve(schema);
    const alternatives = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
    const types = new Set([s.type ?? []].flat().map((t) => (t === 'integer' ? 'number' : t)));
    for (const alternative of alternatives) for (const t of this.typesOf(alternative)) types.add(t);
    if (s.enum || s.const !== undefined) types.add('string');
    return types;
  }

  /** A value the schema accepts, as plain as can be. */
  plausible(schema: JsonSchema, depth = 0): unknown {
    const s = this.main(schema);
    if (s.const !== undefined) return s.const;
    if (s.enum?.length) return s.enum[0];
    const type = [s.type].flat()[0];
    switch (type) {
      case 'string':
        return this.plausibleText(s);
      case 'integer':
      case 'number': {
        const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
        return Math.min(Math.max(low, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
      }
      case 'boolean':
        return false;
      case 'array':
        return depth > 6 || !s.items
          ? []
          : Array.from({ length: Math.max(s.minItems ?? 0, 1) }, () => this.plausible(s.items!, depth + 1));
      case 'object': {
        const value: Record<string, unknown> = {};
        for (const key of s.required ?? []) value[key] = this.plausible(s.properties?.[key] ?? {}, depth + 1);
        return value;
      }
      default:
        return 'x';
    }
  }

  /**
   * Whether a place takes a day, as the document says: `format: date` (the shared day schema's), or a YYYY-MM-DD
   * pattern. DAY_OPERATIONS below holds the document to saying it.
   */
  takesDay(schema: JsonSchema): boolean {
    const s = this.main(schema);
    return s.format === 'date' || (s.pattern ?? '').includes('\\d{4}-');
  }

  /** A value a query or path parameter accepts: a day where it takes one. */
  plausibleParameter(p: { name: string; schema?: JsonSchema }): unknown {
    return this.takesDay(p.schema ?? {}) ? PLAUSIBLE_DAY : this.plausible(p.schema ?? {});
  }

  private plausibleText(s: JsonSchema): string {
    if (s.format === 'email') return this.email;
    if ((s.pattern ?? '').includes('\\d{4}-')) return PLAUSIBLE_DAY;
    if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
    if (s.format === 'uri' || s.format === 'url') return 'https://example.com/x';
    if (s.format === 'date-time') return new Date(0).toISOString();
    if (s.format === 'date') return PLAUSIBLE_DAY;
    const min = s.minLength ?? 1;
    const candidates = ['x', 'a1', 'abc', '1', 'x'.repeat(min), 'Planner#2026', 'a-b', 'A1b2c3d4', '123456'];
    const accepted = (c: string) =>
      c.length >= min &&
      c.length <= (s.maxLength ?? Number.POSITIVE_INFINITY) &&
      (!s.pattern || new RegExp(s.pattern, 'u').test(c));
    return candidates.find(accepted) ?? 'x'.repeat(min);
  }

  /** Every field of a body schema, nested ones and the first item of arrays included (each $ref once). */
  sites(schema: JsonSchema, path: (string | number)[] = [], seen = new Set<JsonSchema>()): Site[] {
    const s = this.main(schema);
    if (seen.has(s) || path.length > 6) return [];
    seen.add(s);
    const types = [s.type].flat();
    const own: Site[] = path.length
      ? [{ in: 'body', path, types: this.typesOf(schema), day: this.takesDay(schema) }]
      : [];
    if (types.includes('object')) {
      return [
        ...own,
        ...Object.entries(s.properties ?? {}).flatMap(([key, child]) =>
          this.sites(child, [...path, key], new Set(seen)),
        ),
      ];
    }
    if (types.includes('array') && s.items) return [...own, ...this.sites(s.items, [...path, 0], new Set(seen))];
    return own;
  }

  /** The plausible body with places set to `value`, the objects and arrays on their way created as needed. */
  bodyWith(schema: JsonSchema, paths: (string | number)[][], value: unknown): unknown {
    const body = this.plausible(schema);
    for (const path of paths) this.setIn(body, schema, path, value);
    return body;
  }

  private setIn(body: unknown, schema: JsonSchema, path: (string | number)[], value: unknown): void {
    let parent = body as Record<string | number, unknown>;
    let parentSchema = this.main(schema);
    path.forEach((key, i) => {
      const childSchema = typeof key === 'number' ? (parentSchema.items ?? {}) : (parentSchema.properties?.[key] ?? {});
      if (i === path.length - 1) {
        parent[key] = value;
        return;
      }
      if (parent[key] === undefined || parent[key] === null || typeof parent[key] !== 'object') {
        parent[key] = this.plausible(childSchema) ?? {};
      }
      parent = parent[key] as Record<string | number, unknown>;
      parentSchema = this.main(childSchema);
    });
  }
}

/** JSON text with raw numbers written as they are. */
function jsonText(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (v instanceof RawNumber ? `@@raw:${v.text}@@` : v)).replace(
    /"@@raw:([^@]+)@@"/g,
    (_match, text: string) => text,
  );
}

/** A value in an address: lone surrogates as the bytes a broken client would send (not valid UTF-8). */
function inAddress(value: Hostile): string {
  const text = value instanceof RawNumber ? value.text : typeof value === 'object' ? '{}' : String(value);
  return Array.from(text, (c) => {
    const code = c.charCodeAt(0);
    if (c.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    }
    return encodeURIComponent(c);
  }).join('');
}

/**
 * Whether a hostile value goes in a place: anything in a body field; text and numbers in an address; days where a
 * day goes.
 */
function fits(hostile: HostileCase, site: Site): boolean {
  if (hostile.fits === 'body') return false;
  if (hostile.fits === 'day') return site.day;
  if (site.in !== 'body') return hostile.fits !== 'any';
  if (hostile.fits === 'any') return true;
  return site.types.has(hostile.fits === 'text' ? 'string' : 'number');
}

/**
 * Whether the place must refuse the value: NUL anywhere; 2^31 where a number goes (an id, or a client named by
 * id or username), not in free text where it is just words; an empty object where no object is expected; every
 * edge day where a day goes.
 */
function mustRefuseAt(hostile: HostileCase, site: Site): boolean {
  if (!fits(hostile, site)) return false;
  if (hostile.generator === 'largeNumbers' || hostile.generator === 'largeNumbersAsText')
    return site.types.has('number');
  if (hostile.fits === 'any') return site.types.size > 0 && !site.types.has('object');
  return true;
}

describe('fuzzing every operation of the API', () => {
  let ctx: TestContext;
  let callers: { name: string; email: string; headers: Record<string, string> }[];

  beforeAll(async () => {
    // The offline planner answers at once: the fuzz test is about its input, not its reading pace.
    ctx = await buildTestApp({ AI_OFFLINE_DELAY_MS: '0' });
    const member = await signedInUser(ctx.app, 'fuzz-member@example.com');
    const admin = await signedInUser(ctx.app, 'fuzz-admin@example.com');
    await grantAuthority(ctx.app.db, (await ensureClient(ctx.app.db, 'fuzz-admin@example.com')).id, ROLE_ADMIN);
    // Activated (a name given), so the AI planner's routes read their input instead of refusing the caller.
    for (const { auth } of [member, admin]) {
      const names = { given_name: 'Fuzz', family_name: 'Tester' };
      await ctx.app.inject({ method: 'POST', url: '/api/identity/update-attributes', payload: names, headers: auth });
    }
    callers = [
      { name: 'visitor', email: 'fuzz-visitor@example.com', headers: {} },
      { name: 'member', email: 'fuzz-member@example.com', headers: member.auth },
      { name: 'admin', email: 'fuzz-admin@example.com', headers: admin.auth },
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

  it('answers hostile values inside well-formed input with a 4xx, never a 5xx', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    const counts = Object.fromEntries(
      [...Object.keys(GENERATORS), 'requiredFieldsOnly'].map((name) => [name, 0]),
    ) as Record<GeneratorName, number>;
    const failures: string[] = [];
    const accepted: string[] = [];
    let operationsReached = 0;
    let refusalsChecked = 0;
    const dayOperations = new Set<string>();
    // A seed of its own per operation and caller, so the random cases differ from one to the next.
    let seed = SEED;
    // Sent after all else: such a call may do its job, and one of them signs its caller out everywhere.
    const requiredFieldsOnly: (() => Promise<void>)[] = [];

    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const parameters = (operation.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        const simulator = path.startsWith('/sandbox/');
        for (const caller of callers) {
          const reader = new SchemaReader(doc, caller.email);
          const sites: Site[] = [
            ...parameters.map(
              (p): Site => ({
                in: p.in as 'path' | 'query',
                path: [p.name],
                types: reader.typesOf(p.schema ?? {}),
                day: reader.takesDay(p.schema ?? {}),
              }),
            ),
            ...(bodySchema ? reader.sites(bodySchema) : []),
          ];
          if (caller === callers[0] && (sites.length || operation.requestBody)) operationsReached++;

          /** Sends the plausible request with the hostile value in one place, or in each of several at once. */
          const send = async (hostile: HostileCase, at: Site | Site[] | undefined, refuse: boolean) => {
            counts[hostile.generator as GeneratorName] += 1;
            if (refuse) refusalsChecked++;
            const places = at === undefined ? [] : [at].flat();
            let url = path;
            const rawQuery: string[] = [];
            for (const p of parameters) {
              const hostileHere = places.some((site) => site.in === p.in && site.path[0] === p.name);
              const value = hostileHere
                ? inAddress(hostile.value as Hostile)
                : encodeURIComponent(String(reader.plausibleParameter(p)));
              if (p.in === 'path') url = url.replace(`{${p.name}}`, value);
              else if (hostileHere || p.required) rawQuery.push(`${encodeURIComponent(p.name)}=${value}`);
            }
            if (rawQuery.length) url += `?${rawQuery.join('&')}`;
            let payload: Payload | undefined;
            if (hostile.fits === 'body') payload = hostile.value as Payload;
            else if (bodySchema) {
              const inBody = places.filter((site) => site.in === 'body').map((site) => site.path);
              const body = inBody.length
                ? reader.bodyWith(bodySchema, inBody, hostile.value)
                : reader.plausible(bodySchema);
              payload = { contentType: 'application/json', body: jsonText(body) };
            }
            const response = await ctx.app.inject({
              method: method.toUpperCase() as InjectOptions['method'],
              url,
              headers: { ...caller.headers, ...(payload && { 'content-type': payload.contentType }) },
              ...(payload && { payload: payload.body }),
            });
            const named = places.map((site) => `${site.in}.${site.path.join('.')}`).join(' and ') || 'body';
            const where = `${caller.name} ${method.toUpperCase()} ${path} ${hostile.generator} at ${named}: ${(payload?.body ?? url).slice(0, 100)}`;
            if (response.statusCode >= 500)
              failures.push(`${response.statusCode} ${where} → ${response.body.slice(0, 160)}`);
            else if (refuse && response.statusCode < 400) accepted.push(`${response.statusCode} ${where}`);
            else if (response.statusCode >= 400 && !simulator) {
              const answer = safeJson(response.body) as { error?: { code?: unknown; message?: unknown } } | undefined;
              if (typeof answer?.error?.code !== 'string' || typeof answer.error.message !== 'string') {
                failures.push(
                  `${response.statusCode} without the error shape: ${where}: ${response.body.slice(0, 160)}`,
                );
              }
            }
          };

          // NUL, 2^31 and {} in every place they fit: each must be refused.
          for (const hostile of MUST_REFUSE) {
            if (hostile.fits === 'body') {
              if (bodySchema && reader.main(bodySchema).required?.length) await send(hostile, undefined, true);
              continue;
            }
            for (const site of sites) if (mustRefuseAt(hostile, site)) await send(hostile, site, true);
          }
          // A day in every place that takes one at once: a range whose both ends are the same far day is short.
          const days = sites.filter((site) => site.day);
          if (days.length > 0) dayOperations.add(`${method.toUpperCase()} ${path}`);
          if (days.length > 1) {
            for (const hostile of MUST_REFUSE) if (hostile.fits === 'day') await send(hostile, days, true);
          }
          // Then random cases of every generator, in random places.
          await fc.assert(
            fc.asyncProperty(fc.oneof(...Object.values(GENERATORS)), fc.nat(), async (hostile, pick) => {
              if (hostile.fits === 'body') {
                if (operation.requestBody) await send(hostile, undefined, false);
                return;
              }
              const places = sites.filter((site) => fits(hostile, site));
              if (places.length) await send(hostile, places[pick % places.length], false);
            }),
            { numRuns: RUNS * 2, seed: seed++ },
          );
          if (bodySchema) {
            const body = { contentType: 'application/json', body: jsonText(reader.plausible(bodySchema)) };
            requiredFieldsOnly.push(() =>
              send({ generator: 'requiredFieldsOnly', fits: 'body', value: body }, undefined, false),
            );
          }
        }
      }
    }

    for (const call of requiredFieldsOnly) await call();

    // Printed once, so a run's figures can be quoted.
    console.info(
      `fuzz: ${operationsReached} operations with input, ${refusalsChecked} requests that had to be refused; requests per generator: ${JSON.stringify(counts)}`,
    );
    expect(operationsReached).toBeGreaterThan(40);
    expect([...dayOperations]).toEqual(expect.arrayContaining(DAY_OPERATIONS));
    expect(refusalsChecked).toBeGreaterThan(500);
    for (const [name, count] of Object.entries(counts)) expect(count, name).toBeGreaterThan(0);
    expect(failures).toEqual([]);
    expect(accepted).toEqual([]);
  }, 240_000);
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
