import { type FocusEvent, type RefObject, useEffect, useState } from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, [data-lp-was-focusable]';

/**
 * The carousel hides its off-screen slides (and its clones) with aria-hidden but leaves their buttons and
 * links focusable. This keeps every hidden slide inert and out of the tab order, following the slides as
 * the carousel moves.
 */
export function useHiddenSlidesInert(rootRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const sync = () => {
      for (const slide of root.querySelectorAll<HTMLElement>('.slick-slide')) {
        const hidden = slide.getAttribute('aria-hidden') === 'true';
        slide.inert = hidden;
        for (const element of slide.querySelectorAll<HTMLElement>(FOCUSABLE)) {
          if (hidden) {
            element.setAttribute('tabindex', '-1');
            element.setAttribute('data-lp-was-focusable', '');
          } else if (element.hasAttribute('data-lp-was-focusable')) {
            element.removeAttribute('tabindex');
            element.removeAttribute('data-lp-was-focusable');
          }
        }
      }
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, [rootRef]);
}

/** Whether keyboard focus is inside the element, to pause autoplay while someone is using the carousel. */
export function useFocusWithin() {
  const [focused, setFocused] = useState(false);
  return {
    focused,
    handlers: {
      onFocus: () => setFocused(true),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}

/** Dot buttons with a name that says what they do. */
export const slideDot = (index: number) => (
  <button type="button" aria-label={`Go to slide ${index + 1}`}>
    {index + 1}
  </button>
);
