import { type RefObject, useEffect, useState } from 'react';

/**
 * Turns true once the element comes within one screen height of the viewport, and stays true.
 * Used to fetch the code of the lower sections only when the visitor heads towards them.
 */
export function useNearViewport(ref: RefObject<Element | null>, skip: boolean): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || skip) return;
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => setNear(entries.some((e) => e.isIntersecting)), {
      rootMargin: '100% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, skip, ref]);
  return near;
}
