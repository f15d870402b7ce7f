import { describe, expect, it } from 'vitest';
import { assigneesOutside, mayInvite, mayOnPlan, unassign } from './team';

const plan = (...assignees: (number | null)[]) => ({
  start_date: null,
  sections: [{ name: 'A', tasks: assignees.map((assignee_id, i) => ({ name: `t${i}`, owner: 'Kim', assignee_id })) }],
});

describe('mayOnPlan', () => {
  it('lets the owner do anything, an editor read, download and save, a viewer read and download', () => {
    for (const action of ['read', 'download', 'save', 'delete', 'send', 'share', 'progress'] as const) {
      expect(mayOnPlan('owner', action)).toBe(true);
    }
    expect(
      ['read', 'download', 'save', 'delete', 'send', 'share'].filter((a) => mayOnPlan('editor', a as 'read')),
    ).toEqual(['read', 'download', 'save']);
    expect(
      ['read', 'download', 'save', 'delete', 'send', 'share'].filter((a) => mayOnPlan('viewer', a as 'read')),
    ).toEqual(['read', 'download']);
  });
});

describe('mayInvite', () => {
  it('counts teammates and pending invitations against the limit; null has none', () => {
    expect(mayInvite(3, 1, 1)).toBe(true);
    expect(mayInvite(3, 2, 1)).toBe(false);
    expect(mayInvite(0, 0, 0)).toBe(false);
    expect(mayInvite(null, 500, 500)).toBe(true);
  });
});

describe('assignees', () => {
  it('finds the assignees outside the team, once each', () => {
    expect(assigneesOutside(plan(1, null, 7, 7, 2), new Set([1, 2]))).toEqual([7]);
    expect(assigneesOutside(plan(null, 1), new Set([1]))).toEqual([]);
  });

  it('unassigns the people named and keeps the owner text; an untouched plan is the same object', () => {
    const before = plan(1, 7, null);
    const after = unassign(before, new Set([7]));
    expect(after.sections[0]!.tasks.map((t) => [t.assignee_id, t.owner])).toEqual([
      [1, 'Kim'],
      [null, 'Kim'],
      [null, 'Kim'],
    ]);
    expect(before.sections[0]!.tasks[1]!.assignee_id).toBe(7);
    expect(unassign(before, new Set([9]))).toBe(before);
  });
});
