import type { PlanPerson } from '@dpp/shared/schemas/team';
import { describe, expect, it } from 'vitest';
import { ownerMatches, ownerNote, ownerOptions, ownerPatch } from './task-owner';

const people: PlanPerson[] = [
  { id: 1, name: 'Olga Owner', role: 'owner' },
  { id: 7, name: 'Sam Stone', role: 'editor' },
  { id: 9, name: 'Vic Viewer', role: 'viewer' },
];

describe("a task's owner field", () => {
  it("offers the plan's people by name, with their part in the plan", () => {
    expect(ownerOptions(people).map((o) => [o.value, o.label, o.personId])).toEqual([
      ['Olga Owner', "Olga Owner · plan's owner", 1],
      ['Sam Stone', 'Sam Stone · editor', 7],
      ['Vic Viewer', 'Vic Viewer · viewer', 9],
    ]);
    expect(ownerOptions([{ id: 2, name: ' ', role: 'owner' }])).toEqual([]);
  });

  it('finds a person by any part of their name, in any case', () => {
    const [, sam] = ownerOptions(people);
    expect(ownerMatches('sto', sam)).toBe(true);
    expect(ownerMatches('  SAM ', sam)).toBe(true);
    expect(ownerMatches('olga', sam)).toBe(false);
    expect(ownerMatches('', sam)).toBe(true);
    expect(ownerMatches('sam', undefined)).toBe(false);
  });

  it('assigns the one person with the name typed, and no one for any other name', () => {
    expect(ownerPatch('Sam Stone', people)).toEqual({ owner: 'Sam Stone', assignee_id: 7 });
    expect(ownerPatch('Sam Stone ', people)).toEqual({ owner: 'Sam Stone ', assignee_id: 7 });
    expect(ownerPatch('Sam', people)).toEqual({ owner: 'Sam', assignee_id: null });
    expect(ownerPatch('Pat from the agency', people)).toEqual({ owner: 'Pat from the agency', assignee_id: null });
    expect(ownerPatch('', people)).toEqual({ owner: '', assignee_id: null });
    // Two people of one name: the name alone says neither; the list's choice does.
    const twins = [...people, { id: 11, name: 'Sam Stone', role: 'viewer' as const }];
    expect(ownerPatch('Sam Stone', twins).assignee_id).toBeNull();
  });

  it('says who is assigned, or that a name is only a name', () => {
    expect(ownerNote({ owner: 'Sam Stone', assignee_id: 7 }, people)).toBe('Assigned to Sam Stone, the editor.');
    expect(ownerNote({ owner: 'Olga', assignee_id: 1 }, people)).toBe("Assigned to Olga Owner, the plan's owner.");
    expect(ownerNote({ owner: 'Pat', assignee_id: null }, people)).toBe(
      "Not one of this plan's people: the name is kept as written.",
    );
    // Someone no longer of the plan's team (their access ended since) is a name only.
    expect(ownerNote({ owner: 'Gone', assignee_id: 42 }, people)).toBe(
      "Not one of this plan's people: the name is kept as written.",
    );
    expect(ownerNote({ owner: '', assignee_id: null }, people)).toBe(
      "Choose one of this plan's people, or write any name.",
    );
    expect(ownerNote({ owner: '', assignee_id: null }, people.slice(0, 1))).toBe(
      'Write any name, or share the plan with a teammate to choose them.',
    );
  });
});
