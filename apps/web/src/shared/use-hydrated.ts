import { startTransition, useEffect, useState } from 'react';

/** True from the start of the browser taking over a page the server rendered until that is done. */
let hydrating = false;

/** Called by main.tsx before it hydrates a page the server rendered. */
export function beginHydration(): void {
  hydrating = true;
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
    hydrating = false;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
