import { createHmac } from 'node:crypto';
import type { SocialProvider } from '@dpp/shared';
import { type SocialSignIn, socialSignIn } from '../../../adapters/social-sign-in/social.port';

/** The sandbox provider's client of this app: its id, and a secret derived from the identity key (never in code). */
export function sandboxClient(provider: SocialProvider, key: Buffer) {
  return {
    clientId: `sandbox-${provider}-client`,
    clientSecret: createHmac('sha256', key).update(`sandbox-oauth-client:${provider}`).digest('base64url'),
  };
}

export interface SandboxSignInOptions {
  provider: SocialProvider;
  /** Derives the client secret (`sandboxClient`). */
  encryptionKey: Buffer;
  redirectUri: string;
  /** Where the browser goes (the consent page). */
  browserBase: string;
  /** Where this server calls the token and profile endpoints (the sandbox is reached over loopback). */
  serverBase: () => string;
}

/** The client of the sandbox provider that stands in for Google or Facebook: this server's /sandbox/<provider>. */
export function sandboxSignIn({
  provider,
  encryptionKey,
  redirectUri,
  browserBase,
  serverBase,
}: SandboxSignInOptions): SocialSignIn {
  return socialSignIn({
    provider,
    kind: 'sandbox',
    ...sandboxClient(provider, encryptionKey),
    redirectUri,
    endpoints: () => ({
      authorization: `${browserBase}/sandbox/${provider}/authorize`,
      token: `${serverBase()}/sandbox/${provider}/token`,
      userinfo: `${serverBase()}/sandbox/${provider}/${provider === 'google' ? 'userinfo' : 'me'}`,
    }),
  });
}
