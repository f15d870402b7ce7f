import { describe, expect, it } from 'vitest';
import { s256 } from '../../ports/social.port';
import { socialSignIn } from './social.oauth';

const options = {
  clientId: 'client-1',
  clientSecret: 'secret-1',
  redirectUri: 'https://app.example/api/identity/oauth/google/callback',
};

describe('social sign-in clients', () => {
  it("sends the browser to Google's consent page with state and a PKCE S256 challenge", () => {
    const google = socialSignIn({ provider: 'google', kind: 'real', ...options });
    const url = google.authorizationUrl('state-1', 'verifier-verifier-verifier-verifier-verifier');
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: options.redirectUri,
      state: 'state-1',
      code_challenge_method: 'S256',
      code_challenge: s256('verifier-verifier-verifier-verifier-verifier'),
      scope: 'openid email profile',
    });
  });

  it('computes the PKCE S256 challenge of RFC 7636, appendix B', () => {
    expect(s256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});
