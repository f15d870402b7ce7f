import { startTransition, useEffect, useState } from 'react';

/** True from the start of the browser taking over a page the server rendered until all of it is done. */
let hydrating = false;

/** Called by main.tsx before it hydrates a page the server rendered. */
export function beginHydration(): void {
  hydrating = true;
}

/**
 * Called once the whole page has been taken over (Providers, after its switch to hydrated has committed).
 * Not earlier: React hydrates the content of each Suspense boundary (the page inside the layout's) in a pass
 * of its own after the shell, and a component hydrated there must still start as the server drew it.
 */
export function endHydration(): void {
  hydrating = false;
}

/**
 * False while the server renders a page and while the browser hydrates it, true after; at once for a page the
 * browser draws alone. What only the browser knows (the session, the address's #hash) waits for it, or
 * hydration would not match the server's HTML. The switch is a transition, so its re-render yields to input.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !hydrating);
  useEffect(() => {
    if (hydrated) return;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
