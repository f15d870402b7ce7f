// The plan's outline in the editor: sections → tasks → subtasks, each renamed, described, added, deleted and
// moved in place. Moves work three ways: buttons, Alt+Arrow keys on an item's handle, and drag and drop (dnd-kit,
// whose keyboard sensor picks a handle up with Space, moves it with the arrows and drops it with Space).
import { HolderOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DndContext,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Button, ConfigProvider } from 'antd';
import { useContext, useId, useMemo, useRef, useState } from 'react';
import { type Change, LimitNote } from './outline-controls';
import {
  announcements,
  collisionDetection,
  coordinateGetter,
  type DragData,
  dragData,
  draggedItem,
  dropped,
  SECTION_PREFIX,
  screenReaderInstructions,
} from './outline-drag';
import { JustAdded, useNewItemId } from './outline-keyboard';
import { SectionBlock } from './outline-rows';
import { PlanReadOnly } from './plan-access';
import { type EditorDocument, planOps, planSubtaskRefusal, sectionRefusal, taskRefusal } from './plan-document';
import { PlanForLinks } from './task-details';

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
  const readOnly = useContext(PlanReadOnly);

  return (
    <JustAdded.Provider value={justAdded}>
      <PlanForLinks.Provider value={doc}>
        {/* A plan that is only shown has every field off: read, not changed. */}
        <ConfigProvider componentDisabled={readOnly}>
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
            {!readOnly && (
              <>
                <AddSection
                  disabled={noSection !== undefined}
                  limitId={noSection ? sectionLimitId : undefined}
                  change={change}
                />
                <LimitNote id={sectionLimitId} refusal={noSection} />
              </>
            )}
          </div>
        </ConfigProvider>
      </PlanForLinks.Provider>
    </JustAdded.Provider>
  );
}
