import { createHmac } from 'node:crypto';
import type { SocialProvider } from '@dpp/shared';
import type { SocialEndpoints } from '../../../ports/social.port';

/** The sandbox provider's client of this app: its id, and a secret derived from the identity key (never in code). */
export function sandboxClient(provider: SocialProvider, key: Buffer) {
  return {
    clientId: `sandbox-${provider}-client`,
    clientSecret: createHmac('sha256', key).update(`sandbox-oauth-client:${provider}`).digest('base64url'),
  };
}

export interface SandboxProviderOptions {
  provider: SocialProvider;
  /** Derives the client secret (`sandboxClient`). */
  encryptionKey: Buffer;
  /** Where the browser goes (the consent page). */
  browserBase: string;
  /** Where this server calls the token and profile endpoints (the sandbox is reached over loopback). */
  serverBase: () => string;
}

/**
 * The sandbox provider that stands in for Google or Facebook (this server's /sandbox/<provider>) as its client
 * needs to know it: this app's client there, and where its endpoints are. adapters/index.ts points the real
 * OAuth client at it.
 */
export function sandboxProvider({ provider, encryptionKey, browserBase, serverBase }: SandboxProviderOptions): {
  clientId: string;
  clientSecret: string;
  endpoints: () => SocialEndpoints;
} {
  return {
    ...sandboxClient(provider, encryptionKey),
    endpoints: () => ({
      authorization: `${browserBase}/sandbox/${provider}/authorize`,
      token: `${serverBase()}/sandbox/${provider}/token`,
      userinfo: `${serverBase()}/sandbox/${provider}/${provider === 'google' ? 'userinfo' : 'me'}`,
    }),
  };
}
