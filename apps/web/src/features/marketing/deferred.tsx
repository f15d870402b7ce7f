import { type ReactNode, Suspense, useRef } from 'react';
import { useHydrated } from '../../shared/use-hydrated';
import { SectionBoundary } from './section-boundary';
import { useNearViewport } from './use-near-viewport';

interface DeferredProps {
  /** Lazily loaded sections. */
  children: ReactNode;
  /** Gives the placeholder roughly the height of the sections, so the page does not jump when they arrive. */
  placeholderClassName: string;
  /** Render at once instead of waiting for the visitor to scroll near (e.g. the address has a #hash). */
  eager?: boolean;
}

/**
 * Holds a place for sections whose code is loaded only when the visitor scrolls within a screen of them.
 * A failure to load them shows a message in their place instead of taking the page down.
 */
export function Deferred({ children, placeholderClassName, eager: wantsEager = false }: DeferredProps) {
  const placeholderRef = useRef<HTMLDivElement>(null);
  const eager = useHydrated() && wantsEager;
  const near = useNearViewport(placeholderRef, eager);
  if (!near && !eager) return <div ref={placeholderRef} className={placeholderClassName} />;
  return (
    <SectionBoundary>
      <Suspense fallback={<div className={placeholderClassName} />}>{children}</Suspense>
    </SectionBoundary>
  );
}
