import { describe, expect, it } from 'vitest';
import { loadDocument, routeOf } from './openapi-document';

describe("an OpenAPI document's routes", () => {
  it('match a path template, a parameter a segment, its fixed segments counted', () => {
    const route = routeOf('get', 'getTask', '/tasks/{task_gid}/subtasks');
    expect(route).toMatchObject({ method: 'GET', operationId: 'getTask', names: ['task_gid'], statics: 2 });
    expect(route.pattern.exec('/tasks/12/subtasks')?.[1]).toBe('12');
    expect(route.pattern.test('/tasks/12/subtasks/')).toBe(true);
    expect(route.pattern.test('/tasks/1/2/subtasks')).toBe(false);
    // A dot in the template is a dot, not any character.
    expect(routeOf('get', 'x', '/v1/a.json').pattern.test('/v1/aXjson')).toBe(false);
  });
});

describe('a document loaded', () => {
  const doc = {
    paths: {
      '/customers/{customer}': { get: { operationId: 'getCustomer', responses: {} } },
      '/customers/search': { get: { operationId: 'searchCustomers', responses: {} } },
      '/customers': {
        post: {
          operationId: 'createCustomer',
          requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
          responses: {},
        },
      },
    },
  };

  it('lists the routes with the most fixed segments first, the others as written, and compiles an operation when first asked', () => {
    const loaded = loadDocument(() => doc, []);
    expect(loaded.routes.map((r) => r.operationId)).toEqual(['searchCustomers', 'getCustomer', 'createCustomer']);
    const create = loaded.operation('createCustomer');
    expect(create.info).toEqual({ operationId: 'createCustomer', method: 'POST', path: '/customers' });
    expect(create.takesBody).toBe(true);
    expect(create.bodyRequired).toBe(false);
    expect(loaded.operation('createCustomer')).toBe(create);
    expect(() => loaded.operation('deleteCustomer')).toThrow('Operations not in the OpenAPI document: deleteCustomer');
  });

  it('refuses at once a document that lacks an operation asked for up front', () => {
    expect(() => loadDocument(() => doc, ['getCustomer', 'deleteCustomer'])).toThrow(
      'Operations not in the OpenAPI document: deleteCustomer',
    );
  });
});
