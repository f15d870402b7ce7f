import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { socialSignIn } from '../../../adapters/social-sign-in/social.oauth';
import { sandboxClient, sandboxProvider } from './social.sandbox';

describe("the sandbox sign-in provider's client", () => {
  it('sends the browser to the sandbox of this app when it stands in', () => {
    // As adapters/index.ts builds it: the real OAuth client, pointed at the sandbox.
    const facebook = socialSignIn({
      provider: 'facebook',
      kind: 'sandbox',
      redirectUri: 'https://app.example/api/identity/oauth/facebook/callback',
      ...sandboxProvider({
        provider: 'facebook',
        encryptionKey: randomBytes(32),
        browserBase: 'http://localhost:3000',
        serverBase: () => 'http://127.0.0.1:3000',
      }),
    });
    const url = facebook.authorizationUrl('s', 'v'.repeat(43));
    expect(url.toString()).toMatch(/^http:\/\/localhost:3000\/sandbox\/facebook\/authorize\?/);
    expect(url.searchParams.get('scope')).toBe('email public_profile');
  });

  it('derives the sandbox client secret from the key, differently per provider and key', () => {
    const key = randomBytes(32);
    expect(sandboxClient('google', key)).toEqual(sandboxClient('google', key));
    expect(sandboxClient('google', key).clientSecret).not.toBe(sandboxClient('facebook', key).clientSecret);
    expect(sandboxClient('google', key).clientSecret).not.toBe(sandboxClient('google', randomBytes(32)).clientSecret);
  });
});
