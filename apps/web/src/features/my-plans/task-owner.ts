// A task's owner: a person of the plan's team (their name, and their id as assignee_id), or any name written in for
// someone outside the product (no assignee). The rules the owner field follows, apart from its drawing.
import type { MyPlanTask } from '@dpp/shared/schemas/my-plans';
import type { PlanPerson } from '@dpp/shared/schemas/team';

const ROLE_WORDS: Record<PlanPerson['role'], string> = {
  owner: "plan's owner",
  editor: 'editor',
  viewer: 'viewer',
};

export interface OwnerOption {
  value: string;
  label: string;
  key: string;
  personId: number;
}

/** The people the owner field offers, as its list shows them: "Sam Stone · editor". Nameless people are left out. */
export function ownerOptions(people: readonly PlanPerson[]): OwnerOption[] {
  return people
    .filter((person) => person.name.trim() !== '')
    .map((person) => ({
      value: person.name,
      label: `${person.name} · ${ROLE_WORDS[person.role]}`,
      key: String(person.id),
      personId: person.id,
    }));
}

/** Whether an option of the list matches what is typed: any part of the person's name, in any case. */
export const ownerMatches = (typed: string, option: OwnerOption | undefined): boolean =>
  option?.value.toLowerCase().includes(typed.trim().toLowerCase()) ?? false;

/**
 * The task's owner and assignee for a name typed in the field: the one person of the team with exactly that name
 * is assigned; any other text (none of them, or two of the same name) is a name only.
 */
export function ownerPatch(text: string, people: readonly PlanPerson[]): Pick<MyPlanTask, 'owner' | 'assignee_id'> {
  const named = people.filter((person) => person.name !== '' && person.name === text.trim());
  return { owner: text, assignee_id: named.length === 1 ? named[0]!.id : null };
}

/** What the field says under it of the task's owner: who of the team is assigned, or that the name is only a name. */
export function ownerNote(task: Pick<MyPlanTask, 'owner' | 'assignee_id'>, people: readonly PlanPerson[]): string {
  const person = task.assignee_id === null ? undefined : people.find((p) => p.id === task.assignee_id);
  if (person) return `Assigned to ${person.name}, the ${ROLE_WORDS[person.role]}.`;
  if (task.owner.trim() !== '') return "Not one of this plan's people: the name is kept as written.";
  return people.length > 1
    ? "Choose one of this plan's people, or write any name."
    : 'Write any name, or share the plan with a teammate to choose them.';
}
