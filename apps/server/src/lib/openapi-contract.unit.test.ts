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

/** A second document: routing, headers, form bodies, undeclared names and Stripe's way of saying null. */
const shop = {
  openapi: '3.0.0',
  paths: {
    '/v1/customers': {
      post: {
        operationId: 'PostCustomers',
        parameters: [{ name: 'Idempotency-Key', in: 'header', schema: { type: 'string', maxLength: 8 } }],
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                properties: {
                  email: { type: 'string' },
                  trial_end: { type: 'integer' },
                  metadata: { type: 'object', additionalProperties: true },
                  items: { type: 'array', items: { type: 'object', properties: { price: { type: 'string' } } } },
                },
              },
            },
          },
        },
        responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/customer' } } } } },
      },
      get: {
        operationId: 'GetCustomers',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
        responses: { 204: { description: 'nothing' } },
      },
    },
    '/v1/customers/search': { get: { operationId: 'SearchCustomers', responses: {} } },
    '/v1/customers/{customer}': {
      get: {
        operationId: 'GetCustomer',
        parameters: [{ name: 'customer', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {},
      },
    },
  },
  components: {
    schemas: {
      customer: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'string' },
          discount: { nullable: true, anyOf: [{ $ref: '#/components/schemas/discount' }] },
          tax_exempt: { type: 'string', nullable: true, enum: ['none', 'exempt'] },
        },
      },
      discount: { type: 'object', properties: { id: { type: 'string' } } },
    },
  },
};

describe('openApiContract for contract tests', () => {
  const contract = openApiContract({ load: () => structuredClone(shop), refuseUndeclared: true });
  const form = { contentType: 'application/x-www-form-urlencoded; charset=utf-8' };

  it('routes a method and path to its operation, fixed segments first', () => {
    expect(contract.match('GET', '/v1/customers/search')?.operation.operationId).toBe('SearchCustomers');
    expect(contract.match('get', '/v1/customers/cus%201')).toEqual({
      operation: { operationId: 'GetCustomer', method: 'GET', path: '/v1/customers/{customer}' },
      params: { customer: 'cus 1' },
    });
    expect(contract.match('PUT', '/v1/customers')).toBeUndefined();
    expect(contract.match('GET', '/v1/customerz')).toBeUndefined();
  });

  it('reads form bodies as text to coerce, and refuses names the document does not declare', () => {
    const body = { email: 'a@example.com', trial_end: '1700000000', metadata: { any: 'thing' } };
    expect(contract.checkRequest('PostCustomers', { ...form, body })).toMatchObject({ ok: true, body });
    expect(body.trial_end).toBe('1700000000');
    const r = contract.checkRequest('PostCustomers', {
      ...form,
      query: { expand: 'x' },
      headers: { 'Idempotency-Key': 'far-too-long' },
      body: { trial_end: 'tomorrow', colour: 'blue', items: [{ price: 'p', colour: 'red' }] },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => `${i.in}:${i.pointer}:${i.keyword}`)).toEqual(
      expect.arrayContaining([
        'query:/expand:undeclared',
        'header:/idempotency-key:maxLength',
        'body:/trial_end:type',
        'body:/colour:undeclared',
        'body:/items/0/colour:undeclared',
      ]),
    );
    expect(r.issues.some((i) => i.pointer.startsWith('/metadata'))).toBe(false);
  });

  it('refuses a body of a type the operation does not take, and a body where it takes none', () => {
    const json = contract.checkRequest('PostCustomers', { contentType: 'application/json', body: { email: 'a' } });
    expect(json).toMatchObject({ ok: false, issues: [{ keyword: 'mediaType' }] });
    const get = contract.checkRequest('GetCustomers', { body: { limit: 1 } });
    expect(get).toMatchObject({ ok: false, issues: [{ keyword: 'body', message: 'takes no request body' }] });
    expect(contract.checkRequest('GetCustomers', { query: { limit: '10' } })).toMatchObject({ query: { limit: 10 } });
  });

  it('admits null where nullable stands beside anyOf or an enum, and checks component schemas', () => {
    expect(contract.checkResponse('PostCustomers', 200, { id: 'c', discount: null, tax_exempt: null })).toEqual([]);
    expect(contract.checkResponse('PostCustomers', 200, { id: 'c', tax_exempt: 'maybe' })[0]).toMatchObject({
      pointer: '/tax_exempt',
      keyword: 'enum',
    });
    expect(contract.checkSchema('customer', {})[0]).toMatchObject({ field: 'id', keyword: 'required' });
    expect(contract.checkSchema('nothing', {})[0]).toMatchObject({ keyword: 'schema' });
  });

  it('takes no body where a status documents none', () => {
    expect(contract.checkResponse('GetCustomers', 204, undefined)).toEqual([]);
    expect(contract.checkResponse('GetCustomers', 204, { id: 'c' })[0]).toMatchObject({ keyword: 'status' });
  });
});
