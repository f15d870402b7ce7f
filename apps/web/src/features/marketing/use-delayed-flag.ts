import { useEffect, useState } from 'react';

/** False until `delayMs` milliseconds after the component mounted, then true. */
export function useDelayedFlag(delayMs: number): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const id = window.setTimeout(() => setReady(true), delayMs);
    return () => window.clearTimeout(id);
  }, [delayMs]);
  return ready;
}
