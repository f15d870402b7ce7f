import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { issue, pointerToField, toIssues } from './openapi-issues';

const ajvError = (error: Partial<ErrorObject>): ErrorObject =>
  ({ instancePath: '', schemaPath: '#', keyword: 'type', params: {}, ...error }) as ErrorObject;

describe("a check's findings", () => {
  it('name the field of a JSON pointer, its escapes undone', () => {
    expect(pointerToField('/data/memberships/0/project')).toBe('data.memberships.0.project');
    expect(pointerToField('/a~1b/c~0d')).toBe('a/b.c~d');
    expect(pointerToField('')).toBe('');
  });

  it("say ajv's errors with the missing property named and the refused one quoted", () => {
    expect(
      toIssues('body', [
        ajvError({
          instancePath: '/data',
          keyword: 'required',
          params: { missingProperty: 'name' },
          message: "must have required property 'name'",
        }),
        ajvError({
          instancePath: '/data',
          keyword: 'additionalProperties',
          params: { additionalProperty: 'colour' },
          message: 'must NOT have additional properties',
        }),
        ajvError({ instancePath: '/data/due_on', keyword: 'format', message: undefined }),
      ]),
    ).toEqual([
      {
        in: 'body',
        field: 'data.name',
        pointer: '/data',
        keyword: 'required',
        message: "must have required property 'name'",
      },
      {
        in: 'body',
        field: 'data',
        pointer: '/data',
        keyword: 'additionalProperties',
        message: "must NOT have additional properties 'colour'",
      },
      { in: 'body', field: 'data.due_on', pointer: '/data/due_on', keyword: 'format', message: 'is invalid' },
    ]);
    expect(toIssues('query', null)).toEqual([]);
  });

  it('say a finding of its own at a pointer', () => {
    expect(issue('query', 'undeclared', 'is not a parameter of the contract', '/colour')).toEqual({
      in: 'query',
      field: 'colour',
      pointer: '/colour',
      keyword: 'undeclared',
      message: 'is not a parameter of the contract',
    });
  });
});
