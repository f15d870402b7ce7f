import { useCallback, useSyncExternalStore } from 'react';

const hasMatchMedia = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/** Whether a CSS media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!hasMatchMedia()) return () => {};
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => hasMatchMedia() && window.matchMedia(query).matches,
    () => false,
  );
}

/**
 * How many slides a carousel shows at the current width, from react-slick style breakpoints
 * (a breakpoint applies at that width and below). The carousel's own `responsive` option only reacts
 * to later resizes, not to the width the page opened at, so the carousels also pass this value.
 * Handles up to two breakpoints (what the landing carousels use); the list must not change between renders.
 */
export function useSlidesToShow(slides: number, breakpoints: readonly { below: number; slides: number }[]): number {
  const sorted = [...breakpoints].sort((a, b) => a.below - b.below);
  const narrowest = sorted[0];
  const middle = sorted[1];
  const matchNarrow = useMediaQuery(`(max-width: ${narrowest?.below ?? 0}px)`);
  const matchMiddle = useMediaQuery(`(max-width: ${middle?.below ?? 0}px)`);
  if (narrowest && matchNarrow) return narrowest.slides;
  if (middle && matchMiddle) return middle.slides;
  return slides;
}
