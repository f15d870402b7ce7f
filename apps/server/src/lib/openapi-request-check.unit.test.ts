import { describe, expect, it } from 'vitest';
import type { Parameter } from './openapi-document';
import type { JsonObject } from './openapi-json-schema';
import { lowerCaseKeys, prepareQuery, undeclaredKeys } from './openapi-request-check';

describe('a query as ajv checks it', () => {
  const params: Parameter[] = [
    { name: 'opt_fields', in: 'query', schema: { type: 'array' }, style: 'form', explode: false },
    { name: 'tags', in: 'query', schema: { type: 'array' }, style: 'form', explode: true },
    { name: 'ids', in: 'query', schema: { type: 'array' } },
    { name: 'limit', in: 'query', schema: { type: 'integer' } },
  ];

  it('splits a comma list, keeps an exploded value whole, and takes the last of a repeated scalar', () => {
    expect(
      prepareQuery(params, { opt_fields: 'name,due_on', tags: 'a,b', ids: '1,2', limit: ['5', '10'], other: 'x' }),
    ).toEqual({
      opt_fields: ['name', 'due_on'],
      tags: ['a,b'],
      ids: ['1', '2'],
      limit: '10',
      other: 'x',
    });
  });

  it('reads header names in lower case, a repeated header joined', () => {
    expect(lowerCaseKeys({ 'API-Version': '2026-10', Accept: ['a', 'b'], Gone: undefined })).toEqual({
      'api-version': '2026-10',
      accept: 'a, b',
    });
    expect(lowerCaseKeys(undefined)).toEqual({});
  });
});

describe('the names a body holds that its schema does not declare', () => {
  const schemas: JsonObject = {
    Compact: { type: 'object', properties: { gid: { type: 'string' } } },
    Open: { type: 'object', properties: { name: { type: 'string' } }, additionalProperties: true },
    Task: {
      allOf: [{ $ref: '#/components/schemas/Compact' }, { type: 'object', properties: { name: { type: 'string' } } }],
    },
  };

  it('are told at their pointers, inside objects, arrays and allOf', () => {
    const schema = {
      type: 'object',
      properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Task' } } },
    };
    expect(
      undeclaredKeys(
        schemas,
        schema,
        {
          data: [
            { gid: '1', name: 'A' },
            { gid: '2', colour: 'red' },
          ],
          extra: 1,
        },
        '',
      ),
    ).toEqual(['/data/1/colour', '/extra']);
  });

  it('are none where the schema leaves its properties open, or says nothing of them', () => {
    expect(undeclaredKeys(schemas, { $ref: '#/components/schemas/Open' }, { name: 'A', colour: 'red' }, '')).toEqual(
      [],
    );
    expect(undeclaredKeys(schemas, { type: 'object' }, { anything: 1 }, '')).toEqual([]);
  });

  it('are those of the alternative that declares the most of the value', () => {
    const schema: JsonObject = {
      anyOf: [{ type: 'string' }, { $ref: '#/components/schemas/Compact' }, { $ref: '#/components/schemas/Task' }],
    };
    expect(undeclaredKeys(schemas, schema, { gid: '1', name: 'A' }, '')).toEqual([]);
    expect(undeclaredKeys(schemas, schema, { gid: '1', colour: 'red' }, '')).toEqual(['/colour']);
    expect(undeclaredKeys(schemas, schema, 'text', '')).toEqual([]);
  });
});
