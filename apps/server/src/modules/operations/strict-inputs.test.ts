import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helpers';

interface JsonSchema {
  type?: string;
  additionalProperties?: unknown;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** Every object in a request schema, nested ones included. */
function objectsIn(schema: JsonSchema, path: string): { path: string; schema: JsonSchema }[] {
  const own = schema.type === 'object' || schema.properties ? [{ path, schema }] : [];
  const nested = Object.entries(schema.properties ?? {}).flatMap(([key, child]) => objectsIn(child, `${path}.${key}`));
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((s) => objectsIn(s, path));
  return [...own, ...nested, ...alternatives];
}

describe('input schemas', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('reject unknown fields in every JSON body of the API', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>>;
    };
    const lenient: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (!schema) continue;
        for (const object of objectsIn(schema, 'body')) {
          checked++;
          if (object.schema.additionalProperties !== false)
            lenient.push(`${method.toUpperCase()} ${path} ${object.path}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(5);
    expect(lenient).toEqual([]);
  });
});
