import { describe, expect, it } from 'vitest';
import { toJsonSchema } from './openapi-json-schema';

describe('an OpenAPI schema said as JSON Schema', () => {
  it('drops annotations and x- extensions, and makes refs point into the document ajv holds', () => {
    expect(
      toJsonSchema(
        {
          type: 'object',
          description: 'A thing',
          'x-docs': 'ignored',
          properties: { name: { type: 'string', example: 'A' }, parent: { $ref: '#/components/schemas/Compact' } },
        },
        'response',
      ),
    ).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        parent: { $ref: 'openapi-document-response#/components/schemas/Compact' },
      },
    });
  });

  it('leaves readOnly properties unchecked in a request only', () => {
    const schema = { type: 'object', properties: { gid: { type: 'string', readOnly: true } } };
    expect(toJsonSchema(schema, 'request')).toEqual({ type: 'object', properties: { gid: {} } });
    expect(toJsonSchema(schema, 'response')).toEqual({ type: 'object', properties: { gid: { type: 'string' } } });
  });

  it('says nullable so ajv reads it: null in an enum, one more alternative, or beside an allOf', () => {
    expect(toJsonSchema({ type: 'string', enum: ['a', 'b'], nullable: true }, 'request')).toEqual({
      type: 'string',
      enum: ['a', 'b', null],
      nullable: true,
    });
    expect(toJsonSchema({ anyOf: [{ type: 'string' }, { type: 'integer' }], nullable: true }, 'request')).toEqual({
      anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }],
    });
    const ref = { $ref: '#/components/schemas/Compact' };
    const absolute = { $ref: 'openapi-document-request#/components/schemas/Compact' };
    expect(toJsonSchema({ allOf: [ref], nullable: true }, 'request')).toEqual({
      anyOf: [{ type: 'null' }, { allOf: [absolute] }],
    });
    // OAS 3.0's "this $ref, or null".
    expect(toJsonSchema({ allOf: [ref, { nullable: true }] }, 'request')).toEqual({
      anyOf: [{ type: 'null' }, { allOf: [absolute, {}] }],
    });
  });
});
