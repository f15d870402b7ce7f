import { callToActionText } from '@dpp/shared/rules/pricing';
import { usePageNavigate } from '../../shared/navigation';
import { AccountPending } from './account-pending';
import { PRICES_ANCHOR, scrollToPrices, useLandingViewer } from './landing-viewer';

interface CtaButtonProps {
  /**
   * 'hero': a visitor goes to sign-up, a signed-in user to the pricing section.
   * 'prices': always scrolls to the pricing section (the success section's button).
   */
  action: 'hero' | 'prices';
  className?: string;
}

/** The landing page's call to action: 'Start Free 7-Day Trial', or 'Get Started' for subscribers. */
export function CtaButton({ action, className }: CtaButtonProps) {
  const viewer = useLandingViewer();
  const navigate = usePageNavigate();
  const onClick = () => {
    if (action === 'hero' && !viewer.signedIn) navigate('/register');
    // Not rendered yet: the #prices hash makes the page load its lower sections, then the layout scrolls there.
    else if (!scrollToPrices()) navigate({ hash: `#${PRICES_ANCHOR}` });
  };
  return (
    <button
      type="button"
      className={`lp-button lp-button--primary lp-button--large${className ? ` ${className}` : ''}`}
      onClick={onClick}
    >
      {viewer.known ? (
        callToActionText({ subscribed: viewer.subscribed, isLifetimeDeal: viewer.isLifetimeDeal })
      ) : (
        <AccountPending visitorText={callToActionText({ subscribed: false, isLifetimeDeal: false })} />
      )}
    </button>
  );
}
