import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config/env';

/**
 * Computes helmet's headers once. Our policy has no per-request parts (no nonces), and running
 * helmet on every request halves the throughput of a cached read; applying a prepared set costs
 * next to nothing.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
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
/** The referral tool's conversion script (apps/web/src/shared/billing/referral.ts). */
const REFERRAL_SCRIPT_ORIGIN = 'https://r.wdfl.co';

type SecurityHeadersConfig = Pick<
  Config,
  | 'NODE_ENV'
  | 'VIDEO_HOST'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_PUBLIC_URL'
  | 'PAYPAL_CLIENT_ID'
  | 'VITE_REFERRAL_SCRIPT_ID'
>;

/**
 * Where the browser PUTs uploads when they go straight to the bucket: the endpoint's origin for a non-AWS
 * service (path-style URLs), else the AWS SDK's virtual-hosted bucket host, or the regional host for a bucket
 * name with dots (which a wildcard certificate cannot cover, so the SDK falls back to path-style).
 */
function s3BrowserOrigin(config: SecurityHeadersConfig): string | null {
  if (!config.S3_BUCKET) return null;
  if (config.S3_ENDPOINT) return new URL(config.S3_ENDPOINT).origin;
  const regional = `s3.${config.S3_REGION}.amazonaws.com`;
  return config.S3_BUCKET.includes('.') ? `https://${regional}` : `https://${config.S3_BUCKET}.${regional}`;
}

/** A CSP source allowing one inline script, by the hash of its text. */
export const scriptHashSource = (script: string) =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/**
 * The content security policy of the app: our own code, antd's run-time styles, the video player, the payment
 * providers. PayPal's hosts and the referral tool's are allowed only when they are configured: without PayPal
 * the local buttons load no SDK, and without a referral script id the web app loads no referral script.
 * `inlineScripts`: the texts of the inline scripts the pages carry (the head script of ADR 0051), each allowed by
 * its hash and no other inline script.
 */
export function appSecurityHeaders(
  config: SecurityHeadersConfig,
  inlineScripts: readonly string[] = [],
): Record<string, string> {
  const production = config.NODE_ENV === 'production';
  const bucket = s3BrowserOrigin(config);
  // Images are redirected to the bucket's public address when one is set (files.routes.ts).
  const publicFiles = config.S3_PUBLIC_URL ? new URL(config.S3_PUBLIC_URL).origin : null;
  const paypal = config.PAYPAL_CLIENT_ID ? PAYPAL_SDK : [];
  const referral = config.VITE_REFERRAL_SCRIPT_ID ? [REFERRAL_SCRIPT_ORIGIN] : [];
  return securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts.map(scriptHashSource), ...STRIPE_JS, ...paypal, ...referral],
        // antd writes its component styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'", ...paypal],
        imgSrc: ["'self'", 'data:', ...paypal, ...(publicFiles ? [publicFiles] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com', ...paypal, ...(bucket ? [bucket] : [])],
        frameSrc: [
          ...config.VIDEO_HOST.map((host) => `https://${host}`),
          ...STRIPE_JS,
          'https://hooks.stripe.com',
          ...paypal,
        ],
        ...(paypal.length > 0 && { childSrc: paypal }),
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
