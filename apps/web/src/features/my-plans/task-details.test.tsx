import { DAY_RANGE } from '@dpp/shared/rules/days';
import { newTask } from '@dpp/shared/rules/my-plans';
import type { MyPlanTask } from '@dpp/shared/schemas/my-plans';
import type { PlanPerson } from '@dpp/shared/schemas/team';
import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import type { ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { PlanPeople, PlanReadOnly } from './plan-access';
import type { ChangeTarget, EditorDocument } from './plan-document';
import { PlanOutline } from './plan-editor';
import { asDay, fromDay, PLAN_DAY_BOUNDS, PlanForLinks, TaskDetails } from './task-details';

async function html(element: ReactElement): Promise<string> {
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
}

const task = newTask('t1', {
  name: 'Bake',
  description: 'Flour first',
  owner: 'Ada',
  start_date: '2027-01-04',
  due_date: '2027-01-06',
  priority: 'high',
  depends_on: ['t0'],
  subtasks: [{ id: 'st1', name: 'Weigh', description: '' }],
});
const doc = {
  name: 'Launch',
  plan: {
    start_date: '2027-01-01',
    sections: [{ id: 's1', name: 'Kitchen', description: '', tasks: [newTask('t0', { name: 'Buy' }), task] }],
  },
} as EditorDocument;
const self: ChangeTarget = { kind: 'task', id: task.id, name: task.name };

/** The details of a task (the one above unless told) as the outline draws them, for the plan's people. */
const detailsOf = (shown: MyPlanTask, noSubtask: string | undefined, people: readonly PlanPerson[] = []) => (
  <PlanPeople.Provider value={people}>
    <PlanForLinks.Provider value={doc}>
      <TaskDetails
        id="row"
        task={shown}
        name="Bake"
        noSubtask={noSubtask}
        update={() => {}}
        change={() => {}}
        self={self}
      />
    </PlanForLinks.Provider>
  </PlanPeople.Provider>
);
const details = (noSubtask: string | undefined) => html(detailsOf(task, noSubtask));

describe("a task's details", () => {
  it('show each field of the task under its label, its subtasks and the Add subtask button', async () => {
    const page = await details(undefined);
    for (const [field, label] of [
      ['row-description', 'Description'],
      ['row-start', 'Start date'],
      ['row-due', 'Due date'],
      ['row-owner', 'Owner'],
      ['row-priority', 'Priority'],
      ['row-waits', 'Waits on (finished before this task starts)'],
    ]) {
      expect(page).toContain(`<label for="${field}">${label}</label>`);
    }
    expect(page).toContain('Flour first</textarea>');
    expect(page).toMatch(/id="row-owner"[^>]*value="Ada"|value="Ada"[^>]*id="row-owner"/);
    expect(page).toContain('value="2027-01-04"');
    expect(page).toContain('title="High"');
    expect(page).toContain('Buy (Kitchen)');
    expect(page).toContain('Milestone (a moment on its due day)');
    expect(page).toContain('aria-label="Delete subtask Weigh"');
    expect(page).toMatch(/<button[^>]*data-add="subtask"[^>]*>/);
    expect(page).not.toMatch(/<button[^>]*data-add="subtask"[^>]*disabled/);
    expect(page).not.toContain('row-subtask-limit');
  });

  it('turn Add subtask off with the reason below it when the task takes no more', async () => {
    const page = await details('This plan has reached its 500 subtasks.');
    expect(page).toMatch(
      /<button[^>]*disabled=""[^>]*aria-describedby="row-subtask-limit"|<button[^>]*aria-describedby="row-subtask-limit"[^>]*disabled=""/,
    );
    expect(page).toContain(
      '<p id="row-subtask-limit" class="plan-editor__limit">This plan has reached its 500 subtasks.</p>',
    );
  });
});

const people: PlanPerson[] = [
  { id: 1, name: 'Olga Owner', role: 'owner' },
  { id: 7, name: 'Ada Byron', role: 'editor' },
];

/** The task's details as a viewer's page draws them: inside the outline's switch that turns every field off. */
const viewerDetails = () =>
  html(
    <PlanReadOnly.Provider value={true}>
      <ConfigProvider componentDisabled>{detailsOf(task, undefined)}</ConfigProvider>
    </PlanReadOnly.Provider>,
  );

describe("a task's owner", () => {
  it("is a typeahead of the plan's people that says who is assigned", async () => {
    const assigned = { ...task, owner: 'Ada Byron', assignee_id: 7 };
    const page = await html(detailsOf(assigned, undefined, people));
    expect(page).toMatch(/<input[^>]*role="combobox"[^>]*id="row-owner"|<input[^>]*id="row-owner"[^>]*role="combobox"/);
    expect(page).toMatch(
      /id="row-owner"[^>]*aria-describedby="row-owner-note"|aria-describedby="row-owner-note"[^>]*id="row-owner"/,
    );
    expect(page).toContain(
      '<span id="row-owner-note" class="plan-editor__hint" data-assignee="7">Assigned to Ada Byron, the editor.</span>',
    );
  });
});

describe('a plan only shown (a viewer’s)', () => {
  it("has the task's fields off and nothing that adds or deletes", async () => {
    const page = await viewerDetails();
    expect(page).not.toContain('data-add="subtask"');
    expect(page).not.toContain('Delete subtask');
    const fields = [...page.matchAll(/<(input|textarea)\b[^>]*>/g)].map((m) => m[0]);
    expect(fields.length).toBeGreaterThan(5);
    for (const field of fields) expect(field).toContain('disabled');
  });

  it('draws the outline with no handle, move, delete or add, its names off and each task’s details still open', async () => {
    const page = await html(
      <PlanReadOnly.Provider value={true}>
        <PlanOutline doc={doc} change={() => {}} />
      </PlanReadOnly.Provider>,
    );
    for (const control of [
      'plan-editor__handle',
      'data-move',
      'data-add',
      'Delete task',
      'Delete section',
      'Section of',
    ]) {
      expect(page).not.toContain(control);
    }
    const names = [...page.matchAll(/<input[^>]*aria-label="(?:Task|Section) name"[^>]*>/g)].map((m) => m[0]);
    expect(names).toHaveLength(3);
    for (const name of names) expect(name).toContain('disabled');
    const toggles = [...page.matchAll(/<button[^>]*aria-label="Details of [^"]*"[^>]*>/g)].map((m) => m[0]);
    expect(toggles).toHaveLength(2);
    for (const toggle of toggles) expect(toggle).not.toContain('disabled');
  });

  it('is drawn with every control for an editor', async () => {
    const page = await html(<PlanOutline doc={doc} change={() => {}} />);
    expect(page).toContain('plan-editor__handle');
    expect(page).toContain('data-add="task"');
    expect(page).toContain('data-add="section"');
    expect(page).not.toMatch(/<input[^>]*aria-label="Task name"[^>]*disabled/);
  });
});

describe("a plan's days in the pickers", () => {
  it('read a YYYY-MM-DD date as a day and back, none as none', () => {
    expect(fromDay(asDay('2027-02-28'))).toBe('2027-02-28');
    expect(asDay(null)).toBeNull();
    expect(fromDay(null)).toBeNull();
    expect(fromDay(dayjs('2027-03-01T23:30:00'))).toBe('2027-03-01');
  });

  it('offer only the days a plan may have', () => {
    expect(fromDay(PLAN_DAY_BOUNDS.minDate)).toBe(DAY_RANGE.FIRST);
    expect(fromDay(PLAN_DAY_BOUNDS.maxDate)).toBe(DAY_RANGE.LAST);
  });
});
