/** A small plan card drawn in CSS beside the headline on wide screens. Decoration only. */
const ROWS = [
  { label: 'Define the SMART goal', tone: 'blue', done: true },
  { label: 'Pick the launch offer', tone: 'green', done: true },
  { label: 'Build the sales page', tone: 'amber', done: false },
  { label: 'Invite the first clients', tone: 'purple', done: false },
] as const;

export function HeroDecoration() {
  return (
    <div className="lp-hero-art" aria-hidden="true">
      <div className="lp-hero-art__card">
        <div className="lp-hero-art__header">
          <span className="lp-hero-art__title">90-Day Launch Plan</span>
          <span className="lp-hero-art__pill">On track</span>
        </div>
        <ul className="lp-hero-art__rows">
          {ROWS.map((row) => (
            <li key={row.label} className={`lp-hero-art__row lp-tone--${row.tone}`}>
              <span className={row.done ? 'lp-hero-art__check lp-hero-art__check--done' : 'lp-hero-art__check'} />
              <span className="lp-hero-art__label">{row.label}</span>
            </li>
          ))}
        </ul>
        <div className="lp-hero-art__meter">
          <span className="lp-hero-art__meter-fill" />
        </div>
        <span className="lp-hero-art__caption">2 of 4 milestones complete</span>
      </div>
      <div className="lp-hero-art__chip lp-hero-art__chip--top">SMART goal ready</div>
      <div className="lp-hero-art__chip lp-hero-art__chip--bottom">Sent to Asana</div>
    </div>
  );
}
