import { createHash } from 'node:crypto';
import type { SocialProvider } from '@dpp/shared';

/** The person a provider vouches for. */
export interface SocialProfile {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/** One sign-in provider, real or sandbox, in our words: where to send the browser, and how to learn who came back. */
export interface SocialSignIn {
  provider: SocialProvider;
  kind: 'real' | 'sandbox';
  /** The provider's consent page for this sign-in (authorization code with PKCE S256). */
  authorizationUrl(state: string, codeVerifier: string): URL;
  /** Exchanges the code (with the PKCE verifier) and reads the profile. */
  profile(code: string, codeVerifier: string): Promise<SocialProfile>;
}

/** Where a provider's consent page, token and profile endpoints are. */
export interface SocialEndpoints {
  authorization: string;
  token: string;
  userinfo: string;
}

/** PKCE S256: base64url(SHA-256(verifier)). */
export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
