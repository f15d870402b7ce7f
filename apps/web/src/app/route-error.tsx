/** Shown when a page fails to load (for instance a chunk missing after a new release). */
export function RouteError() {
  return (
    <section className="notice-page" role="alert">
      <h1>Sorry!</h1>
      <p>
        This page could not be loaded. A new version of the site may have been released; reloading usually fixes it.
      </p>
      <button type="button" className="notice-page__button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </section>
  );
}
