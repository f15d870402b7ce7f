// The page's first script. A page the server rendered is complete without the app, so its code never holds up
// what the visitor sees first. On an islands page (ADR 0033) that code is the islands runtime, fetched once the
// page has loaded and painted, which takes over only the parts that act; on a form page it is the app, fetched at
// the visitor's first interaction, which takes the whole page over. A page the server did not render needs the
// app to show anything, and starts it at once.
import { PLAIN_CONTROLS, runHeaderControls } from './app/layout/header-controls';
import { type PageTakeover, readPageTakeover } from './app/prerender-data';
import { EarlyInput } from './shared/early-input';
import { adoptHandedOverState } from './shared/handed-over-state';
import { ISLAND_ATTRIBUTES } from './shared/islands/island-attributes';

/** What a click can act on whose action is the app's (links are left to the browser: they navigate). */
const APP_CONTROL = 'button, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], summary';

const root = document.documentElement;

// The header works without the framework on every page (its account entry was marked by the inline head script).
runHeaderControls();

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
    if (control.closest(`[${PLAIN_CONTROLS}]`)) return false;
    if (takeover !== 'islands') {
      return !root.dataset.ready && Boolean(document.getElementById('root')?.contains(control));
    }
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

/** Fields whose text the visitor types (not boxes, buttons or files: clicks on those are held and made again). */
const TYPED_FIELD = `textarea, input${['checkbox', 'radio', 'file', 'hidden', 'submit', 'button', 'reset', 'image']
  .map((type) => `:not([type="${type}"])`)
  .join('')}`;

/** Boxes the visitor ticks. */
const TICKED_FIELD = 'input[type="checkbox"], input[type="radio"]';

/**
 * Text typed into a field, or a box ticked, before the app has taken the page over reaches the field but not the
 * app's state, and a render of the app sets the field back to its state. So what is done meanwhile is noted
 * (EarlyInput keeps what a render erased apart from what is typed after it), and handed to the app once it is
 * ready as the visitor's own input: the field is emptied (or the box set the other way) as React sees it, then the
 * text entered again through the native setter (or the box clicked), so React sees a change and the form's state
 * holds it; a field already left is left again.
 */
function handEarlyInputToTheApp() {
  const early = new EarlyInput<HTMLInputElement | HTMLTextAreaElement>();
  const ticked = new Map<HTMLInputElement, boolean>();
  const typedField = (target: EventTarget | null) =>
    (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) && target.matches(TYPED_FIELD)
      ? target
      : null;
  const beforeChange = (event: Event) => {
    const field = typedField(event.target);
    if (field) early.beforeChange(field);
  };
  const note = (event: Event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement && field.matches(TICKED_FIELD)) ticked.set(field, field.checked);
    const typed = typedField(field);
    if (typed) early.changed(typed);
  };
  document.addEventListener('beforeinput', beforeChange, true);
  document.addEventListener('input', note, true);
  document.addEventListener('change', note, true);
  void appReady.then(() => {
    document.removeEventListener('beforeinput', beforeChange, true);
    document.removeEventListener('input', note, true);
    document.removeEventListener('change', note, true);
    for (const [field, text] of early.texts()) {
      if (!field.isConnected || text === '') continue;
      field.value = '';
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, text);
      field.dispatchEvent(new Event('input', { bubbles: true }));
      // A field the visitor has left: the app's checks made on leaving it run now.
      if (document.activeElement !== field) field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    }
    for (const [box, checked] of ticked) {
      if (!box.isConnected) continue;
      box.checked = !checked;
      box.click();
    }
  });
}

/** What says a visitor has come to use a form page: a pointer over it, a touch, a key, a focus. */
const FIRST_INTERACTION = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * A form sent before the app has taken the page over would be sent by the browser alone, its fields in the
 * address (a password in the log of every server on the way). Pressing Enter in a field clicks the form's submit
 * button first, and that click is held and made again; the submission itself is stopped here.
 */
function holdSubmissionsUntilReady() {
  document.addEventListener(
    'submit',
    (event) => {
      if (!root.dataset.ready) event.preventDefault();
    },
    true,
  );
}

/**
 * How long a page waits for its first contentful paint, once the browser is idle, before its code runs anyway: a
 * browser that reports no paints, or a page it counts nothing of as content, must not wait for ever.
 */
const FIRST_PAINT_WAIT_MS = 1_000;

/**
 * Resolves once the browser has painted the page's first content (or FIRST_PAINT_WAIT_MS after it was first
 * idle). It sets up nothing a trace shows as this script's work: no timer, no `load` listener. The browser may lay
 * the page out for the first time in the very task that runs this module and dispatches `load`, and Lighthouse's
 * simulation counts a task that holds a timer set, or a listener run, by a script as that script's work, waiting
 * for it to download: the whole first layout of a long page, counted as blocking time (ADR 0051).
 */
function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
    if (painted() || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint' });
    const giveUp = () => {
      observer.disconnect();
      resolve();
    };
    const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 0));
    whenIdle(() => setTimeout(giveUp, FIRST_PAINT_WAIT_MS));
  });
}

/** Resolves once the page has loaded (its images, say), so its code does not compete with them. */
const pageLoaded = (): Promise<void> =>
  document.readyState === 'complete'
    ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));

const takeover = readPageTakeover();
if (takeover !== null) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    if (takeover !== 'islands') void import('./main');
    // A page without islands needs no more code: it is ready as it is.
    else if (document.querySelector(`[${ISLAND_ATTRIBUTES.slot}]`)) void islandsRuntime();
    else root.dataset.ready = 'true';
  };
  // Registered before any held click is made again: the form holds the text when the click submits it.
  if (takeover !== 'islands') {
    handEarlyInputToTheApp();
    holdSubmissionsUntilReady();
  } else {
    // Before anything reads the page's state (the header's Login link remembers it).
    adoptHandedOverState();
  }
  keepClicksUntilReady(takeover, start);
  if (takeover === 'app-at-interaction') {
    const startNow = () => {
      for (const type of FIRST_INTERACTION) document.removeEventListener(type, startNow, true);
      start();
    };
    for (const type of FIRST_INTERACTION) document.addEventListener(type, startNow, { capture: true, passive: true });
  } else {
    // After the page's first paint, then after its load: on a page with few images `load` can come before the
    // paint, and the code would then compete with what the visitor sees first.
    void firstContentfulPaint()
      .then(pageLoaded)
      .then(() => requestAnimationFrame(() => setTimeout(start, 0)));
  }
} else {
  void import('./main');
}
