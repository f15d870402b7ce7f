import { MESSAGES } from '@dpp/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestContext } from '../../../test/helpers';
import type { JsonSchema, OpenApi, Parameter } from '../../../test/openapi-document';
import { ROLE_ADMIN } from '../../plugins/auth';
import { ensureClient, grantAuthority } from '../clients/clients.repository';

/**
 * Every object in a request schema: nested ones, array items and tuple members, every alternative, and the
 * components a $ref points to (each followed once, so recursive schemas end).
 */
function objectsIn(
  schema: JsonSchema,
  path: string,
  doc: OpenApi,
  followed = new Set<string>(),
): { path: string; schema: JsonSchema }[] {
  if (schema.$ref) {
    if (followed.has(schema.$ref)) return [];
    followed.add(schema.$ref);
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    if (!target) throw new Error(`${path}: unresolved ${schema.$ref}`);
    return objectsIn(target, `${path}(${name})`, doc, followed);
  }
  const types = [schema.type].flat();
  const own = types.includes('object') || schema.properties ? [{ path, schema }] : [];
  const nested = Object.entries(schema.properties ?? {}).flatMap(([key, child]) =>
    objectsIn(child, `${path}.${key}`, doc, followed),
  );
  const items = [schema.items ?? []].flat().flatMap((item) => objectsIn(item, `${path}[]`, doc, followed));
  const tuple = (schema.prefixItems ?? []).flatMap((item, i) => objectsIn(item, `${path}[${i}]`, doc, followed));
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((s) =>
    objectsIn(s, path, doc, followed),
  );
  return [...own, ...nested, ...items, ...tuple, ...alternatives];
}

/** A value a path parameter's schema accepts, so that a request gets past the path to its query. */
function plausible(parameter: Parameter): string {
  const schema = parameter.schema ?? {};
  if (schema.enum?.length) return String(schema.enum[0]);
  const types = [schema.type].flat();
  return types.includes('integer') || types.includes('number') ? '1' : 'x';
}

describe('input schemas', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('reject unknown fields in every JSON body of the API, at every depth', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    const lenient: string[] = [];
    let checked = 0;
    let inArrays = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (!schema) continue;
        for (const object of objectsIn(schema, 'body', doc)) {
          checked++;
          if (object.path.includes('[')) inArrays++;
          if (object.schema.additionalProperties !== false)
            lenient.push(`${method.toUpperCase()} ${path} ${object.path}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(5);
    // The walk reaches objects inside arrays (plans' tasks, lists of links), not only top-level fields.
    expect(inArrays).toBeGreaterThan(0);
    expect(lenient).toEqual([]);
  });

  it('reject unknown fields in every query string of the API', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    const admin = await signedInUser(ctx.app, 'strict-queries@example.com');
    await grantAuthority(ctx.app.db, (await ensureClient(ctx.app.db, 'strict-queries@example.com')).id, ROLE_ADMIN);
    const lenient: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const parameters = operation.parameters ?? [];
        if (!parameters.some((p) => p.in === 'query')) continue;
        // The simulators take their vendors' queries as the vendors do; a sign-in provider's redirect back may
        // carry parameters of its own beyond the ones the callback reads, and must not fail for it.
        if (path.startsWith('/sandbox/') || path === '/api/identity/oauth/{provider}/callback') continue;
        let url = path;
        for (const parameter of parameters.filter((p) => p.in === 'path')) {
          url = url.replace(`{${parameter.name}}`, encodeURIComponent(plausible(parameter)));
        }
        checked++;
        // Administrators pass every access check, so what answers is the validation of the address itself.
        const res = await ctx.app.inject({
          method: method.toUpperCase() as 'GET',
          url: `${url}?__unexpected_field=1`,
          headers: admin.auth,
        });
        const details = String(res.headers['content-type'] ?? '').includes('json')
          ? JSON.stringify(res.json().error?.details)
          : '';
        if (res.statusCode !== 400 || !details.includes('__unexpected_field')) {
          lenient.push(`${method.toUpperCase()} ${path}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(3);
    expect(lenient).toEqual([]);
  });

  it('refuse text the database cannot store (NUL, half a surrogate pair) in a body, a query or a path, in clear words', async () => {
    const member = await signedInUser(ctx.app, 'strict-text@example.com');
    const json = { 'content-type': 'application/json' };
    const cases: [InjectOptions, string][] = [
      // A JSON escape: the NUL appears only once the body is parsed.
      [
        {
          method: 'POST',
          url: '/api/identity/sign-in',
          headers: json,
          payload: '{"email":"a\\u0000b@example.com","password":"x"}',
        },
        'body.email',
      ],
      [
        {
          method: 'POST',
          url: '/api/upload-feedback',
          headers: { ...json, ...member.auth },
          payload: '{"rating":5,"comment":"fine\\ud800"}',
        },
        'body.comment',
      ],
      [
        {
          method: 'POST',
          url: '/ai/planfile',
          headers: { ...json, ...member.auth },
          payload: JSON.stringify({
            email: 'strict-text@example.com',
            title: 'Plan',
            project: 'P',
            tasks: [{ name: 'a\u0000', subtasks: [] }],
          }),
        },
        'body.tasks.0.name',
      ],
      [{ method: 'GET', url: '/api/dev/mailbox?to=a%00b' }, 'querystring.to'],
      [{ method: 'GET', url: '/api/stripe/user/a%00b%40example.com/trial-info', headers: member.auth }, 'params.email'],
    ];
    for (const [request, field] of cases) {
      const res = await ctx.app.inject(request);
      expect(res.statusCode, `${request.url}: ${res.body}`).toBe(400);
      expect(res.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: MESSAGES.UNSTORABLE_TEXT,
        details: [{ field, message: MESSAGES.UNSTORABLE_TEXT }],
      });
    }
  });

  it('refuse a body nested deeper than the call stack goes with a 400, never a 500', async () => {
    const depth = 100_000;
    for (const inner of ['"x\\u0000"', '1']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/identity/sign-in',
        headers: { 'content-type': 'application/json' },
        payload: `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuse ids past the integer columns (2^31 up to 2^53) in bodies, as numbers or as text', async () => {
    // An administrator passes every access check (the AI planner's too), so what answers is the id's check.
    const email = 'strict-ids@example.com';
    const admin = await signedInUser(ctx.app, email);
    await grantAuthority(ctx.app.db, (await ensureClient(ctx.app.db, email)).id, ROLE_ADMIN);
    // Activated (a name given), as the AI planner asks.
    const names = { given_name: 'Ada', family_name: 'Lovelace' };
    await ctx.app.inject({
      method: 'POST',
      url: '/api/identity/update-attributes',
      payload: names,
      headers: admin.auth,
    });
    const refused: string[] = [];
    for (const id of [2 ** 31, 2 ** 53 - 1]) {
      for (const [url, payload] of [
        ['/ai/download', { id, email, title: 'Plan', excel: false }],
        ['/ai/planfile', { id, email, title: 'Plan', project: 'P', tasks: [] }],
        ['/ai/doc', { id, email, title: 'Plan', step: '0', input: 'x' }],
        ['/api/paypal/orders', { plan_id: id }],
        ['/api/stripe/cancel-trial', { client_id: id }],
        ['/api/stripe/cancel-trial', { client_id: String(id) }],
        ['/api/stripe/no-credit-card-trial', { client_id: 1, plan_id: id }],
        ['/api/upload-feedback', { rating: 5, job_id: id }],
      ] as const) {
        const res = await ctx.app.inject({ method: 'POST', url, payload, headers: admin.auth });
        if (res.statusCode !== 400 || res.json().error.code !== 'VALIDATION_FAILED') {
          refused.push(`${url} ${JSON.stringify(payload)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(refused).toEqual([]);
  });
});
