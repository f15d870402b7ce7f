// A task's details, shown when its row is opened: its description, dates, owner, priority, the tasks it waits on,
// whether it is a milestone, and its subtasks.
import { PlusOutlined } from '@ant-design/icons';
import { DAY_RANGE } from '@dpp/shared/rules/days';
import {
  MY_PLAN_LIMITS,
  MY_PLAN_PRIORITIES,
  type MyPlanPriority,
  type MyPlanSubtask,
  type MyPlanTask,
} from '@dpp/shared/schemas/my-plans';
import { AutoComplete, Button, Checkbox, DatePicker, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { createContext, memo, useContext, useMemo } from 'react';
import { type Change, ItemName, LimitNote } from './outline-controls';
import { ConfirmDelete, useNewItemId } from './outline-keyboard';
import { PlanPeople, PlanReadOnly } from './plan-access';
import { type ChangeTarget, dependencyRefusal, type EditorDocument, planOps } from './plan-document';
import { type OwnerOption, ownerMatches, ownerNote, ownerOptions, ownerPatch } from './task-owner';

const PRIORITY_LABELS: Record<MyPlanPriority, string> = {
  none: 'No priority',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};
const PRIORITY_OPTIONS = MY_PLAN_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }));

/** A date field of the document (YYYY-MM-DD or null) as antd's picker shows it. */
export const asDay = (date: string | null): Dayjs | null => (date ? dayjs(date) : null);
export const fromDay = (day: Dayjs | null): string | null => (day ? day.format('YYYY-MM-DD') : null);

/** The days a plan may have (DAY_RANGE): the pickers offer no other. */
export const PLAN_DAY_BOUNDS = { minDate: dayjs(DAY_RANGE.FIRST), maxDate: dayjs(DAY_RANGE.LAST) };

/**
 * The plan as the Waits on fields need it: read only by the fields of open rows, so renaming a task or linking two
 * re-draws those fields and not every row of the outline.
 */
export const PlanForLinks = createContext<EditorDocument | null>(null);

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

/**
 * A task's Owner field: a typeahead of the plan's people (its owner and the teammates it is shared with), or any
 * name for someone outside the product. Choosing a person assigns the task to them; typing another name unassigns.
 */
function OwnerField({ id, task, update }: { id: string; task: MyPlanTask; update: TaskUpdate }) {
  const people = useContext(PlanPeople);
  const options = useMemo(() => ownerOptions(people), [people]);
  return (
    <>
      <AutoComplete<string, OwnerOption>
        id={id}
        value={task.owner}
        options={options}
        maxLength={MY_PLAN_LIMITS.OWNER}
        aria-describedby={`${id}-note`}
        filterOption={(typed, option) => ownerMatches(typed, option)}
        onChange={(text) => update(ownerPatch(text ?? '', people), 'owner')}
        onSelect={(name, option) => update({ owner: name, assignee_id: option.personId }, 'owner')}
      />
      <span id={`${id}-note`} className="plan-editor__hint" data-assignee={task.assignee_id ?? ''}>
        {ownerNote(task, people)}
      </span>
    </>
  );
}

/** A subtask: its name, its description and its Delete button. */
const SubtaskRow = memo(function SubtaskRow({ subtask, change }: { subtask: MyPlanSubtask; change: Change }) {
  const readOnly = useContext(PlanReadOnly);
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
      {!readOnly && (
        <ConfirmDelete
          item="subtask"
          what="this subtask"
          label={`Delete subtask ${subtask.name || 'untitled subtask'}`}
          onConfirm={() => change((doc) => planOps.deleteSubtask(doc, subtask.id), null, self)}
        />
      )}
    </li>
  );
});

/** A change of one of the task's fields, merged with the next change of that field while typing goes on. */
type TaskUpdate = (patch: Parameters<typeof planOps.updateTask>[2], field: string) => void;

/** The details of a task, below its row while it is open. */
export function TaskDetails({
  id,
  task,
  name,
  noSubtask,
  update,
  change,
  self,
}: {
  /** The row's id, that each field's own id starts with. */
  id: string;
  task: MyPlanTask;
  /** The task's name as the controls say it (untitled when blank). */
  name: string;
  /** Why the task takes no more subtasks, or undefined. */
  noSubtask: string | undefined;
  update: TaskUpdate;
  change: Change;
  self: ChangeTarget;
}) {
  const newId = useNewItemId();
  const readOnly = useContext(PlanReadOnly);
  return (
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
        <OwnerField id={`${id}-owner`} task={task} update={update} />
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
        {!readOnly && (
          <>
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
          </>
        )}
      </div>
    </>
  );
}
