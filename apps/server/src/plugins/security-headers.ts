import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Computes helmet's headers once. Our policy has no per-request parts (no nonces), and running
 * helmet on every request halves the throughput of a cached read; applying a prepared set costs
 * next to nothing.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Sources the payment providers' browser code needs, as their docs list them (ADR 0011): Stripe.js
 * (script, its card iframes, 3-D Secure frames on hooks.stripe.com, calls to api.stripe.com) and the
 * PayPal JavaScript SDK (script, buttons and checkout frames, calls and images on PayPal's hosts).
 */
const STRIPE_JS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const PAYPAL_SDK = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

/** The content security policy of the app: our own code, antd's run-time styles, the video player, the payment providers. */
export function appSecurityHeaders(production: boolean): Record<string, string> {
  return securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // r.wdfl.co: the referral tool's script, loaded only when VITE_REFERRAL_SCRIPT_ID is set.
        scriptSrc: ["'self'", ...STRIPE_JS, ...PAYPAL_SDK, 'https://r.wdfl.co'],
        // antd writes its component styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'", ...PAYPAL_SDK],
        imgSrc: ["'self'", 'data:', ...PAYPAL_SDK],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com', ...PAYPAL_SDK],
        frameSrc: ['https://player.vimeo.com', ...STRIPE_JS, 'https://hooks.stripe.com', ...PAYPAL_SDK],
        childSrc: PAYPAL_SDK,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: production,
  });
}
