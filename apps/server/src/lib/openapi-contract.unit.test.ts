import { describe, expect, it } from 'vitest';
import { openApiContract } from './openapi-contract';

const doc = {
  openapi: '3.0.0',
  paths: {
    '/things/{thing_gid}': {
      parameters: [{ $ref: '#/components/parameters/thing_gid' }],
      post: {
        operationId: 'createThing',
        parameters: [
          {
            name: 'opt_fields',
            in: 'query',
            schema: { type: 'array', items: { type: 'string', enum: ['name', 'due_on'] } },
            style: 'form',
            explode: false,
          },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', properties: { data: { $ref: '#/components/schemas/ThingRequest' } } },
            },
          },
        },
        responses: {
          201: {
            content: {
              'application/json': {
                schema: { type: 'object', properties: { data: { $ref: '#/components/schemas/Thing' } } },
              },
            },
          },
        },
      },
    },
    '/other': { get: { operationId: 'notCompiled', responses: {} } },
  },
  components: {
    parameters: { thing_gid: { name: 'thing_gid', in: 'path', required: true, schema: { type: 'string' } } },
    schemas: {
      ThingRequest: {
        type: 'object',
        required: ['name'],
        'x-docs': 'ignored',
        properties: {
          name: { type: 'string', example: 'A thing' },
          due_on: { type: 'string', format: 'date', nullable: true },
          gid: { type: 'string', readOnly: true },
          parent: { allOf: [{ $ref: '#/components/schemas/Compact' }, { type: 'object', nullable: true }] },
        },
      },
      Compact: { type: 'object', properties: { gid: { type: 'string' } } },
      Thing: {
        allOf: [
          { $ref: '#/components/schemas/Compact' },
          {
            type: 'object',
            properties: { parent: { allOf: [{ $ref: '#/components/schemas/Compact' }, { nullable: true }] } },
          },
        ],
      },
    },
  },
};

describe('openApiContract', () => {
  let loads = 0;
  const contract = openApiContract({
    load: () => {
      loads++;
      return structuredClone(doc);
    },
    operationIds: ['createThing'],
  });

  it('loads the document lazily and once', () => {
    expect(loads).toBe(0);
    contract.operation('createThing');
    contract.operation('createThing');
    expect(loads).toBe(1);
    expect(contract.operation('createThing')).toEqual({
      operationId: 'createThing',
      method: 'POST',
      path: '/things/{thing_gid}',
    });
  });

  it('accepts a request that fits, coercing and splitting query values', () => {
    const r = contract.checkRequest('createThing', {
      params: { thing_gid: '12' },
      query: { opt_fields: 'name,due_on', limit: '5' },
      body: { data: { name: 'x', due_on: null, parent: null, gid: 42 } },
    });
    expect(r).toMatchObject({ ok: true, query: { opt_fields: ['name', 'due_on'], limit: 5 } });
  });

  it('names every problem: missing, wrong type, format, enum, range, body required', () => {
    const r = contract.checkRequest('createThing', {
      params: { thing_gid: '12' },
      query: { opt_fields: 'name,secret', limit: '500' },
      body: { data: { due_on: '12/01/2026', parent: 'p' } },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const found = r.issues.map((i) => `${i.in}:${i.field}:${i.keyword}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'query:opt_fields.1:enum',
        'query:limit:maximum',
        'body:data.name:required',
        'body:data.due_on:format',
      ]),
    );
    expect(found.some((f) => f.startsWith('body:data.parent'))).toBe(true);
    const noBody = contract.checkRequest('createThing', { params: { thing_gid: '1' } });
    expect(noBody).toMatchObject({ ok: false, issues: [{ in: 'body', keyword: 'required' }] });
  });

  it('checks responses, with allOf-nullable refs allowed to be null', () => {
    expect(contract.checkResponse('createThing', 201, { data: { gid: '1', parent: null } })).toEqual([]);
    expect(contract.checkResponse('createThing', 201, { data: { gid: 1 } })[0]).toMatchObject({
      field: 'data.gid',
      keyword: 'type',
    });
    expect(contract.checkResponse('createThing', 500, {})[0]).toMatchObject({ keyword: 'status' });
  });

  it('refuses to start with an operation the document lacks', () => {
    const broken = openApiContract({ load: () => structuredClone(doc), operationIds: ['missing'] });
    expect(() => broken.operation('missing')).toThrow(/not in the OpenAPI document: missing/);
  });
});
