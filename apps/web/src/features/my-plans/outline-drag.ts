// Dragging the outline's items with dnd-kit: what a drag carries, where a section or a task may land, what a screen
// reader hears meanwhile, and the document once the item is dropped.
import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  pointerWithin,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { type ChangeTarget, type EditorDocument, findTask, planOps } from './plan-document';

export const SECTION_PREFIX = 'section:';
export const TASKS_PREFIX = 'tasks:';

export interface DragData {
  type: 'section' | 'task' | 'tasks';
  sectionId: string;
  name: string;
  /** A section's task list is a drop target of its own only while empty (else its tasks are). */
  empty?: boolean;
}

export const dragData = (data: unknown) => data as DragData | undefined;

/** Section drags look at sections only; task drags at tasks, and at the task lists of empty sections. */
export function landsOn(kind: DragData['type'] | undefined, target: { data: { current?: unknown } }): boolean {
  const data = dragData(target.data.current);
  if (kind === 'section') return data?.type === 'section';
  return data?.type === 'task' || (data?.type === 'tasks' && data.empty === true);
}

export const collisionDetection: CollisionDetection = (args) => {
  const kind = dragData(args.active.data.current)?.type;
  const droppableContainers = args.droppableContainers.filter((container) => landsOn(kind, container));
  const scoped = { ...args, droppableContainers };
  if (kind === 'task') {
    const within = pointerWithin(scoped);
    if (within.length > 0) return within;
  }
  return closestCenter(scoped);
};

/**
 * The arrow keys of a keyboard drag go to the next place of the same kind: dnd-kit's sortable getter looks at
 * every drop target, so it is shown only those a section, or a task, may land on.
 */
export const coordinateGetter: KeyboardCoordinateGetter = (event, args) => {
  const kind = dragData(args.context.active?.data.current)?.type;
  const all = args.context.droppableContainers;
  const scoped = Object.create(all, {
    getEnabled: { value: () => all.getEnabled().filter((container) => landsOn(kind, container)) },
    get: { value: (id: UniqueIdentifier) => all.get(id) },
  }) as typeof all;
  return sortableKeyboardCoordinates(event, { ...args, context: { ...args.context, droppableContainers: scoped } });
};

/** What a screen reader hears while an item is dragged by keyboard or pointer. */
export const announcements: Announcements = {
  onDragStart: ({ active }) => {
    const data = dragData(active.data.current);
    return `Picked up ${data?.type === 'section' ? 'section' : 'task'} ${data?.name ?? ''}.`;
  },
  onDragOver: ({ active, over }) =>
    over
      ? `${dragData(active.data.current)?.name ?? 'The item'} is over ${dragData(over.data.current)?.name ?? 'a list'}.`
      : undefined,
  onDragEnd: ({ active, over }) =>
    over ? `Dropped ${dragData(active.data.current)?.name ?? 'the item'}.` : 'Dropped where it was.',
  onDragCancel: ({ active }) => `Moving ${dragData(active.data.current)?.name ?? 'the item'} was cancelled.`,
};

export const screenReaderInstructions = {
  draggable:
    'Press Space or Enter to pick the item up, the arrow keys to move it, Space or Enter to drop it, Escape to ' +
    'cancel. Alt with Arrow Up or Down moves it one place at once.',
};

/** Where a dragged item ends: the document after the move, or as it was when it lands nowhere new. */
export function dropped(doc: EditorDocument, event: DragEndEvent): EditorDocument {
  const active = dragData(event.active.data.current);
  const over = dragData(event.over?.data.current);
  if (!active || !over || event.over?.id === event.active.id) return doc;
  if (active.type === 'section' && over.type === 'section') {
    const to = doc.plan.sections.findIndex((s) => s.id === over.sectionId);
    return planOps.moveSection(doc, active.sectionId, to);
  }
  if (active.type !== 'task') return doc;
  const taskId = String(event.active.id);
  if (over.type === 'tasks') {
    const target = doc.plan.sections.find((s) => s.id === over.sectionId);
    return target ? planOps.moveTask(doc, taskId, target.id, target.tasks.length) : doc;
  }
  if (over.type === 'task') {
    const target = findTask(doc, String(event.over!.id));
    return target ? planOps.moveTask(doc, taskId, target.section.id, target.index) : doc;
  }
  return doc;
}

/** The item a drag moves: its move is skipped when made again on a copy that no longer has it. */
export function draggedItem(event: DragEndEvent): ChangeTarget | undefined {
  const active = dragData(event.active.data.current);
  if (active?.type === 'section') return { kind: 'section', id: active.sectionId, name: active.name };
  if (active?.type === 'task') return { kind: 'task', id: String(event.active.id), name: active.name };
  return undefined;
}
