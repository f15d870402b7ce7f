import type { SocialProvider } from '@dpp/shared';
import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { SocialEndpoints, SocialSignIn } from '../../ports/social.port';

const REAL_ENDPOINTS: Record<SocialProvider, SocialEndpoints> = {
  google: {
    authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  facebook: {
    authorization: 'https://www.facebook.com/v21.0/dialog/oauth',
    token: 'https://graph.facebook.com/v21.0/oauth/access_token',
    userinfo: 'https://graph.facebook.com/v21.0/me?fields=id,name,email',
  },
};

const SCOPES: Record<SocialProvider, string[]> = {
  google: ['openid', 'email', 'profile'],
  facebook: ['email', 'public_profile'],
};

const GoogleProfileSchema = z.object({
  sub: z.string().min(1),
  email: z.string().email(),
  email_verified: z.boolean(),
  name: z.string().default(''),
});
/** Facebook returns only confirmed addresses, and none when the person has none. */
const FacebookProfileSchema = z.object({
  id: z.string().min(1),
  email: z.string().email(),
  name: z.string().default(''),
});
const TokenSchema = z.object({ access_token: z.string().min(1) });

const upstream = (provider: SocialProvider, detail: string) =>
  new AppError('UPSTREAM_FAILED', `${provider} sign-in failed: ${detail}`);

async function readJson(response: Response, provider: SocialProvider, what: string): Promise<unknown> {
  if (!response.ok) throw upstream(provider, `${what} answered ${response.status}`);
  return response.json().catch(() => {
    throw upstream(provider, `${what} sent no JSON`);
  });
}

export interface SocialClientOptions {
  provider: SocialProvider;
  kind: 'real' | 'sandbox';
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Where a provider that stands in lives (the sandbox provider, stand-ins/); the real provider's otherwise. */
  endpoints?: () => SocialEndpoints;
}

/**
 * A provider client on arctic's OAuth 2.0 client: state, PKCE S256 and, for Google, the token request
 * (client_secret_basic). Facebook's token endpoint takes the secret in the body, so that request is ours.
 */
export function socialSignIn(options: SocialClientOptions): SocialSignIn {
  const { provider } = options;
  const real = REAL_ENDPOINTS[provider];
  const endpoints = (): SocialEndpoints => options.endpoints?.() ?? real;
  const client = new OAuth2Client(options.clientId, options.clientSecret, options.redirectUri);

  async function accessToken(code: string, codeVerifier: string): Promise<string> {
    if (provider === 'google') {
      try {
        return (await client.validateAuthorizationCode(endpoints().token, code, codeVerifier)).accessToken();
      } catch (error) {
        throw upstream(provider, `token request refused (${(error as Error).message})`);
      }
    }
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: options.clientId,
      client_secret: options.clientSecret,
      redirect_uri: options.redirectUri,
      code,
      code_verifier: codeVerifier,
    });
    const response = await fetch(endpoints().token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    });
    const parsed = TokenSchema.safeParse(await readJson(response, provider, 'token request'));
    if (!parsed.success) throw upstream(provider, 'token response without access_token');
    return parsed.data.access_token;
  }

  return {
    provider,
    kind: options.kind,
    authorizationUrl: (state, codeVerifier) =>
      client.createAuthorizationURLWithPKCE(
        endpoints().authorization,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        SCOPES[provider],
      ),
    async profile(code, codeVerifier) {
      const token = await accessToken(code, codeVerifier);
      const response = await fetch(endpoints().userinfo, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      });
      const json = await readJson(response, provider, 'profile request');
      if (provider === 'google') {
        const p = GoogleProfileSchema.safeParse(json);
        if (!p.success) throw upstream(provider, 'profile without a subject or e-mail');
        return { subject: p.data.sub, email: p.data.email, emailVerified: p.data.email_verified, name: p.data.name };
      }
      const p = FacebookProfileSchema.safeParse(json);
      if (!p.success) throw upstream(provider, 'profile without an id or e-mail');
      return { subject: p.data.id, email: p.data.email, emailVerified: true, name: p.data.name };
    },
  };
}
