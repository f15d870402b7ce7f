import { describe, expect, it } from 'vitest';
import { uploadPlanOf as planOf, uploadTask as task } from '../../../test/upload-plans';
import type { UploadPlan } from '../../ports/task-tool.port';
import { columnMutation, columnsFor, itemColumnValues, MONDAY_MILESTONE_LABEL } from './monday-columns';

const ids = (plan: UploadPlan) => columnsFor(plan).map((c) => c.id);

describe("the columns a plan's board gets", () => {
  it('are the due date and description for a template, whose tasks carry nothing else', () => {
    expect(ids(planOf([task(0), task(1, [], { priority: 'none' })]))).toEqual(['plan_due', 'plan_description']);
  });

  it('add the start, priority, dependency and milestone columns when some task needs each', () => {
    expect(ids(planOf([task(0, [], { startOn: '2027-03-01' }), task(1, [], { priority: 'high' })]))).toEqual([
      'plan_due',
      'plan_description',
      'plan_start',
      'plan_priority',
    ]);
    expect(ids(planOf([task(0), task(1, ['t0'], { milestone: true })]))).toEqual([
      'plan_due',
      'plan_description',
      'plan_depends',
      'plan_milestone',
    ]);
  });

  it('are made as a status column with its labels, or a column of their type', () => {
    const board = { type: 'ID!', value: '5' };
    const [, , , priority] = columnsFor(planOf([task(0, [], { startOn: '2027-03-01', priority: 'low' })]));
    const status = columnMutation(priority!, 3, board);
    expect(status.field).toBe('create_status_column(board_id: $cb3, id: $ci3, title: $ct3, defaults: $cd3)');
    expect(status.variables).toMatchObject({
      cb3: board,
      ci3: { type: 'String', value: 'plan_priority' },
      ct3: { type: 'String!', value: 'Priority' },
      cd3: {
        type: 'CreateStatusColumnSettingsInput',
        value: { labels: [{ label: 'High' }, { label: 'Medium' }, { label: 'Low' }] },
      },
    });
    const [due] = columnsFor(planOf([task(0)]));
    expect(columnMutation(due!, 0, board)).toEqual({
      field: 'create_column(board_id: $cb0, id: $ci0, title: $ct0, column_type: date)',
      variables: {
        cb0: board,
        ci0: { type: 'String', value: 'plan_due' },
        ct0: { type: 'String!', value: 'Due date' },
      },
    });
  });
});

describe("an item's column values", () => {
  it('carry its dates, description, priority label and milestone label, and leave the rest unset', () => {
    expect(
      JSON.parse(
        itemColumnValues(
          task(0, [], { description: 'Why', startOn: '2027-03-01', priority: 'medium', milestone: true }),
        ),
      ),
    ).toEqual({
      plan_due: { date: '2027-04-01' },
      plan_start: { date: '2027-03-01' },
      plan_description: { text: 'Why' },
      plan_priority: { label: 'Medium' },
      plan_milestone: { label: MONDAY_MILESTONE_LABEL },
    });
    expect(JSON.parse(itemColumnValues(task(1, [], { dueOn: null, priority: 'none' })))).toEqual({
      plan_description: { text: '' },
    });
  });
});
