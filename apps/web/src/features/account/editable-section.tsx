import { Button } from 'antd';
import { type ReactNode, useState } from 'react';

interface EditableSectionProps {
  id: string;
  title: string;
  /** The read view. */
  children: ReactNode;
  /** The edit view; `close` returns to the read view (after Cancel or a save). */
  form: (close: () => void) => ReactNode;
}

/** An account page section that switches between its read view and its edit form. */
export function EditableSection({ id, title, children, form }: EditableSectionProps) {
  const [editing, setEditing] = useState(false);
  return (
    <section className="account-section" aria-labelledby={id}>
      <div className="account-section__head">
        <h2 id={id}>{title}</h2>
        {!editing && (
          <Button onClick={() => setEditing(true)} aria-label={`Edit ${title}`}>
            Edit
          </Button>
        )}
      </div>
      {editing ? form(() => setEditing(false)) : children}
    </section>
  );
}
