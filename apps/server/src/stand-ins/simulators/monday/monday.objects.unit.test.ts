import { describe, expect, it } from 'vitest';
import { STATUS_LABELS } from './monday.board';
import { columnObject, columnValueObject } from './monday.objects';

describe("a column's value as monday answers it", () => {
  const status = { id: 'status', title: 'Status', type: 'status', labels: STATUS_LABELS };

  it("answers a status's label, a date's day and a text, with the stored JSON as value", () => {
    expect(columnValueObject(status, { label: 'Done' })).toMatchObject({
      __typename: 'StatusValue',
      text: 'Done',
      value: '{"label":"Done"}',
    });
    expect(columnValueObject({ id: 'd', title: 'Date', type: 'date' }, { date: '2026-05-01' }).text).toBe('2026-05-01');
    // A date stored as text (a sandbox page's tick) reads the same.
    expect(columnValueObject({ id: 'd', title: 'Date', type: 'date' }, '2026-05-01')).toMatchObject({
      text: '2026-05-01',
      value: '{"text":"2026-05-01"}',
    });
    expect(columnValueObject({ id: 'n', title: 'Notes', type: 'long_text' }, { text: 'Why' })).toMatchObject({
      __typename: 'LongTextValue',
      text: 'Why',
    });
  });

  it('answers an unset value as null, and a dependency as the ids it names', () => {
    expect(columnValueObject(status, undefined)).toMatchObject({ text: null, value: null });
    const depends = { id: 'plan_depends', title: 'Depends on', type: 'dependency' };
    expect(columnValueObject(depends, { item_ids: ['12', '34'] })).toMatchObject({
      __typename: 'DependencyValue',
      text: '12, 34',
    });
    expect(columnValueObject(depends, { item_ids: [] }).text).toBeNull();
  });

  it("names a status column's labels by index in its settings", () => {
    expect(columnObject(status)).toMatchObject({
      id: 'status',
      settings: { labels: { '0': 'Working on it', '1': 'Done', '2': 'Stuck' } },
      settings_str: '{"labels":{"0":"Working on it","1":"Done","2":"Stuck"}}',
    });
    expect(columnObject(status)).not.toHaveProperty('labels');
  });
});
