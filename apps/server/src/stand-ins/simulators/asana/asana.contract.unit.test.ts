import { describe, expect, it } from 'vitest';
import { asanaContract, issueMessage, matchRoute } from './asana.contract';

describe('Asana contract (contracts/asana/asana_oas.yaml)', () => {
  it('takes a task with memberships (create-only, readOnly in the document) and checks the rest', () => {
    const ok = asanaContract.checkRequest('createTask', {
      body: {
        data: { name: 'T', due_on: '2026-12-01', projects: ['1'], memberships: [{ project: '1', section: '2' }] },
      },
    });
    expect(ok.ok).toBe(true);
    const bad = asanaContract.checkRequest('createTask', {
      body: { data: { name: 'T', projects: '1', due_on: 'soon' } },
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues.map((i) => i.field).sort()).toEqual(['data.due_on', 'data.projects']);
  });

  it('knows the batch action shape', () => {
    const bad = asanaContract.checkRequest('createBatchRequest', { body: { data: { actions: [{ method: 'get' }] } } });
    expect(bad).toMatchObject({ ok: false, issues: [{ field: 'data.actions.0.relative_path', keyword: 'required' }] });
  });
});

describe("Asana's routes and errors", () => {
  it('reaches an operation by method and path, with its gids decoded', () => {
    expect(matchRoute('get', '/projects/123/sections')).toEqual({
      op: 'getSectionsForProject',
      params: { project_gid: '123' },
    });
    expect(matchRoute('POST', '/tasks/9/addDependencies')).toEqual({
      op: 'addDependenciesForTask',
      params: { task_gid: '9' },
    });
    expect(matchRoute('GET', '/users/ada%40example.com')).toEqual({
      op: 'getUser',
      params: { user_gid: 'ada@example.com' },
    });
    expect(matchRoute('PATCH', '/tasks/9')).toBeUndefined();
    expect(matchRoute('GET', '/projects/123/sections/4')).toBeUndefined();
  });

  it("says a contract's finding as Asana does: the field without data., then what is wrong", () => {
    const finding = (keyword: string, field: string, message = 'must be string') =>
      issueMessage({ in: 'body', field, pointer: '', keyword, message });
    expect(finding('required', 'data.name')).toBe('name: Missing input');
    expect(finding('required', 'data')).toBe('data: Missing input');
    expect(finding('type', 'data.projects')).toBe('projects: Invalid value, must be string');
    expect(finding('format', 'data.due_on', 'must match format "date"')).toBe(
      'due_on: Invalid value, must match format "date"',
    );
    expect(finding('enum', 'data.resource_subtype')).toBe('resource_subtype: Not one of the allowed values');
    expect(finding('maxItems', 'data.actions', 'must NOT have more than 10 items')).toBe(
      'actions: must NOT have more than 10 items',
    );
  });
});
