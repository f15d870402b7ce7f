// The page's first script. A page the server rendered is complete without the app: its code is fetched and run
// once the page has loaded (images included), so it never holds up what the visitor sees first. Any other
// page needs the app to show anything, and starts it at once.
import { PRERENDER_DATA_ID } from './app/prerender-data';

/** What a click can act on whose action is the app's (links are left to the browser: they navigate). */
const APP_CONTROL = 'button, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], summary';

/**
 * Until the app has taken the server's page over (Providers sets `data-ready`), a button's click has no handler
 * yet: it is held, the app is started at once, and the click is made again on the same element when the app is
 * ready. A link is a real `<a href>` and navigates by itself: the app, half way through taking the page over,
 * never sees that click, so it cannot turn it into a navigation of its own that the hydration then drops.
 */
function keepClicksUntilReady() {
  const root = document.documentElement;
  let held: { control: Element; detail: number } | null = null;
  const onClick = (event: MouseEvent) => {
    if (root.dataset.ready) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('a[href]')) {
      event.stopImmediatePropagation();
      return;
    }
    const control = target?.closest(APP_CONTROL);
    if (!control || control.closest('a[href]') || !document.getElementById('root')?.contains(control)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = { control, detail: event.detail };
    start();
  };
  document.addEventListener('click', onClick, true);
  new MutationObserver((_, observer) => {
    if (!root.dataset.ready) return;
    observer.disconnect();
    document.removeEventListener('click', onClick, true);
    // The same click again, a pointer's (detail ≥ 1) or a key's (0): a control may tell them apart, e.g. a menu
    // that hovering has opened meanwhile (React replays the hover once it has taken the page over) stays open.
    if (held?.control.isConnected) {
      held.control.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: held.detail }));
    }
  }).observe(root, { attributes: true, attributeFilter: ['data-ready'] });
}

const start = () => void import('./main');
// After the next paint too: on a page with few images `load` can come before the first paint, and the app's
// code would then compete with it.
const startAfterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
if (document.getElementById(PRERENDER_DATA_ID)) {
  keepClicksUntilReady();
  if (document.readyState === 'complete') startAfterPaint();
  else window.addEventListener('load', startAfterPaint, { once: true });
} else {
  start();
}
