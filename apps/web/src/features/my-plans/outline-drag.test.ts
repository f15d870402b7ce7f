import type { DragEndEvent } from '@dnd-kit/core';
import { newTask } from '@dpp/shared/rules/my-plans';
import { describe, expect, it } from 'vitest';
import { announcements, type DragData, draggedItem, dropped, landsOn } from './outline-drag';
import type { EditorDocument } from './plan-document';

const doc: EditorDocument = {
  name: 'Launch',
  plan: {
    start_date: '2027-01-01',
    sections: [
      { id: 's1', name: 'One', description: '', tasks: [newTask('a', { name: 'A' }), newTask('b', { name: 'B' })] },
      { id: 's2', name: 'Two', description: '', tasks: [newTask('c', { name: 'C' })] },
      { id: 's3', name: 'Three', description: '', tasks: [] },
    ],
  },
} as EditorDocument;

const item = (id: string, data: DragData) => ({ id, data: { current: data } });
const section = (id: string, name = id) => item(`section:${id}`, { type: 'section', sectionId: id, name });
const task = (id: string, sectionId: string) => item(id, { type: 'task', sectionId, name: id.toUpperCase() });
const list = (sectionId: string, empty: boolean) =>
  item(`tasks:${sectionId}`, { type: 'tasks', sectionId, name: sectionId, empty });
const drop = (active: ReturnType<typeof item>, over: ReturnType<typeof item> | null) =>
  ({ active, over }) as unknown as DragEndEvent;
const layout = (d: EditorDocument) => d.plan.sections.map((s) => `${s.id}:${s.tasks.map((t) => t.id).join('')}`);

describe('where a dragged item may land', () => {
  it('a section on sections only; a task on tasks, and on the task list of an empty section', () => {
    expect(landsOn('section', section('s2'))).toBe(true);
    expect(landsOn('section', task('a', 's1'))).toBe(false);
    expect(landsOn('task', task('a', 's1'))).toBe(true);
    expect(landsOn('task', section('s2'))).toBe(false);
    expect(landsOn('task', list('s3', true))).toBe(true);
    expect(landsOn('task', list('s1', false))).toBe(false);
  });
});

describe('the plan once an item is dropped', () => {
  it('moves a section to the place of the one it is dropped on', () => {
    expect(layout(dropped(doc, drop(section('s3'), section('s1'))))).toEqual(['s3:', 's1:ab', 's2:c']);
  });

  it("moves a task to the place of the task it is dropped on, or to the end of an empty section's list", () => {
    expect(layout(dropped(doc, drop(task('a', 's1'), task('c', 's2'))))).toEqual(['s1:b', 's2:ac', 's3:']);
    expect(layout(dropped(doc, drop(task('b', 's1'), list('s3', true))))).toEqual(['s1:a', 's2:c', 's3:b']);
  });

  it('leaves the plan as it was when the item lands on itself, nowhere, or on a place of another kind', () => {
    expect(dropped(doc, drop(task('a', 's1'), task('a', 's1')))).toBe(doc);
    expect(dropped(doc, drop(task('a', 's1'), null))).toBe(doc);
    expect(dropped(doc, drop(section('s1'), task('c', 's2')))).toBe(doc);
    expect(dropped(doc, drop(task('a', 's1'), section('s2')))).toBe(doc);
  });

  it('names the item moved, so a move made again on a copy without it is skipped', () => {
    expect(draggedItem(drop(section('s2', 'Two'), null))).toEqual({ kind: 'section', id: 's2', name: 'Two' });
    expect(draggedItem(drop(task('a', 's1'), null))).toEqual({ kind: 'task', id: 'a', name: 'A' });
    expect(draggedItem(drop(list('s3', true), null))).toBeUndefined();
  });
});

describe('what a screen reader hears of a drag', () => {
  it('says what was picked up, where it is, and how it ended', () => {
    const event = (active: ReturnType<typeof item>, over: ReturnType<typeof item> | null) =>
      ({ active, over }) as never;
    expect(announcements.onDragStart(event(section('s1', 'One'), null))).toBe('Picked up section One.');
    expect(announcements.onDragStart(event(task('a', 's1'), null))).toBe('Picked up task A.');
    expect(announcements.onDragOver(event(task('a', 's1'), task('c', 's2')))).toBe('A is over C.');
    expect(announcements.onDragOver(event(task('a', 's1'), null))).toBeUndefined();
    expect(announcements.onDragEnd(event(task('a', 's1'), task('c', 's2')))).toBe('Dropped A.');
    expect(announcements.onDragEnd(event(task('a', 's1'), null))).toBe('Dropped where it was.');
    expect(announcements.onDragCancel(event(task('a', 's1'), null))).toBe('Moving A was cancelled.');
  });
});
