import { useEffect, useRef, useState } from 'react';

/**
 * Calls `callback` every `delayMs` milliseconds; `null` stops the timer. The timer is cleared on
 * unmount and whenever the delay changes, and always calls the latest callback.
 */
export function useInterval(callback: () => void, delayMs: number | null): void {
  const saved = useRef(callback);
  useEffect(() => {
    saved.current = callback;
  }, [callback]);
  useEffect(() => {
    if (delayMs === null) return;
    const id = window.setInterval(() => saved.current(), delayMs);
    return () => window.clearInterval(id);
  }, [delayMs]);
}

/** False until `delayMs` milliseconds after the component mounted, then true. */
export function useDelayedFlag(delayMs: number): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const id = window.setTimeout(() => setReady(true), delayMs);
    return () => window.clearTimeout(id);
  }, [delayMs]);
  return ready;
}
