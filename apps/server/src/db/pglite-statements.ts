import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/** Statements kept prepared at most; the least recently used one is closed to make room. */
const DEFAULT_CAPACITY = 250;

/** Only data statements are kept: a schema change (a migration) runs once and would only take a place. */
const CACHEABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** PostgreSQL's 'cached plan must not change result type', after a schema change under a kept statement. */
const FEATURE_NOT_SUPPORTED = '0A000';

interface KeptStatement {
  name: string;
  /** Parameter types, as PostgreSQL inferred them when it parsed the statement. */
  types: number[];
}

/**
 * The embedded database with its statements kept prepared, as PostgreSQL drivers do with named statements:
 * each distinct SQL text is parsed and planned once, then only bound and run. PGlite's own `query` parses and
 * plans on every call, which for a join of a few tables costs more than running it. Parameters are bound,
 * never written into the SQL. Everything but `query` is PGlite's own (transactions keep its path).
 */
export function withKeptStatements(client: PGlite, capacity = DEFAULT_CAPACITY): PGlite {
  const kept = new Map<string, KeptStatement>();
  let named = 0;
  const run = (...messages: Uint8Array[]) =>
    client.execProtocolStream(concat(messages), { syncToFs: false, throwOnError: true });

  async function prepare(text: string, options?: QueryOptions): Promise<KeptStatement> {
    const name = `kept_${++named}`;
    const described = await run(
      protocol.serialize.parse({ name, text, types: options?.paramTypes }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    );
    const statement = { name, types: parse.parseDescribeStatementResults(described) };
    if (kept.size >= capacity) {
      const [oldestText, oldest] = kept.entries().next().value!;
      kept.delete(oldestText);
      await run(protocol.serialize.close({ type: 'S', name: oldest.name }), protocol.serialize.sync());
    }
    kept.set(text, statement);
    return statement;
  }

  async function execute<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    let statement = kept.get(text);
    if (statement) {
      // Most recently used last: the first entry is the one to close when the cache is full.
      kept.delete(text);
      kept.set(text, statement);
    } else {
      statement = await prepare(text, options);
    }
    const { name, types } = statement;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serialize = options?.serializers?.[types[i]!] ?? client.serializers[types[i]!];
      return serialize ? serialize(param) : String(param);
    });
    // Bind, describe, execute and sync in one call: after an error PostgreSQL skips to the sync, so the
    // session is ready again whatever happened.
    const messages = await run(
      protocol.serialize.bind({ statement: name, values: values as string[] }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    );
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!CACHEABLE.test(text) || options?.blob) return client.query<T>(text, params, options);
    await client.waitReady;
    // The same two locks as PGlite's own query: never inside another caller's transaction or statement.
    const result = await client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          return { ok: true as const, value: await execute<T>(text, params, options) };
        } catch (error) {
          if ((error as { code?: string }).code !== FEATURE_NOT_SUPPORTED) throw error;
          const stale = kept.get(text);
          kept.delete(text);
          if (stale) await run(protocol.serialize.close({ type: 'S', name: stale.name }), protocol.serialize.sync());
          return { ok: false as const };
        }
      }),
    );
    if (!result.ok) return client.query<T>(text, params, options);
    await client.syncToFs();
    return result.value;
  }

  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query') return query;
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}
