import type { ReactNode } from 'react';

/**
 * What an account-dependent button shows until the page knows who is looking: a quiet bar in place of the
 * text, so neither a visitor's offer nor a member's is ever shown to the wrong person. Given the visitor's text,
 * a browser without a session (marked by the page's inline head script, ADR 0051) shows that text at once
 * instead (ADR 0033: the button's island is then taken over only when used).
 */
export function AccountPending({ visitorText }: { visitorText?: ReactNode }) {
  const pending = (
    <>
      <span className="lp-button__pending" aria-hidden="true" />
      <span className="lp-sr-only">Loading</span>
    </>
  );
  if (visitorText === undefined) return pending;
  return (
    <>
      <span className="account-pending__visitor">{visitorText}</span>
      <span className="account-pending__member">{pending}</span>
    </>
  );
}
