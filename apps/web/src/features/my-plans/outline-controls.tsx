// The controls every row of the outline has: the handle it is dragged by, its name field, the note under an Add
// button a limit turns off, and the focus put back after a move.
import { HolderOutlined } from '@ant-design/icons';
import type { useSortable } from '@dnd-kit/sortable';
import { MY_PLAN_LIMITS } from '@dpp/shared/schemas/my-plans';
import { Input } from 'antd';
import { type KeyboardEvent, useContext } from 'react';
import { useNameFocusedWhenAdded } from './outline-keyboard';
import { PlanReadOnly } from './plan-access';
import type { ChangeTarget, EditorDocument } from './plan-document';

/** How a row changes the plan: the change, the key that merges a run of typing into one step, the item it is on. */
export type Change = (
  apply: (doc: EditorDocument) => EditorDocument,
  key?: string | null,
  target?: ChangeTarget,
) => void;

/**
 * After a move the list is drawn again and the moved row's controls lose the focus: it goes back to the control
 * the member used (or, when that one can go no further, to the row's handle), so the keyboard carries on. A
 * member who has gone on to another control meanwhile keeps it: the next frame may come late on a busy machine.
 */
export function refocus(row: string, control: 'handle' | 'up' | 'down') {
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
export function LimitNote({ id, refusal }: { id: string; refusal: string | undefined }) {
  return refusal ? (
    <p id={id} className="plan-editor__limit">
      {refusal}
    </p>
  ) : null;
}

/** The handle an item is dragged by; Alt+Arrow Up/Down moves it a place without dragging. */
export function DragHandle({
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
  const readOnly = useContext(PlanReadOnly);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      onStep(event.key === 'ArrowUp' ? -1 : 1);
      return;
    }
    listeners?.onKeyDown?.(event);
  };
  // Nothing moves on a plan that is only shown.
  if (readOnly) return null;
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
export function ItemName(props: {
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
