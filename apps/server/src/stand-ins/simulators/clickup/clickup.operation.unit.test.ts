import { describe, expect, it } from 'vitest';
import { CreateTaskBody, GetSpacesQuery } from './clickup.contract';
import { isError, isReadError, parse } from './clickup.operation';

describe("an operation's input checked against the contract", () => {
  it('answers the data it takes, a missing part read as empty', () => {
    expect(parse(CreateTaskBody, { name: 'Write', due_date: 1767268800000 }, 'Task')).toMatchObject({
      ok: true,
      data: { name: 'Write', due_date: 1767268800000 },
    });
    expect(parse(GetSpacesQuery, undefined, 'Request')).toEqual({ ok: true, data: {} });
  });

  it("answers ClickUp's error for the first field it refuses, a name in words of its own", () => {
    expect(parse(CreateTaskBody, { name: 3 }, 'Task')).toMatchObject({
      ok: false,
      error: { status: 400, body: { err: 'Task name invalid', ECODE: 'INPUT_005' } },
    });
    const bad = parse(CreateTaskBody, { name: 'Write', due_date: 'soon' }, 'Task');
    expect(bad).toMatchObject({ ok: false, error: { status: 400, body: { ECODE: 'INPUT_001' } } });
    expect(bad.ok ? '' : (bad.error.body as { err: string }).err).toMatch(/^due_date invalid: /);
  });

  it('tells an answer to send from the object an operation goes on with', () => {
    const answer = { status: 404, body: { err: 'Task not found', ECODE: 'ITEM_015' } };
    expect(isError(answer)).toBe(true);
    expect(isReadError(answer)).toBe(true);
    expect(isReadError({ target: { id: 1 } as never })).toBe(false);
  });
});
