// Where the keyboard's focus goes in the plan's outline when items come and go: into a new item's name (selected,
// so that typing names it), into a delete confirmation as it opens, and out of it to the next item's name, or back
// to the Delete button when the item is kept.
import { DeleteOutlined } from '@ant-design/icons';
import { Button, type InputRef, Popconfirm } from 'antd';
import { createContext, type KeyboardEvent, useContext, useEffect, useId, useRef, useState } from 'react';
import { newItemId } from './plan-document';

/** The id of the item the member has just added; its name field takes the focus once drawn. */
export const JustAdded = createContext<{ current: string | null }>({ current: null });

/**
 * A ref for an item's name field that takes the focus, its text selected, when the item is the one just added:
 * "Add task" then typing names the new task instead of pressing the button again.
 */
export function useNameFocusedWhenAdded(id: string) {
  const added = useContext(JustAdded);
  const field = useRef<InputRef>(null);
  useEffect(() => {
    if (added.current !== id) return;
    added.current = null;
    field.current?.focus({ cursor: 'all' });
  }, [added, id]);
  return field;
}

/** A new item's id, marked as the one just added: for the change that adds it. */
export function useNewItemId(): () => string {
  const added = useContext(JustAdded);
  return () => {
    added.current = newItemId();
    return added.current;
  };
}

export type OutlineItem = 'section' | 'task' | 'subtask';

/** An item's row, its name field, the list it is in and that list's Add button. */
const PLACES: Record<OutlineItem, { row: string; name: string; list: string; add: string }> = {
  section: {
    row: '.plan-editor__section',
    name: 'input[aria-label="Section name"]',
    list: '.plan-editor__outline',
    add: '[data-add="section"]',
  },
  task: {
    row: '.plan-editor__task',
    name: 'input[aria-label="Task name"]',
    list: '.plan-editor__section',
    add: '[data-add="task"]',
  },
  subtask: {
    row: '.plan-editor__subtask',
    name: 'input[aria-label="Subtask name"]',
    list: '.plan-editor__subtasks',
    add: '[data-add="subtask"]',
  },
};

/**
 * Where the focus goes once an item is deleted, found before it goes: the name of the item after it, else of the
 * one before it, else its list's Add button.
 */
function focusAfterDeleting(control: HTMLElement, item: OutlineItem): HTMLElement | null {
  const place = PLACES[item];
  const row = control.closest(place.row);
  if (!row) return null;
  const sibling = (direction: 'nextElementSibling' | 'previousElementSibling') => {
    let next = row[direction];
    while (next && !next.matches(place.row)) next = next[direction];
    return next?.querySelector<HTMLElement>(place.name) ?? null;
  };
  return (
    sibling('nextElementSibling') ??
    sibling('previousElementSibling') ??
    row.parentElement?.closest(place.list)?.querySelector<HTMLElement>(place.add) ??
    null
  );
}

/** The popup's buttons, found from an element inside it (the popup is drawn at the end of the page). */
const popupButtons = (inside: Element | null) =>
  Array.from(inside?.closest('.ant-popconfirm')?.querySelectorAll<HTMLButtonElement>('button') ?? []);

/**
 * A Delete button whose confirmation takes the focus as it opens: its Delete button is focused, so Enter deletes
 * and Escape keeps; Tab goes between Keep and Delete until one is chosen. Deleting moves the focus to the next
 * item's name (`focusAfterDeleting`); keeping brings it back to the Delete button.
 */
export function ConfirmDelete({
  item,
  what,
  label,
  onConfirm,
}: {
  item: OutlineItem;
  what: string;
  label: string;
  onConfirm: () => void;
}) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const confirmed = useRef(false);
  const ids = { ok: useId(), title: useId(), description: useId() };

  useEffect(() => {
    if (!open) return;
    confirmed.current = false;
    // The popup is drawn with the open state; its button may come a frame or two later on a busy machine.
    let frame = 0;
    let tries = 0;
    const focusOk = () => {
      const ok = document.getElementById(ids.ok);
      if (ok) ok.focus({ preventScroll: true });
      else if (++tries < 10) frame = requestAnimationFrame(focusOk);
    };
    frame = requestAnimationFrame(focusOk);
    return () => cancelAnimationFrame(frame);
  }, [open, ids.ok]);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next || confirmed.current) return;
    // Kept (Keep, Escape): the focus comes back from the popup, not from wherever a click outside put it.
    const focused = document.activeElement;
    if (!focused || focused === document.body || popupButtons(focused).includes(focused as HTMLButtonElement)) {
      trigger.current?.focus();
    }
  };

  const confirm = () => {
    confirmed.current = true;
    const next = trigger.current && focusAfterDeleting(trigger.current, item);
    onConfirm();
    // The item's row is gone once the change is drawn.
    requestAnimationFrame(() => next?.focus());
  };

  // Tab and Shift+Tab stay on the popup's two buttons while it asks: it is drawn at the end of the page, where
  // Tab would otherwise leave the page.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Tab') return;
    const buttons = popupButtons(event.currentTarget);
    const at = buttons.indexOf(event.currentTarget as HTMLButtonElement);
    if (at < 0) return;
    event.preventDefault();
    buttons[(at + (event.shiftKey ? buttons.length - 1 : 1)) % buttons.length]?.focus();
  };

  return (
    <Popconfirm
      open={open}
      onOpenChange={onOpenChange}
      title={<span id={ids.title}>Delete {what}?</span>}
      description={<span id={ids.description}>Undo brings it back.</span>}
      okText="Delete"
      okButtonProps={{ danger: true, id: ids.ok, 'aria-describedby': `${ids.title} ${ids.description}`, onKeyDown }}
      cancelText="Keep"
      cancelButtonProps={{ onKeyDown }}
      onConfirm={confirm}
    >
      <Button
        ref={trigger}
        type="text"
        danger
        icon={<DeleteOutlined aria-hidden />}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
      />
    </Popconfirm>
  );
}
