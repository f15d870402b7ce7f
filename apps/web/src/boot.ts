// The page's first script. A page the server rendered is complete without the app: its code is fetched and run
// once the page has loaded (images included), so it never holds up what the visitor sees first. On an islands
// page (ADR 0033) that code is the islands runtime, which takes over only the parts that act; on any other
// rendered page it is the app, which takes the whole page over. A page the server did not render needs the app
// to show anything, and starts it at once.
import { type PageTakeover, PRERENDER_DATA_ID } from './app/prerender-data';
import { ISLAND_ATTRIBUTES } from './shared/islands/island-attributes';

/** What a click can act on whose action is the app's (links are left to the browser: they navigate). */
const APP_CONTROL = 'button, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], summary';

const root = document.documentElement;
const islandsRuntime = () => import('./islands');

/** The app has taken the whole page over: Providers sets `data-ready`. */
const appReady = new Promise<void>((resolve) => {
  const observer = new MutationObserver(() => {
    if (!root.dataset.ready) return;
    observer.disconnect();
    resolve();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-ready'] });
});

/**
 * Until the part of the page a control belongs to has been taken over (the island on an islands page, else the
 * whole page), a click on it has no handler yet: it is held, that part is taken over at once, and the click is
 * made again on the same element when it is ready. A link is a real `<a href>` and navigates by itself: React,
 * half way through taking the page over, never sees that click, so it cannot turn it into a navigation of its own
 * that the hydration then drops.
 */
function keepClicksUntilReady(takeover: PageTakeover, start: () => void) {
  /** The part of the page a control belongs to still has to be taken over. */
  const waiting = (control: Element): boolean => {
    if (takeover === 'app') return !root.dataset.ready && Boolean(document.getElementById('root')?.contains(control));
    const island = control.closest(`[${ISLAND_ATTRIBUTES.slot}]`);
    return island !== null && !island.hasAttribute(ISLAND_ATTRIBUTES.ready);
  };
  /** Takes the control's part of the page over now: resolves once it acts. */
  const takeOverNow = (control: Element): Promise<void> => {
    const island = control.closest(`[${ISLAND_ATTRIBUTES.slot}]`);
    if (takeover === 'islands' && island) return islandsRuntime().then((runtime) => runtime.takeOver(island));
    start();
    return appReady;
  };
  let latest: MouseEvent | null = null;
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const control = target?.closest(`a[href], ${APP_CONTROL}`);
      if (!control || !waiting(control)) return;
      event.stopImmediatePropagation();
      if (control.matches('a[href]')) return;
      event.preventDefault();
      latest = event;
      const ready = takeOverNow(control);
      // The same click again, a pointer's (detail ≥ 1) or a key's (0): a control may tell them apart, e.g. a
      // menu that hovering has opened meanwhile (React replays the hover once it has taken the page over) stays
      // open. Only the last click made while waiting is made again.
      void ready.then(() => {
        if (latest !== event || !control.isConnected) return;
        latest = null;
        control.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: event.detail }));
      });
    },
    true,
  );
}

const data = document.getElementById(PRERENDER_DATA_ID);
if (data) {
  const takeover: PageTakeover = data.dataset.page === 'islands' ? 'islands' : 'app';
  const start = () => void (takeover === 'islands' ? islandsRuntime() : import('./main'));
  keepClicksUntilReady(takeover, start);
  // After the next paint too: on a page with few images `load` can come before the first paint, and the code
  // would then compete with it.
  const startAfterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === 'complete') startAfterPaint();
  else window.addEventListener('load', startAfterPaint, { once: true });
} else {
  void import('./main');
}
