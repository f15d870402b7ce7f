import { DAY_RANGE } from '@dpp/shared/rules/days';
import { newTask } from '@dpp/shared/rules/my-plans';
import dayjs from 'dayjs';
import type { ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import type { ChangeTarget, EditorDocument } from './plan-document';
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

const details = (noSubtask: string | undefined) =>
  html(
    <PlanForLinks.Provider value={doc}>
      <TaskDetails
        id="row"
        task={task}
        name="Bake"
        noSubtask={noSubtask}
        update={() => {}}
        change={() => {}}
        self={self}
      />
    </PlanForLinks.Provider>,
  );

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
