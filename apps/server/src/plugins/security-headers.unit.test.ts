import { describe, expect, it } from 'vitest';
import { appSecurityHeaders } from './security-headers';

/** The policy as a map of directive → sources. */
function policy(): Record<string, string[]> {
  const header = appSecurityHeaders(true)['content-security-policy'] ?? '';
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

  it("lets the PayPal SDK load and show its buttons and checkout from PayPal's hosts", () => {
    const csp = policy();
    for (const directive of ['script-src', 'frame-src', 'child-src', 'connect-src', 'img-src', 'style-src']) {
      expect(csp[directive], directive).toEqual(
        expect.arrayContaining(['https://*.paypal.com', 'https://*.paypalobjects.com']),
      );
    }
  });

  it('still runs no inline script and keeps everything else to our own origin', () => {
    const csp = policy();
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
  });
});
