import type { Named } from '@dpp/shared/schemas/upload';
import { Empty, Radio } from 'antd';

/**
 * Places in the order given, in runs of the same group (a ClickUp space's Workspace): the server lists them
 * Workspace by Workspace, and two Workspaces may share a name.
 */
function byGroup(places: readonly Named[]): { group: string | undefined; places: Named[] }[] {
  const groups: { group: string | undefined; places: Named[] }[] = [];
  for (const place of places) {
    const last = groups.at(-1);
    if (last && last.group === place.group) last.places.push(place);
    else groups.push({ group: place.group, places: [place] });
  }
  return groups;
}

/** A radio list of workspaces, spaces or teams; spaces under a heading of their Workspace. */
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
  const radios = (list: readonly Named[]) =>
    list.map((p) => (
      <Radio key={p.id} value={p.id}>
        {p.name}
      </Radio>
    ));
  return (
    <>
      <Radio.Group
        value={value}
        onChange={(e) => onChange(e.target.value as string)}
        aria-label={label}
        aria-invalid={error !== null}
        aria-describedby={[hintId, error ? 'upload-choice-error' : undefined].filter(Boolean).join(' ') || undefined}
      >
        {byGroup(places).map(({ group, places: members }) =>
          group === undefined ? (
            <div key={members[0]!.id} className="upload-places">
              {radios(members)}
            </div>
          ) : (
            <fieldset key={members[0]!.id} className="upload-places">
              <legend className="upload-places__group">{group}</legend>
              {radios(members)}
            </fieldset>
          ),
        )}
      </Radio.Group>
      {error && (
        <p id="upload-choice-error" className="upload-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
