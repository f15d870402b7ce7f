import { describe, expect, it } from 'vitest';
import { startProblem, withCompleted } from './asana.writes';

/** The first error message of a refusal, or undefined when the start is taken. */
const refusal = (data: Record<string, unknown>) =>
  (startProblem(data)?.body as { errors: { message: string }[] } | undefined)?.errors[0]?.message;

describe("a task's start as Asana takes it", () => {
  it('takes a start with a due day not before it, or none given at all', () => {
    expect(startProblem({ name: 'T' })).toBeUndefined();
    expect(startProblem({ start_on: '2026-05-01', due_on: '2026-05-03' })).toBeUndefined();
    expect(startProblem({ start_on: '2026-05-03', due_on: '2026-05-03' })).toBeUndefined();
    expect(startProblem({ start_on: null, due_on: null })).toBeUndefined();
    expect(startProblem({ start_on: '2026-05-01', due_at: '2026-05-03T10:00:00Z' })).toBeUndefined();
  });

  it('refuses a start without a due day in the same request, after it, or beside start_at', () => {
    expect(refusal({ start_on: '2026-05-01' })).toBe(
      'start_on: due_on or due_at must be given when setting or unsetting start_on',
    );
    expect(refusal({ start_on: '2026-05-04', due_on: '2026-05-03' })).toBe(
      'start_on: The start date cannot be after the due date',
    );
    expect(refusal({ start_on: '2026-05-01', start_at: '2026-05-01T09:00:00Z', due_on: '2026-05-03' })).toBe(
      'You may only provide one of start_on or start_at',
    );
    expect(startProblem({ start_on: '2026-05-01' })?.status).toBe(400);
  });
});

describe('a task marked done', () => {
  it('records when, keeps that time while done, and forgets it when reopened', () => {
    const done = withCompleted({ name: 'T' }, true);
    expect(Date.parse(String(done.completed_at))).not.toBeNaN();
    const kept = withCompleted({ completed_at: '2026-01-02T03:04:05.000Z' }, true);
    expect(kept.completed_at).toBe('2026-01-02T03:04:05.000Z');
    expect(withCompleted(kept, false)).toEqual({ completed_at: null });
  });
});
