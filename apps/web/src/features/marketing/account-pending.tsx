/**
 * What an account-dependent button shows until the page knows who is looking: a quiet bar in place of the
 * text, so neither a visitor's offer nor a member's is ever shown to the wrong person.
 */
export function AccountPending() {
  return (
    <>
      <span className="lp-button__pending" aria-hidden="true" />
      <span className="lp-sr-only">Loading</span>
    </>
  );
}
