import { env } from '../../config/env';

declare global {
  interface Window {
    rewardful?: ((command: string, ...args: unknown[]) => void) & { q?: unknown[][] };
  }
}

const REFERRAL_SCRIPT_URL = 'https://r.wdfl.co/rw.js';

/**
 * The referral tool's conversion after a payment (a Rewardful-style script). Nothing is loaded when no
 * script id is configured.
 */
export function referralConversion(email: string): void {
  const scriptId = env.REFERRAL_SCRIPT_ID;
  if (!scriptId || typeof document === 'undefined') return;
  // The tool's documented queue: calls made before the script loads run once it has.
  if (!window.rewardful) {
    const queue: unknown[][] = [];
    const stub = ((...args: unknown[]) => {
      queue.push(args);
    }) as NonNullable<Window['rewardful']>;
    stub.q = queue;
    window.rewardful = stub;
  }
  if (!document.querySelector(`script[data-rewardful="${CSS.escape(scriptId)}"]`)) {
    const script = document.createElement('script');
    script.src = REFERRAL_SCRIPT_URL;
    script.async = true;
    script.dataset.rewardful = scriptId;
    document.head.appendChild(script);
  }
  window.rewardful('convert', { email });
}
