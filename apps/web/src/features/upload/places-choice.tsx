import type { Named } from '@dpp/shared/schemas/upload';
import { Empty, Radio } from 'antd';

/** A radio list of workspaces, spaces or teams. */
export function PlacesChoice({
  label,
  places,
  value,
  onChange,
  error,
  hintId,
}: {
  label: string;
  /** The id of a line that says what is listed. */
  hintId?: string;
  places: readonly Named[];
  value: string | null;
  onChange: (id: string) => void;
  error: string | null;
}) {
  if (places.length === 0) return <Empty description="Nothing to choose from yet" />;
  return (
    <>
      <Radio.Group
        value={value}
        onChange={(e) => onChange(e.target.value as string)}
        aria-label={label}
        aria-invalid={error !== null}
        aria-describedby={[hintId, error ? 'upload-choice-error' : undefined].filter(Boolean).join(' ') || undefined}
      >
        <div className="upload-places">
          {places.map((p) => (
            <Radio key={p.id} value={p.id}>
              {p.name}
            </Radio>
          ))}
        </div>
      </Radio.Group>
      {error && (
        <p id="upload-choice-error" className="upload-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
