// The plan's outline in the editor: sections → tasks → subtasks, each renamed, described, added, deleted and
// moved in place. Moves work three ways: buttons, Alt+Arrow keys on an item's handle, and drag and drop (dnd-kit,
// whose keyboard sensor picks a handle up with Space, moves it with the arrows and drops it with Space).
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DownOutlined,
  HolderOutlined,
  PlusOutlined,
  RightOutlined,
} from '@ant-design/icons';
import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  type UniqueIdentifier,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { DAY_RANGE } from '@dpp/shared/rules/days';
import {
  MY_PLAN_LIMITS,
  MY_PLAN_PRIORITIES,
  MY_PLANS_MESSAGES,
  type MyPlanPriority,
  type MyPlanSection,
  type MyPlanSubtask,
  type MyPlanTask,
} from '@dpp/shared/schemas/my-plans';
import { Button, Checkbox, DatePicker, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { createContext, type KeyboardEvent, memo, useContext, useId, useMemo, useRef, useState } from 'react';
import { ConfirmDelete, JustAdded, useNameFocusedWhenAdded, useNewItemId } from './outline-keyboard';
import {
  type ChangeTarget,
  dependencyRefusal,
  type EditorDocument,
  findTask,
  planOps,
  planSubtaskRefusal,
  sectionRefusal,
  stepSection,
  stepTask,
  subtaskRefusal,
  taskRefusal,
} from './plan-document';
import { TaskStatusBadge } from './task-status';

type Change = (apply: (doc: EditorDocument) => EditorDocument, key?: string | null, target?: ChangeTarget) => void;

const PRIORITY_LABELS: Record<MyPlanPriority, string> = {
  none: 'No priority',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};
const PRIORITY_OPTIONS = MY_PLAN_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }));

const SECTION_PREFIX = 'section:';
const TASKS_PREFIX = 'tasks:';

interface DragData {
  type: 'section' | 'task' | 'tasks';
  sectionId: string;
  name: string;
  /** A section's task list is a drop target of its own only while empty (else its tasks are). */
  empty?: boolean;
}

const dragData = (data: unknown) => data as DragData | undefined;

/** Section drags look at sections only; task drags at tasks, and at the task lists of empty sections. */
function landsOn(kind: DragData['type'] | undefined, target: { data: { current?: unknown } }): boolean {
  const data = dragData(target.data.current);
  if (kind === 'section') return data?.type === 'section';
  return data?.type === 'task' || (data?.type === 'tasks' && data.empty === true);
}

const collisionDetection: CollisionDetection = (args) => {
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
const coordinateGetter: KeyboardCoordinateGetter = (event, args) => {
  const kind = dragData(args.context.active?.data.current)?.type;
  const all = args.context.droppableContainers;
  const scoped = Object.create(all, {
    getEnabled: { value: () => all.getEnabled().filter((container) => landsOn(kind, container)) },
    get: { value: (id: UniqueIdentifier) => all.get(id) },
  }) as typeof all;
  return sortableKeyboardCoordinates(event, { ...args, context: { ...args.context, droppableContainers: scoped } });
};

/** A date field of the document (YYYY-MM-DD or null) as antd's picker shows it. */
const asDay = (date: string | null): Dayjs | null => (date ? dayjs(date) : null);
const fromDay = (day: Dayjs | null): string | null => (day ? day.format('YYYY-MM-DD') : null);

/** The days a plan may have (DAY_RANGE): the pickers offer no other. */
export const PLAN_DAY_BOUNDS = { minDate: dayjs(DAY_RANGE.FIRST), maxDate: dayjs(DAY_RANGE.LAST) };

/**
 * After a move the list is drawn again and the moved row's controls lose the focus: it goes back to the control
 * the member used (or, when that one can go no further, to the row's handle), so the keyboard carries on. A
 * member who has gone on to another control meanwhile keeps it: the next frame may come late on a busy machine.
 */
function refocus(row: string, control: 'handle' | 'up' | 'down') {
  const focusedBefore = document.activeElement;
  requestAnimationFrame(() => {
    const now = document.activeElement;
    if (now && now !== document.body && now !== focusedBefore) return;
    const inRow = (selector: string) =>
      document.querySelector<HTMLButtonElement>(`${row} > .plan-editor__row ${selector}`);
    const wanted = control === 'handle' ? null : inRow(`[data-move="${control}"]`);
    (wanted && !wanted.disabled ? wanted : inRow('.plan-editor__handle'))?.focus();
  });
}

/** The limit's sentence below an Add button that is off, in the server's own words; nothing while it is on. */
function LimitNote({ id, refusal }: { id: string; refusal: string | undefined }) {
  return refusal ? (
    <p id={id} className="plan-editor__limit">
      {refusal}
    </p>
  ) : null;
}

/** The handle an item is dragged by; Alt+Arrow Up/Down moves it a place without dragging. */
function DragHandle({
  label,
  listeners,
  attributes,
  setRef,
  onStep,
}: {
  label: string;
  listeners: ReturnType<typeof useSortable>['listeners'];
  attributes: ReturnType<typeof useSortable>['attributes'];
  setRef: (element: HTMLElement | null) => void;
  onStep: (direction: -1 | 1) => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      onStep(event.key === 'ArrowUp' ? -1 : 1);
      return;
    }
    listeners?.onKeyDown?.(event);
  };
  return (
    <button
      type="button"
      ref={setRef}
      className="plan-editor__handle"
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      aria-label={label}
      aria-roledescription="draggable item"
    >
      <HolderOutlined aria-hidden />
    </button>
  );
}

/** An item's name: the server's limit, marked when blank, and focused when the item was just added. */
function ItemName(props: {
  id: string;
  label: string;
  value: string;
  className?: string;
  onChange: (name: string) => void;
}) {
  const field = useNameFocusedWhenAdded(props.id);
  return (
    <Input
      ref={field}
      aria-label={props.label}
      className={props.className}
      value={props.value}
      maxLength={MY_PLAN_LIMITS.NAME}
      status={props.value.trim() ? undefined : 'error'}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

/**
 * The plan as the Waits on fields need it: read only by the fields of open rows, so renaming a task or linking two
 * re-draws those fields and not every row of the outline.
 */
const PlanForLinks = createContext<EditorDocument | null>(null);

/**
 * A task's Waits on field: the other tasks of the plan it waits on before it starts (finish-to-start). A task it
 * may not wait on (one waiting on it already, or past a limit) is offered disabled with the reason as its title.
 */
function WaitsOnField({
  id,
  task,
  change,
  self,
}: {
  id: string;
  task: MyPlanTask;
  change: Change;
  self: ChangeTarget;
}) {
  const doc = useContext(PlanForLinks);
  const options = useMemo(
    () =>
      (doc?.plan.sections ?? []).flatMap((section) =>
        section.tasks
          .filter((other) => other.id !== task.id)
          .map((other) => {
            const refusal = task.depends_on.includes(other.id) ? undefined : dependencyRefusal(doc!, task.id, other.id);
            return {
              value: other.id,
              label: `${other.name || 'untitled task'} (${section.name || 'untitled section'})`,
              disabled: refusal !== undefined,
              title: refusal,
            };
          }),
      ),
    [doc, task.id, task.depends_on],
  );
  return (
    <Select
      id={id}
      mode="multiple"
      value={task.depends_on}
      options={options}
      optionFilterProp="label"
      onChange={(next: string[]) => {
        const added = next.filter((on) => !task.depends_on.includes(on));
        const removed = task.depends_on.filter((on) => !next.includes(on));
        change(
          (d) => {
            let out = d;
            for (const on of removed) out = planOps.removeDependency(out, task.id, on);
            for (const on of added) out = planOps.addDependency(out, task.id, on);
            return out;
          },
          null,
          self,
        );
      }}
    />
  );
}

/** A subtask: its name, its description and its Delete button. */
const SubtaskRow = memo(function SubtaskRow({ subtask, change }: { subtask: MyPlanSubtask; change: Change }) {
  const self: ChangeTarget = { kind: 'subtask', id: subtask.id, name: subtask.name };
  const update = (patch: Parameters<typeof planOps.updateSubtask>[2], field: string) =>
    change((doc) => planOps.updateSubtask(doc, subtask.id, patch), `subtask:${subtask.id}:${field}`, self);
  return (
    <li className="plan-editor__subtask">
      <ItemName
        id={subtask.id}
        label="Subtask name"
        value={subtask.name}
        onChange={(name) => update({ name }, 'name')}
      />
      <Input.TextArea
        aria-label="Subtask description"
        value={subtask.description}
        maxLength={MY_PLAN_LIMITS.DESCRIPTION}
        autoSize={{ minRows: 1, maxRows: 6 }}
        onChange={(e) => update({ description: e.target.value }, 'description')}
      />
      <ConfirmDelete
        item="subtask"
        what="this subtask"
        label={`Delete subtask ${subtask.name || 'untitled subtask'}`}
        onConfirm={() => change((doc) => planOps.deleteSubtask(doc, subtask.id), null, self)}
      />
    </li>
  );
});

interface TaskRowProps {
  task: MyPlanTask;
  sectionId: string;
  first: boolean;
  last: boolean;
  sections: { id: string; name: string }[];
  /** Why the plan takes no more subtasks (its count or its characters), whatever this task holds. */
  planSubtasksRefusal: string | undefined;
  change: Change;
}

const TaskRow = memo(function TaskRow({
  task,
  sectionId,
  first,
  last,
  sections,
  planSubtasksRefusal,
  change,
}: TaskRowProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const sortable = useSortable({
    id: task.id,
    data: { type: 'task', sectionId, name: task.name } satisfies DragData,
  });
  const style = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
  };
  const update = (patch: Parameters<typeof planOps.updateTask>[2], field: string) =>
    change((doc) => planOps.updateTask(doc, task.id, patch), `task:${task.id}:${field}`, self);
  const noSubtask = subtaskRefusal(task, planSubtasksRefusal);
  const taskRow = `[data-task-id="${task.id}"]`;
  const name = task.name || 'untitled task';
  const self: ChangeTarget = { kind: 'task', id: task.id, name: task.name };
  const newId = useNewItemId();

  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      className={`plan-editor__task${sortable.isDragging ? ' is-dragging' : ''}`}
      data-task-id={task.id}
    >
      <div className="plan-editor__row">
        <DragHandle
          label={`Move task ${name}`}
          listeners={sortable.listeners}
          attributes={sortable.attributes}
          setRef={sortable.setActivatorNodeRef}
          onStep={(direction) => {
            change((doc) => stepTask(doc, task.id, direction), null, self);
            refocus(taskRow, 'handle');
          }}
        />
        <Button
          type="text"
          size="small"
          icon={open ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />}
          aria-expanded={open}
          aria-controls={`${id}-details`}
          aria-label={`Details of ${name}`}
          onClick={() => setOpen(!open)}
        />
        <ItemName id={task.id} label="Task name" value={task.name} onChange={(name) => update({ name }, 'name')} />
        <TaskStatusBadge taskId={task.id} />
        <div className="plan-editor__moves">
          <Button
            size="small"
            icon={<ArrowUpOutlined aria-hidden />}
            aria-label={`Move ${name} up`}
            data-move="up"
            disabled={first}
            onClick={() => {
              change((doc) => stepTask(doc, task.id, -1), null, self);
              refocus(taskRow, 'up');
            }}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined aria-hidden />}
            aria-label={`Move ${name} down`}
            data-move="down"
            disabled={last}
            onClick={() => {
              change((doc) => stepTask(doc, task.id, 1), null, self);
              refocus(taskRow, 'down');
            }}
          />
          <Select
            size="small"
            className="plan-editor__to-section"
            aria-label={`Section of ${name}`}
            value={sectionId}
            popupMatchSelectWidth={false}
            options={sections.map((s) => ({ value: s.id, label: s.name || 'Untitled section' }))}
            onChange={(to: string) =>
              change(
                (doc) => {
                  // The section may be gone when the change is made again on a newer copy.
                  const target = doc.plan.sections.find((s) => s.id === to);
                  return target ? planOps.moveTask(doc, task.id, to, target.tasks.length) : doc;
                },
                null,
                self,
              )
            }
          />
          <ConfirmDelete
            item="task"
            what="this task and its subtasks"
            label={`Delete task ${name}`}
            onConfirm={() => change((doc) => planOps.deleteTask(doc, task.id), null, self)}
          />
        </div>
      </div>
      {!task.name.trim() && <p className="plan-editor__error">{MY_PLANS_MESSAGES.NAME_REQUIRED}</p>}
      <div id={`${id}-details`} className="plan-editor__details" hidden={!open}>
        {open && (
          <>
            <div className="plan-editor__field plan-editor__field--wide">
              <label htmlFor={`${id}-description`}>Description</label>
              <Input.TextArea
                id={`${id}-description`}
                value={task.description}
                maxLength={MY_PLAN_LIMITS.DESCRIPTION}
                autoSize={{ minRows: 2, maxRows: 8 }}
                onChange={(e) => update({ description: e.target.value }, 'description')}
              />
            </div>
            <div className="plan-editor__field">
              <label htmlFor={`${id}-start`}>Start date</label>
              <DatePicker
                id={`${id}-start`}
                {...PLAN_DAY_BOUNDS}
                value={asDay(task.start_date)}
                disabledDate={(day) => task.due_date !== null && day.format('YYYY-MM-DD') > task.due_date}
                onChange={(day: Dayjs | null) => update({ start_date: fromDay(day) }, 'start')}
              />
            </div>
            <div className="plan-editor__field">
              <label htmlFor={`${id}-due`}>Due date</label>
              <DatePicker
                id={`${id}-due`}
                {...PLAN_DAY_BOUNDS}
                value={asDay(task.due_date)}
                disabledDate={(day) => task.start_date !== null && day.format('YYYY-MM-DD') < task.start_date}
                onChange={(day: Dayjs | null) => update({ due_date: fromDay(day) }, 'due')}
              />
            </div>
            <div className="plan-editor__field">
              <label htmlFor={`${id}-owner`}>Owner</label>
              <Input
                id={`${id}-owner`}
                value={task.owner}
                maxLength={MY_PLAN_LIMITS.OWNER}
                onChange={(e) => update({ owner: e.target.value }, 'owner')}
              />
            </div>
            <div className="plan-editor__field">
              <label htmlFor={`${id}-priority`}>Priority</label>
              <Select
                id={`${id}-priority`}
                value={task.priority}
                options={PRIORITY_OPTIONS}
                onChange={(priority: MyPlanPriority) => update({ priority }, 'priority')}
              />
            </div>
            <div className="plan-editor__field plan-editor__field--wide">
              <label htmlFor={`${id}-waits`}>Waits on (finished before this task starts)</label>
              <WaitsOnField id={`${id}-waits`} task={task} change={change} self={self} />
            </div>
            <div className="plan-editor__field">
              <Checkbox checked={task.milestone} onChange={(e) => update({ milestone: e.target.checked }, 'milestone')}>
                Milestone (a moment on its due day)
              </Checkbox>
            </div>
            <div className="plan-editor__subtasks plan-editor__field--wide">
              <h3>Subtasks</h3>
              <ul>
                {task.subtasks.map((subtask) => (
                  <SubtaskRow key={subtask.id} subtask={subtask} change={change} />
                ))}
              </ul>
              <Button
                size="small"
                className="plan-editor__add"
                data-add="subtask"
                icon={<PlusOutlined aria-hidden />}
                disabled={noSubtask !== undefined}
                aria-describedby={noSubtask ? `${id}-subtask-limit` : undefined}
                onClick={() => {
                  const subtaskId = newId();
                  change((doc) => planOps.addSubtask(doc, task.id, subtaskId), null, self);
                }}
              >
                Add subtask to {name}
              </Button>
              <LimitNote id={`${id}-subtask-limit`} refusal={noSubtask} />
            </div>
          </>
        )}
      </div>
    </li>
  );
});

interface SectionBlockProps {
  section: MyPlanSection;
  index: number;
  count: number;
  /** The first and last tasks of the whole plan cannot move further that way. */
  firstTaskId: string | undefined;
  lastTaskId: string | undefined;
  sections: { id: string; name: string }[];
  /** Why the plan takes no more tasks, or undefined. */
  tasksRefusal: string | undefined;
  planSubtasksRefusal: string | undefined;
  change: Change;
}

const SectionBlock = memo(function SectionBlock({
  section,
  index,
  count,
  firstTaskId,
  lastTaskId,
  sections,
  tasksRefusal,
  planSubtasksRefusal,
  change,
}: SectionBlockProps) {
  const headingId = useId();
  const sortable = useSortable({
    id: `${SECTION_PREFIX}${section.id}`,
    data: { type: 'section', sectionId: section.id, name: section.name } satisfies DragData,
  });
  const drop = useDroppable({
    id: `${TASKS_PREFIX}${section.id}`,
    data: { type: 'tasks', sectionId: section.id, name: section.name, empty: section.tasks.length === 0 },
  });
  const name = section.name || 'untitled section';
  const sectionRow = `[data-section-id="${section.id}"]`;
  const self: ChangeTarget = { kind: 'section', id: section.id, name: section.name };
  const update = (patch: Parameters<typeof planOps.updateSection>[2], field: string) =>
    change((doc) => planOps.updateSection(doc, section.id, patch), `section:${section.id}:${field}`, self);
  const newId = useNewItemId();

  return (
    <section
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      className={`plan-editor__section${sortable.isDragging ? ' is-dragging' : ''}`}
      aria-labelledby={headingId}
      data-section-id={section.id}
    >
      <h2 id={headingId} className="visually-hidden">
        Section {index + 1}: {name}
      </h2>
      <div className="plan-editor__row">
        <DragHandle
          label={`Move section ${name}`}
          listeners={sortable.listeners}
          attributes={sortable.attributes}
          setRef={sortable.setActivatorNodeRef}
          onStep={(direction) => {
            change((doc) => stepSection(doc, section.id, direction), null, self);
            refocus(sectionRow, 'handle');
          }}
        />
        <ItemName
          id={section.id}
          label="Section name"
          className="plan-editor__section-name"
          value={section.name}
          onChange={(name) => update({ name }, 'name')}
        />
        <div className="plan-editor__moves">
          <Button
            icon={<ArrowUpOutlined aria-hidden />}
            aria-label={`Move section ${name} up`}
            data-move="up"
            disabled={index === 0}
            onClick={() => {
              change((doc) => stepSection(doc, section.id, -1), null, self);
              refocus(sectionRow, 'up');
            }}
          />
          <Button
            icon={<ArrowDownOutlined aria-hidden />}
            aria-label={`Move section ${name} down`}
            data-move="down"
            disabled={index === count - 1}
            onClick={() => {
              change((doc) => stepSection(doc, section.id, 1), null, self);
              refocus(sectionRow, 'down');
            }}
          />
          <ConfirmDelete
            item="section"
            what="this section and its tasks"
            label={`Delete section ${name}`}
            onConfirm={() => change((doc) => planOps.deleteSection(doc, section.id), null, self)}
          />
        </div>
      </div>
      {!section.name.trim() && <p className="plan-editor__error">{MY_PLANS_MESSAGES.NAME_REQUIRED}</p>}
      <Input.TextArea
        aria-label={`Description of section ${name}`}
        className="plan-editor__section-description"
        placeholder="Description"
        value={section.description}
        maxLength={MY_PLAN_LIMITS.DESCRIPTION}
        autoSize={{ minRows: 1, maxRows: 6 }}
        onChange={(e) => update({ description: e.target.value }, 'description')}
      />
      <SortableContext items={section.tasks.map((t) => t.id)} strategy={verticalListSortingStrategy}>
        <ol ref={drop.setNodeRef} className="plan-editor__tasks" aria-label={`Tasks of ${name}`}>
          {section.tasks.map((task) => (
            <TaskRow
              key={task.id}
              task={task}
              sectionId={section.id}
              first={task.id === firstTaskId}
              last={task.id === lastTaskId}
              sections={sections}
              planSubtasksRefusal={planSubtasksRefusal}
              change={change}
            />
          ))}
          {section.tasks.length === 0 && (
            <li className="plan-editor__empty">No tasks yet: add one or drop one here.</li>
          )}
        </ol>
      </SortableContext>
      <Button
        className="plan-editor__add"
        data-add="task"
        icon={<PlusOutlined aria-hidden />}
        disabled={tasksRefusal !== undefined}
        aria-describedby={tasksRefusal ? `${headingId}-task-limit` : undefined}
        onClick={() => {
          const taskId = newId();
          change((doc) => planOps.addTask(doc, section.id, taskId), null, self);
        }}
      >
        Add task to {name}
      </Button>
      <LimitNote id={`${headingId}-task-limit`} refusal={tasksRefusal} />
    </section>
  );
});

/** What a screen reader hears while an item is dragged by keyboard or pointer. */
const announcements: Announcements = {
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

const screenReaderInstructions = {
  draggable:
    'Press Space or Enter to pick the item up, the arrow keys to move it, Space or Enter to drop it, Escape to ' +
    'cancel. Alt with Arrow Up or Down moves it one place at once.',
};

/** Where a dragged item ends: the document after the move, or as it was when it lands nowhere new. */
function dropped(doc: EditorDocument, event: DragEndEvent): EditorDocument {
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
function draggedItem(event: DragEndEvent): ChangeTarget | undefined {
  const active = dragData(event.active.data.current);
  if (active?.type === 'section') return { kind: 'section', id: active.sectionId, name: active.name };
  if (active?.type === 'task') return { kind: 'task', id: String(event.active.id), name: active.name };
  return undefined;
}

/** Add section, below the outline: the new section's name takes the focus. */
function AddSection({ disabled, limitId, change }: { disabled: boolean; limitId: string | undefined; change: Change }) {
  const newId = useNewItemId();
  return (
    <Button
      type="dashed"
      className="plan-editor__add"
      data-add="section"
      icon={<PlusOutlined aria-hidden />}
      disabled={disabled}
      aria-describedby={limitId}
      onClick={() => {
        const sectionId = newId();
        change((doc) => planOps.addSection(doc, sectionId));
      }}
    >
      Add section
    </Button>
  );
}

/** The plan's sections, their tasks and subtasks, editable and movable. */
export function PlanOutline({ doc, change }: { doc: EditorDocument; change: Change }) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
  const [dragging, setDragging] = useState<DragData | null>(null);
  const sections = doc.plan.sections;
  // The rows' section menus change only when a section is added, removed, moved or renamed.
  const choicesKey = sections.map((s) => `${s.id}\u0000${s.name}`).join('\u0001');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the sections' ids and names
  const sectionChoices = useMemo(() => sections.map((s) => ({ id: s.id, name: s.name })), [choicesKey]);
  const allTasks = sections.flatMap((s) => s.tasks);
  const noTask = taskRefusal(doc);
  const noSubtask = planSubtaskRefusal(doc);
  const noSection = sectionRefusal(doc);
  const sectionLimitId = useId();
  // Stable for the outline's life: marking the item just added re-draws nothing.
  const justAdded = useRef<string | null>(null);

  return (
    <JustAdded.Provider value={justAdded}>
      <PlanForLinks.Provider value={doc}>
        <div className="plan-editor__outline">
          <DndContext
            sensors={sensors}
            collisionDetection={collisionDetection}
            accessibility={{ announcements, screenReaderInstructions }}
            onDragStart={(event: DragStartEvent) => setDragging(dragData(event.active.data.current) ?? null)}
            onDragCancel={() => setDragging(null)}
            onDragEnd={(event) => {
              setDragging(null);
              change((current) => dropped(current, event), null, draggedItem(event));
            }}
          >
            <SortableContext
              items={sections.map((s) => `${SECTION_PREFIX}${s.id}`)}
              strategy={verticalListSortingStrategy}
            >
              <div className="plan-editor__sections">
                {sections.map((section, index) => (
                  <SectionBlock
                    key={section.id}
                    section={section}
                    index={index}
                    count={sections.length}
                    firstTaskId={allTasks[0]?.id}
                    lastTaskId={allTasks.at(-1)?.id}
                    sections={sectionChoices}
                    tasksRefusal={noTask}
                    planSubtasksRefusal={noSubtask}
                    change={change}
                  />
                ))}
              </div>
            </SortableContext>
            <DragOverlay>
              {dragging ? (
                <div className="plan-editor__overlay">
                  <HolderOutlined aria-hidden /> {dragging.name}
                </div>
              ) : null}
            </DragOverlay>
          </DndContext>
          <AddSection
            disabled={noSection !== undefined}
            limitId={noSection ? sectionLimitId : undefined}
            change={change}
          />
          <LimitNote id={sectionLimitId} refusal={noSection} />
        </div>
      </PlanForLinks.Provider>
    </JustAdded.Provider>
  );
}
