import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { appSecurityHeaders } from './security-headers';

/** The policy as a map of directive → sources, for a production server with these settings. */
function policy(env: Record<string, string> = {}): Record<string, string[]> {
  const header = appSecurityHeaders(loadConfig({ NODE_ENV: 'production', ...env }))['content-security-policy'] ?? '';
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('content security policy', () => {
  it("lets Stripe.js load, frame its card fields and 3-D Secure pages, and call Stripe's API", () => {
    const csp = policy();
    expect(csp['script-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://*.js.stripe.com']));
    expect(csp['frame-src']).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']),
    );
    expect(csp['connect-src']).toContain('https://api.stripe.com');
  });

  const PAYPAL = { PAYPAL_CLIENT_ID: 'paypal-id', PAYPAL_CLIENT_SECRET: 'paypal-secret' };

  it("lets the PayPal SDK load and show its buttons and checkout from PayPal's hosts when PayPal is configured", () => {
    const csp = policy(PAYPAL);
    for (const directive of ['script-src', 'frame-src', 'child-src', 'connect-src', 'img-src', 'style-src']) {
      expect(csp[directive], directive).toEqual(
        expect.arrayContaining(['https://*.paypal.com', 'https://*.paypalobjects.com']),
      );
    }
  });

  it('allows no PayPal host while PayPal is not configured (the local buttons need none)', () => {
    const csp = policy();
    for (const [directive, sources] of Object.entries(csp)) {
      expect(sources.join(' '), directive).not.toMatch(/paypal/);
    }
  });

  it("loads the referral tool's script only when its script id is set", () => {
    expect(policy()['script-src']).not.toContain('https://r.wdfl.co');
    expect(policy({ VITE_REFERRAL_SCRIPT_ID: 'ref-123' })['script-src']).toContain('https://r.wdfl.co');
  });

  it('runs an inline script the pages carry by its hash only', () => {
    const header = appSecurityHeaders(loadConfig({ NODE_ENV: 'production' }), ['mark();'])['content-security-policy'];
    const sources = /script-src ([^;]*)/.exec(header ?? '')?.[1]?.split(' ') ?? [];
    // echo -n 'mark();' | openssl dgst -sha256 -binary | base64
    expect(sources).toContain("'sha256-0If2x35vlPMJFLunWSuicCOEyXMbz6/doymBeVa0WG0='");
    expect(sources).not.toContain("'unsafe-inline'");
  });

  it('still runs no inline script and keeps everything else to our own origin', () => {
    const csp = policy();
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
  });

  it('frames the video player of the configured hosts only, player.vimeo.com by default', () => {
    expect(policy()['frame-src']).toContain('https://player.vimeo.com');
    const csp = policy({ VIDEO_HOST: 'www.youtube-nocookie.com, Player.Example.org' });
    expect(csp['frame-src']).toEqual(
      expect.arrayContaining(['https://www.youtube-nocookie.com', 'https://player.example.org']),
    );
    expect(csp['frame-src']).not.toContain('https://player.vimeo.com');
    expect(() => loadConfig({ VIDEO_HOST: 'https://player.vimeo.com/video' })).toThrow(/VIDEO_HOST/);
  });

  it('lets the browser PUT uploads to the configured bucket, and nowhere else', () => {
    expect(policy()['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(policy({ S3_BUCKET: 'dpp-files', S3_REGION: 'eu-west-3' })['connect-src']).toContain(
      'https://dpp-files.s3.eu-west-3.amazonaws.com',
    );
    expect(policy({ S3_BUCKET: 'files.example.com', S3_REGION: 'eu-west-3' })['connect-src']).toContain(
      'https://s3.eu-west-3.amazonaws.com',
    );
    const minio = policy({ S3_BUCKET: 'dpp', S3_ENDPOINT: 'https://minio.example.com:9000/' })['connect-src'];
    expect(minio).toContain('https://minio.example.com:9000');
    expect(minio?.join(' ')).not.toContain('amazonaws');
  });

  it('shows images from the public address of the bucket when one is set', () => {
    expect(policy()['img-src']).toEqual(["'self'", 'data:']);
    const csp = policy({ S3_BUCKET: 'dpp', S3_PUBLIC_URL: 'https://files.example.com/public' });
    expect(csp['img-src']).toContain('https://files.example.com');
  });
});
