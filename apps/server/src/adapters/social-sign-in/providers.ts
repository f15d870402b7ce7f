import type { AddressInfo } from 'node:net';
import type { SocialProvider } from '@dpp/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';
import { type SocialSignIn, sandboxClient, socialSignIn } from './social.port';

/** Where this server reaches its own sandbox endpoints: over loopback when listening, else PUBLIC_URL. */
function selfBase(app: FastifyInstance, publicUrl: string): string {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return new URL(publicUrl).origin;
  const host = ['0.0.0.0', '::', '127.0.0.1'].includes(address.address)
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * The sign-in providers of this configuration: the real one when its client id is set, else the sandbox
 * (outside production only; in production an unconfigured provider is unavailable).
 */
export function socialSignInProviders(app: FastifyInstance, config: Config, encryptionKey: Buffer) {
  const clients: Partial<Record<SocialProvider, SocialSignIn>> = {};
  let sandbox = false;
  const origin = new URL(config.PUBLIC_URL).origin;
  const configured: Record<SocialProvider, [string | undefined, string | undefined]> = {
    google: [config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET],
    facebook: [config.FACEBOOK_CLIENT_ID, config.FACEBOOK_CLIENT_SECRET],
  };
  for (const provider of ['google', 'facebook'] as const) {
    const redirectUri = `${origin}/api/identity/oauth/${provider}/callback`;
    const [clientId, clientSecret] = configured[provider];
    if (clientId && clientSecret) {
      clients[provider] = socialSignIn({ provider, kind: 'real', clientId, clientSecret, redirectUri });
    } else if (config.NODE_ENV !== 'production') {
      sandbox = true;
      clients[provider] = socialSignIn({
        provider,
        kind: 'sandbox',
        ...sandboxClient(provider, encryptionKey),
        redirectUri,
        browserBase: origin,
        serverBase: () => selfBase(app, config.PUBLIC_URL),
      });
    }
  }
  return { clients, sandbox };
}
