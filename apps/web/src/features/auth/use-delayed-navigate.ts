import { REDIRECT_DELAY_MS } from '@dpp/shared/constants';
import { useCallback, useEffect, useRef } from 'react';
import { type NavigateOptions, type To, useNavigate } from 'react-router';

/**
 * Navigates after the 1 s delay of docs/product-rules.md, Texts, so the notification is read first. A pending move is
 * dropped when the page goes away (the user went somewhere else meanwhile).
 */
export function useDelayedNavigate(): (to: To, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const timers = useRef(new Set<number>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) window.clearTimeout(timer);
      pending.clear();
    };
  }, []);
  return useCallback(
    (to, options) => {
      const timer = window.setTimeout(() => {
        timers.current.delete(timer);
        void navigate(to, options);
      }, REDIRECT_DELAY_MS);
      timers.current.add(timer);
    },
    [navigate],
  );
}
