import { CalendarOutlined } from '@ant-design/icons';
import { env } from '../../config/env';
import { CtaButton } from './cta-button';
import { useLandingViewer } from './landing-viewer';
import './closing-band.css';

interface ClosingBandProps {
  /** Toolkit members already have everything: no call to action for them. */
  hideCallToAction: boolean;
}

/** The success section: a live walkthrough booking link and the call to action to the prices. */
export function ClosingBand({ hideCallToAction }: ClosingBandProps) {
  return (
    <section className="lp-section lp-closing" aria-labelledby="lp-closing-title">
      <div className="container">
        <div className="lp-closing__band">
          <h2 id="lp-closing-title" className="lp-closing__title">
            Your next plan is a few clicks away
          </h2>
          <p className="lp-closing__text">
            See the planner in action on a free live walkthrough with our team, or start your plan today.
          </p>
          <div className="lp-closing__actions">
            {!hideCallToAction && <CtaButton action="prices" className="lp-closing__cta" />}
            <a className="lp-closing__link" href={env.SCHEDULING_URL} target="_blank" rel="noopener noreferrer">
              <CalendarOutlined aria-hidden />
              Book a live walkthrough
              <span className="lp-sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The closing band wired to the session. */
export function SuccessSection() {
  const viewer = useLandingViewer();
  return <ClosingBand hideCallToAction={viewer.known && viewer.isToolkitUser} />;
}
