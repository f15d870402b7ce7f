import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates it, true after. What only the
 * browser knows (the address's #hash, say) must wait for it, or hydration would not match the server's HTML.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
