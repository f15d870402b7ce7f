import { subscriptionState } from '@dpp/shared/rules/pricing';
import { useSession } from '../../shared/session';

/** The id of the pricing section; the header's Pricing link points at /#prices. */
export const PRICES_ANCHOR = 'prices';

/** What the landing page needs to know about who is looking at it. */
export interface LandingViewer {
  /** False until the page knows who is looking (see Session.known): the rest is a guess until then. */
  known: boolean;
  signedIn: boolean;
  /** A trial or paid subscription. */
  subscribed: boolean;
  isLifetimeDeal: boolean;
  /** Toolkit members do not see the success-section call to action. */
  isToolkitUser: boolean;
}

/** The subscription facts of the client record, read in one place for every landing component. */
export function useLandingViewer(): LandingViewer {
  const { user, client, known } = useSession();
  const signedIn = user !== null;
  return {
    known,
    signedIn,
    subscribed: signedIn && subscriptionState(client, Date.now() / 1000) !== 'none',
    isLifetimeDeal: signedIn && client?.is_appsumo_user === true,
    isToolkitUser: signedIn && client?.is_toolkit_user === true,
  };
}

/**
 * Smoothly scrolls to the pricing section (instantly when the visitor prefers less motion).
 * Returns false when the section is not on the page yet (its code loads on demand).
 */
export function scrollToPrices(): boolean {
  const target = document.getElementById(PRICES_ANCHOR);
  if (!target) return false;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  return true;
}
