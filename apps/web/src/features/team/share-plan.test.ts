import type { PlanPerson } from '@dpp/shared/schemas/team';
import { describe, expect, it } from 'vitest';
import { accessChangedText, accessOf } from './share-plan';

const people: PlanPerson[] = [
  { id: 1, name: 'Olga Owner', role: 'owner' },
  { id: 7, name: 'Sam Stone', role: 'editor', email: 'sam@example.com' },
  { id: 9, name: 'Vic Viewer', role: 'viewer', email: 'vic@example.com' },
];

describe("the Share control's choices", () => {
  it("show each teammate's role on the plan, none for one it is not shared with", () => {
    expect(accessOf(people, 7)).toBe('editor');
    expect(accessOf(people, 9)).toBe('viewer');
    expect(accessOf(people, 12)).toBe('none');
    // The owner is no teammate of their own plan.
    expect(accessOf(people, 1)).toBe('none');
  });

  it('say what a change did', () => {
    expect(accessChangedText('Sam', 'editor')).toBe('Sam can now edit this plan.');
    expect(accessChangedText('Sam', 'viewer')).toBe('Sam can now view this plan, not change it.');
    expect(accessChangedText('Sam', 'none')).toBe(
      'Sam no longer has access to this plan; their tasks on it are unassigned.',
    );
  });
});
