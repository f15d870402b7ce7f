// What of the header's account entry a page shows, decided from the session the browser holds without any
// framework (ADR 0051). The header draws every account's parts, each marked `data-shown-to`; `<html data-account>`
// names the marks of this browser's account and the stylesheet hides the parts of the others (global.css). The
// page's inline head script sets the marks before the first paint, so what a page shows first is the visitor's or
// the member's and nothing moves once it is painted; the first script follows sign-ins in other tabs, and the app
// follows its own session.
import { cutName } from '@dpp/shared/rules/display';
import { readStoredUser, type SessionUser } from './session-user';

/** Who a part of the page is for, as a `data-shown-to` value; `<html data-account>` holds those of the browser. */
export type AccountMark = 'visitor' | 'member' | 'activated' | 'unactivated' | 'admin' | 'premium';

export const ACCOUNT_ATTRIBUTE = 'data-account';
export const SHOWN_TO_ATTRIBUTE = 'data-shown-to';
/** Marks the element whose text is the member's label (the account menu's summary). */
export const ACCOUNT_LABEL_ATTRIBUTE = 'data-account-label';

/** `data-shown-to` for a part shown to `mark` only. */
export const shownTo = (mark: AccountMark) => ({ [SHOWN_TO_ATTRIBUTE]: mark });

/** The marks of an account: a visitor; or a member, activated or not, an administrator, with the Premium area. */
export function accountMarks(user: SessionUser | null): AccountMark[] {
  if (!user) return ['visitor'];
  if (!user.activated) return ['member', 'unactivated'];
  return [
    'member',
    'activated',
    ...(user.isAdmin ? (['admin'] as const) : []),
    ...(user.hasPremiumArea ? (['premium'] as const) : []),
  ];
}

/** The account menu's label: the member's given name, cut; until activation, the step they are asked to take. */
export const accountLabel = (user: SessionUser): string =>
  user.activated ? cutName(user.givenName) : 'Active Account';

/** Writes the label into each element that shows it; true when there was one. */
function writeLabels(label: string): boolean {
  const elements = document.querySelectorAll(`[${ACCOUNT_LABEL_ATTRIBUTE}]`);
  for (const element of elements) if (element.textContent !== label) element.textContent = label;
  return elements.length > 0;
}

/** Marks the page for this account (a no-op when nothing changes, so no style is recalculated for nothing). */
export function markAccount(user: SessionUser | null): void {
  const marks = accountMarks(user).join(' ');
  const root = document.documentElement;
  if (root.getAttribute(ACCOUNT_ATTRIBUTE) !== marks) root.setAttribute(ACCOUNT_ATTRIBUTE, marks);
  writeLabels(user ? accountLabel(user) : '');
}

/** Marks the page for the account storage holds now (another tab signed in or out). */
export const markStoredAccount = (): void => markAccount(readStoredUser());

/**
 * Marks the page while its HTML is still arriving (the inline head script): the label is written as soon as the
 * parser has added its element, before the first paint (a mutation observer's callbacks run before the browser
 * renders), and the observer stops then or once the document is parsed.
 */
export function markArrivingPage(user: SessionUser | null): void {
  markAccount(user);
  if (!user) return;
  const label = accountLabel(user);
  const observer = new MutationObserver(() => {
    if (writeLabels(label)) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', () => observer.disconnect(), { once: true });
}
