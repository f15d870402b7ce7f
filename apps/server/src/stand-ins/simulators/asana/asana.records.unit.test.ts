import { describe, expect, it } from 'vitest';
import { paginate, select } from './asana.records';

describe('a record as Asana answers it', () => {
  const record = { gid: '1', resource_type: 'task', name: 'Write', notes: 'Why', due_on: null };

  it('keeps only the fields asked for with opt_fields, and the gid always', () => {
    expect(select(record, ['name', 'due_on'])).toEqual({ gid: '1', name: 'Write', due_on: null });
    // A nested field asks for its top-level one.
    expect(select(record, ['notes.text'])).toEqual({ gid: '1', notes: 'Why' });
    expect(select(record, undefined)).toBe(record);
    expect(select(record, [])).toBe(record);
  });
});

describe("Asana's offset pagination", () => {
  const items = ['a', 'b', 'c', 'd', 'e'];
  const url = 'http://localhost:3000';

  it('answers every item without a limit, and a page with one', () => {
    expect(paginate(items, {}, '/tasks', url)).toEqual({ data: items });
    const first = paginate(items, { limit: '2' }, '/projects/1/tasks', url);
    expect(first.data).toEqual(['a', 'b']);
    expect(first.next_page).toEqual({
      offset: 'Mg',
      path: '/projects/1/tasks?limit=2&offset=Mg',
      uri: 'http://localhost:3000/sandbox/asana/api/1.0/projects/1/tasks?limit=2&offset=Mg',
    });
  });

  it('goes on from the offset of the page before, and ends with a null next_page', () => {
    expect(paginate(items, { limit: '2', offset: 'Mg' }, '/t', url).data).toEqual(['c', 'd']);
    expect(paginate(items, { limit: '2', offset: 'NA' }, '/t', url)).toEqual({ data: ['e'], next_page: null });
    expect(paginate(items, { limit: '5' }, '/t', url)).toEqual({ data: items, next_page: null });
  });
});
