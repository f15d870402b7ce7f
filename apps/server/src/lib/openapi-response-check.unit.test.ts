import { Ajv, type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { CompiledOperation } from './openapi-document';
import { checkResponse, checkSchema } from './openapi-response-check';

const ajv = new Ajv({ allErrors: true });
const thing = ajv.compile({ type: 'object', required: ['gid'], properties: { gid: { type: 'string' } } });
/** An operation as far as its responses go: 200 with a schema, 204 with none, and a default error. */
const op = {
  responses: new Map<string, () => ValidateFunction | null>([
    ['200', () => thing],
    ['204', () => null],
    ['default', () => ajv.compile({ type: 'object', required: ['errors'] })],
  ]),
} as unknown as CompiledOperation;

describe('a response checked against its operation', () => {
  it("fits the schema of its status, or the default's", () => {
    expect(checkResponse(op, 200, { gid: '1' })).toEqual([]);
    expect(checkResponse(op, 200, { gid: 1 })).toMatchObject([{ in: 'body', field: 'gid', keyword: 'type' }]);
    expect(checkResponse(op, 404, { errors: [] })).toEqual([]);
    expect(checkResponse(op, 404, {})).toMatchObject([{ field: 'errors', keyword: 'required' }]);
  });

  it('has no body where its status documents none', () => {
    expect(checkResponse(op, 204, '')).toEqual([]);
    expect(checkResponse(op, 204, { gid: '1' })).toMatchObject([
      { keyword: 'status', message: 'no JSON body is documented for status 204' },
    ]);
  });

  it('is refused for a status the operation does not document', () => {
    const strict = {
      responses: new Map<string, () => ValidateFunction | null>([['200', () => thing]]),
    } as unknown as CompiledOperation;
    expect(checkResponse(strict, 500, {})).toMatchObject([
      { keyword: 'status', message: 'status 500 is not documented' },
    ]);
  });
});

describe('a value checked against a component schema', () => {
  it('fits the component, and a component the document lacks is told', () => {
    expect(checkSchema(thing, 'Thing', { gid: '1' })).toEqual([]);
    expect(checkSchema(thing, 'Thing', {})).toMatchObject([{ field: 'gid', keyword: 'required' }]);
    expect(checkSchema(undefined, 'Nope', {})).toMatchObject([
      { keyword: 'schema', message: 'no component schema Nope' },
    ]);
  });
});
