// The outline's rows: a section with its tasks, and a task's row, each renamed, moved, deleted and added to in
// place; a task's details open below its row (task-details.tsx).
import { ArrowDownOutlined, ArrowUpOutlined, DownOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { MY_PLAN_LIMITS, MY_PLANS_MESSAGES, type MyPlanSection, type MyPlanTask } from '@dpp/shared/schemas/my-plans';
import { Button, Input, Select } from 'antd';
import { memo, useContext, useId, useState } from 'react';
import { type Change, DragHandle, ItemName, LimitNote, refocus } from './outline-controls';
import { type DragData, SECTION_PREFIX, TASKS_PREFIX } from './outline-drag';
import { ConfirmDelete, useNewItemId } from './outline-keyboard';
import { PlanReadOnly } from './plan-access';
import { type ChangeTarget, planOps, stepSection, stepTask, subtaskRefusal } from './plan-document';
import { TaskDetails } from './task-details';
import { TaskStatusBadge } from './task-status';

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
  const readOnly = useContext(PlanReadOnly);
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
          // Open on a plan that is only shown too: the details are read there.
          disabled={false}
          onClick={() => setOpen(!open)}
        />
        <ItemName id={task.id} label="Task name" value={task.name} onChange={(name) => update({ name }, 'name')} />
        <TaskStatusBadge taskId={task.id} />
        {!readOnly && (
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
        )}
      </div>
      {!task.name.trim() && <p className="plan-editor__error">{MY_PLANS_MESSAGES.NAME_REQUIRED}</p>}
      <div id={`${id}-details`} className="plan-editor__details" hidden={!open}>
        {open && (
          <TaskDetails
            id={id}
            task={task}
            name={name}
            noSubtask={noSubtask}
            update={update}
            change={change}
            self={self}
          />
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

export const SectionBlock = memo(function SectionBlock({
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
  const readOnly = useContext(PlanReadOnly);

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
        {!readOnly && (
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
        )}
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
            <li className="plan-editor__empty">{readOnly ? 'No tasks.' : 'No tasks yet: add one or drop one here.'}</li>
          )}
        </ol>
      </SortableContext>
      {!readOnly && (
        <>
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
        </>
      )}
    </section>
  );
});
