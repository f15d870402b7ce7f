// What the site header does beyond what its HTML does by itself (ADR 0051), as plain DOM work on the markup
// site-header.tsx draws: its menus are `<details>` and its phone menu a `<dialog>`. Run once by the page's first
// script (boot.ts) with listeners on the document, so it acts on the server's header before any framework runs and
// on the app's header alike. Where the app acts on a click itself (Logout, Back, a Login link it follows) it calls
// preventDefault, and this leaves the click to it.
import { historyState } from '../../shared/handed-over-state';
import { REMEMBERS_PAGE, rememberRedirect } from '../../shared/session/remembered-route';
import { clearAppStorage, readStorage, STORAGE_KEYS } from '../../shared/session/storage-keys';

/** Marks the header: its controls act without the framework, so the first script never holds a click on them. */
export const PLAIN_CONTROLS = 'data-plain-controls';
/** The Logout button. */
export const SIGNS_OUT = 'data-signs-out';
/** The back arrow. */
export const GOES_BACK = 'data-goes-back';
/** The button that opens the dialog its `aria-controls` names (the phone menu). */
export const OPENS_DIALOG = 'data-opens-dialog';

const MENU = 'details.header-menu';
const LOGIN_PATH = '/user-login';
/** What another tab changes when it signs in or out. */
const SESSION_KEYS: ReadonlySet<string | null> = new Set([
  null,
  STORAGE_KEYS.ACCESS_TOKEN,
  STORAGE_KEYS.AUTH_USER,
  STORAGE_KEYS.USER,
  STORAGE_KEYS.USER_ROLE,
]);

const elementOf = (target: EventTarget | null) => (target instanceof Element ? target : null);

/** Closes every open header menu but `except`; focus inside one goes back to its summary, as Escape expects. */
function closeMenus(except?: Element | null, refocus = false) {
  for (const menu of document.querySelectorAll<HTMLDetailsElement>(`${MENU}[open]`)) {
    if (menu === except) continue;
    const hadFocus = menu.contains(document.activeElement);
    menu.open = false;
    if (refocus && hadFocus) menu.querySelector('summary')?.focus();
  }
}

/** Logout as the app does it: the session ends in this browser at once, the server is told, then to login. */
function signOutWithoutTheApp() {
  const token = readStorage(STORAGE_KEYS.ACCESS_TOKEN);
  clearAppStorage();
  if (token) {
    // keepalive: the request outlives the page that leaves for login.
    void fetch('/api/identity/sign-out', {
      method: 'POST',
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      keepalive: true,
    }).catch(() => undefined);
  }
  window.location.assign(LOGIN_PATH);
}

function onClick(event: MouseEvent) {
  const target = elementOf(event.target);
  if (!target) return;
  // A pointer's click on a menu that hovering has opened must not close it again; keys (detail 0) toggle.
  const summary = target.closest(`${MENU} > summary`);
  const menu = summary?.parentElement;
  if (menu instanceof HTMLDetailsElement && menu.open && event.detail > 0) event.preventDefault();
  // An entry chosen closes its menu and the phone menu, whoever follows it.
  const entry = target.closest('a[href], button');
  if (entry && !summary) entry.closest<HTMLDetailsElement>(MENU)?.removeAttribute('open');
  // A click beside the phone menu lands on the dialog itself (its backdrop: the menu's content fills the box).
  // The header's dialogs only: a dialog elsewhere on the page is its own code's.
  const dialog = target.closest<HTMLDialogElement>(`[${PLAIN_CONTROLS}] dialog`);
  if (dialog && (target === dialog || entry)) dialog.close();
  const opener = target.closest(`[${OPENS_DIALOG}]`);
  const opened = opener && document.getElementById(opener.getAttribute('aria-controls') ?? '');
  if (opener && opened instanceof HTMLDialogElement) {
    opened.showModal();
    opener.setAttribute('aria-expanded', 'true');
    opened.addEventListener('close', () => opener.setAttribute('aria-expanded', 'false'), { once: true });
  }
  if (event.defaultPrevented) return;
  // What the app does with its own handlers, done here where it does not run.
  if (target.closest(`[${SIGNS_OUT}]`)) signOutWithoutTheApp();
  else if (target.closest(`[${GOES_BACK}]`)) window.history.back();
  else if (target.closest(`a[${REMEMBERS_PAGE}]`)) rememberRedirect(window.location.pathname, historyState());
}

/** Hover opens a menu and leaving it closes it, for a mouse only (touch emulates hover around its taps). */
function onPointerOver(event: PointerEvent) {
  const menu = elementOf(event.target)?.closest<HTMLDetailsElement>(MENU);
  if (event.pointerType === 'mouse' && menu && !menu.open) menu.open = true;
}

function onPointerOut(event: PointerEvent) {
  const menu = elementOf(event.target)?.closest<HTMLDetailsElement>(MENU);
  const into = elementOf(event.relatedTarget);
  if (event.pointerType === 'mouse' && menu?.open && !(into && menu.contains(into))) menu.open = false;
}

/** Starts the header's controls for the page's life (the first script calls it once). */
export function runHeaderControls(): void {
  document.addEventListener('click', onClick);
  document.addEventListener('pointerover', onPointerOver, { passive: true });
  document.addEventListener('pointerout', onPointerOut, { passive: true });
  // A press elsewhere, or the focus moving elsewhere, closes an open menu; Escape closes it and returns the focus.
  document.addEventListener('pointerdown', (event) => closeMenus(elementOf(event.target)?.closest(MENU)), {
    passive: true,
  });
  document.addEventListener('focusin', (event) => closeMenus(elementOf(event.target)?.closest(MENU)));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') closeMenus(null, true);
  });
  // Signed in or out in another tab: the header shows it (the app, where it runs, follows its own store too). The
  // code that reads the account comes then, so the first script of every page stays small; it is a chunk of its
  // own, without the framework (chunking.ts).
  window.addEventListener('storage', (event) => {
    if (SESSION_KEYS.has(event.key))
      void import('../../shared/session/account-marks').then((m) => m.markStoredAccount());
  });
}
