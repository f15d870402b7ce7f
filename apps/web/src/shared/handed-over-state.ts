// State one page hands the next (the plan a pricing button chose, the card a carousel chose) when the move is a
// page load (from an islands page, ADR 0033) rather than the app's own navigation. It waits in the tab's
// session storage for that one address, and the page that opens there puts it where the app reads a page's
// state: React Router's `usr` in the history entry.

const KEY = 'dpp:handed-over-state';

const addressOf = (url: URL | Location) => `${url.pathname}${url.search}${url.hash}`;

/** What the previous page handed this one, where the app keeps it too (React Router's `usr` in the history entry). */
export const historyState = (): unknown => (window.history.state as { usr?: unknown } | null)?.usr ?? null;

/** Keeps `state` for the page at `href` (resolved against this page), which is about to be loaded. */
export function handOverState(href: string, state: unknown): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ to: addressOf(new URL(href, window.location.href)), state }));
  } catch {
    // Storage refused (private mode, full): the next page opens as if reached by a link.
  }
}

/** Puts the state handed to this address into its history entry; any other is dropped. Before any router runs. */
export function adoptHandedOverState(): void {
  let kept: string | null = null;
  try {
    kept = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!kept) return;
  try {
    const { to, state } = JSON.parse(kept) as { to: string; state: unknown };
    if (to === addressOf(window.location)) window.history.replaceState({ usr: state, key: 'handed', idx: 0 }, '');
  } catch {
    // Not ours to read: dropped.
  }
}
