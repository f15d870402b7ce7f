import { MESSAGES } from '@dpp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helpers';
import { countries } from '../countries/countries.tables';

/** Words of a database error or a query: none may reach a client, in the body or a header. */
const DATABASE_WORDS = [
  /relation/i,
  /no_such_table/i,
  /duplicate key/i,
  /countries_pkey/i,
  /violates/i,
  /select|insert into/i,
  /syntax error/i,
  /postgres|pglite|drizzle/i,
];
/** ... nor a stack trace's frames and files. */
const LEAKS = [...DATABASE_WORDS, /\bat .+:\d+:\d+/, /\.ts\b|\.js\b/, /node_modules/];

describe('errors never leak', () => {
  let ctx: TestContext;
  const log: string[] = [];

  beforeAll(async () => {
    ctx = await buildTestApp({ LOG_LEVEL: 'error' }, { write: (line) => log.push(line) }, (app) => {
      app.get('/api/test/missing-table', async () => {
        await app.db.execute(sql`select * from no_such_table`);
        return { ok: true };
      });
      app.get('/api/test/syntax', async () => {
        await app.db.execute(sql.raw('selec broken from'));
        return { ok: true };
      });
      app.post('/api/test/duplicate', async () => {
        // In a transaction, as the modules write: the seed already holds this country.
        await app.db.transaction(async (tx) => {
          await tx.insert(countries).values({ code: 'FR', name: 'France', dialCode: '+33' });
        });
        return { ok: true };
      });
    });
  });
  afterAll(() => ctx.close());

  for (const [method, url] of [
    ['GET', '/api/test/missing-table'],
    ['GET', '/api/test/syntax'],
    ['POST', '/api/test/duplicate'],
  ] as const) {
    it(`answers a database error in ${method} ${url} with a bare 500`, async () => {
      const res = await ctx.app.inject({
        method,
        url,
        headers: { 'x-request-id': `leak-test-${method}-${url.length}` },
      });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: MESSAGES.SERVER_ERROR } });
      for (const leak of LEAKS) expect(res.body).not.toMatch(leak);
      for (const [name, value] of Object.entries(res.headers)) {
        for (const leak of DATABASE_WORDS) expect(`${name}: ${value}`, name).not.toMatch(leak);
      }
      // The cause goes to the log, under the request id, for the operator.
      const logged = log.find((line) => line.includes(`leak-test-${method}-${url.length}`) && line.includes('"err"'));
      expect(logged).toBeDefined();
    });
  }
});
