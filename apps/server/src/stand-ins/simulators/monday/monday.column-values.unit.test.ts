import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { type Column, ITEM_COLUMNS, STATUS_LABELS } from './monday.board';
import { columnValues, mondayTaskDone, valuesData, withColumnValues } from './monday.column-values';

const columns = (): Column[] => [
  ...structuredClone(ITEM_COLUMNS),
  { id: 'plan_description', title: 'Description', type: 'long_text' },
  { id: 'plan_depends', title: 'Depends on', type: 'dependency' },
];

/** The error code monday answers a refused value with. */
function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GraphQLError);
    return (error as GraphQLError).extensions.code;
  }
  throw new Error('the value was taken');
}

describe('column_values as monday takes them', () => {
  it('reads a JSON string or an object, and nothing as no values', () => {
    expect(columnValues('{"date4":"2026-05-01"}', columns())).toEqual({ date4: '2026-05-01' });
    expect(columnValues({ date4: { date: '2026-05-01' } }, columns())).toEqual({ date4: { date: '2026-05-01' } });
    expect(columnValues(null, columns())).toEqual({});
    expect(refusal(() => columnValues('{not json', columns()))).toBe('ColumnValueException');
    expect(refusal(() => columnValues('[1]', columns()))).toBe('ColumnValueException');
    expect(refusal(() => columnValues({ nope: 'x' }, columns()))).toBe('InvalidColumnIdException');
  });

  it('takes a date only as a real YYYY-MM-DD day', () => {
    expect(refusal(() => columnValues({ date4: '2026-5-1' }, columns()))).toBe('ColumnValueException');
    expect(refusal(() => columnValues({ date4: { date: '2026-13-01' } }, columns()))).toBe('ColumnValueException');
  });

  it('names a status label by its text or index, and adds an unknown one only when asked to', () => {
    expect(columnValues({ status: 'Done' }, columns())).toEqual({ status: { label: 'Done' } });
    expect(columnValues({ status: { index: 2 } }, columns())).toEqual({ status: { label: 'Stuck' } });
    expect(columnValues({ status: '' }, columns())).toEqual({ status: null });
    expect(refusal(() => columnValues({ status: { label: 'Blocked' } }, columns()))).toBe('ColumnValueException');
    const board = columns();
    expect(columnValues({ status: { label: 'Blocked' } }, board, true)).toEqual({ status: { label: 'Blocked' } });
    expect(board.find((c) => c.id === 'status')?.labels).toEqual([...STATUS_LABELS, { label: 'Blocked', index: 3 }]);
  });

  it("keeps a dependency's items as distinct ids in text, and clears it with null or {}", () => {
    expect(columnValues({ plan_depends: { item_ids: [12, '34', 12] } }, columns())).toEqual({
      plan_depends: { item_ids: ['12', '34'] },
    });
    expect(columnValues({ plan_depends: {} }, columns())).toEqual({ plan_depends: null });
    expect(refusal(() => columnValues({ plan_depends: { item_ids: ['x'] } }, columns()))).toBe('ColumnValueException');
    expect(refusal(() => columnValues({ plan_depends: [1] }, columns()))).toBe('ColumnValueException');
  });
});

describe('what an item keeps of its values', () => {
  it('shows the columns set by title, and the first long text as the description', () => {
    const values = { status: { label: 'Done' }, date4: { date: '2026-05-01' }, plan_description: { text: 'Why' } };
    expect(valuesData(values, columns())).toEqual({
      column_values: values,
      columns: { Status: 'Done', Date: '2026-05-01' },
      description: 'Why',
    });
  });

  it('sets values over those an item had, and reads the Status label "Done" as done', () => {
    const item = {
      id: 1,
      tool: 'monday' as const,
      kind: 'item',
      remoteId: '100',
      accountId: 1,
      parentId: 'group_1',
      name: 'Write',
      data: { board: '9', column_values: { date4: { date: '2026-05-01' } } },
      createdAt: new Date(),
    };
    const data = withColumnValues(item, columns(), { status: { label: 'Done' } });
    expect(data).toMatchObject({
      board: '9',
      column_values: { date4: { date: '2026-05-01' }, status: { label: 'Done' } },
      columns: { Status: 'Done', Date: '2026-05-01' },
    });
    expect(mondayTaskDone.isDone(data)).toBe(true);
    expect(mondayTaskDone.isDone(item.data)).toBe(false);
    expect(mondayTaskDone.isTask('item', {})).toBe(true);
    expect(mondayTaskDone.isTask('subitem', {})).toBe(false);
  });
});
