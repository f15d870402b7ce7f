import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SANDBOX_OAUTH_CLIENT } from '../../ports/task-tool.port';

export const PUBLIC_URL = 'http://localhost:3000';
export const REDIRECT_URI = `${PUBLIC_URL}/oauth2/handler`;

const AUTHORIZE = {
  asana: '/sandbox/asana/-/oauth_authorize',
  clickup: '/sandbox/clickup/api',
  monday: '/sandbox/monday/oauth2/authorize',
} as const;

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const form = (fields: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined)).toString();

/** Posts the consent form as a browser would; returns the redirect location. */
export async function consent(
  app: FastifyInstance,
  tool: keyof typeof AUTHORIZE,
  fields: Record<string, string | undefined>,
): Promise<{ status: number; location: URL | undefined; body: string }> {
  const res = await app.inject({
    method: 'POST',
    url: AUTHORIZE[tool],
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({ client_id: SANDBOX_OAUTH_CLIENT.clientId, redirect_uri: REDIRECT_URI, ...fields }),
  });
  const location = res.headers.location ? new URL(String(res.headers.location)) : undefined;
  return { status: res.statusCode, location, body: res.body };
}

export const formBody = form;

/**
 * The whole OAuth dance of a simulator, returning a usable access token. `redirectUri` must be under the app's
 * PUBLIC_URL (an app listening on a port of its own has another).
 */
export async function sandboxToken(
  app: FastifyInstance,
  tool: keyof typeof AUTHORIZE,
  email: string,
  redirectUri = REDIRECT_URI,
): Promise<string> {
  if (tool === 'asana') {
    const { verifier, challenge } = pkcePair();
    const { location } = await consent(app, 'asana', {
      response_type: 'code',
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      redirect_uri: redirectUri,
      email,
      decision: 'allow',
    });
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/asana/-/oauth_token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({
        grant_type: 'authorization_code',
        client_id: SANDBOX_OAUTH_CLIENT.clientId,
        client_secret: SANDBOX_OAUTH_CLIENT.clientSecret,
        redirect_uri: redirectUri,
        code: location!.searchParams.get('code')!,
        code_verifier: verifier,
      }),
    });
    return (res.json() as { access_token: string }).access_token;
  }
  if (tool === 'clickup') {
    const { location } = await consent(app, 'clickup', {
      state: 's',
      redirect_uri: redirectUri,
      email,
      decision: 'allow',
    });
    const code = location!.searchParams.get('code')!;
    const res = await app.inject({
      method: 'POST',
      url: `/sandbox/clickup/api/v2/oauth/token?${form({ client_id: SANDBOX_OAUTH_CLIENT.clientId, client_secret: SANDBOX_OAUTH_CLIENT.clientSecret, code })}`,
    });
    return (res.json() as { access_token: string }).access_token;
  }
  const { location } = await consent(app, 'monday', {
    state: 's',
    redirect_uri: redirectUri,
    email,
    decision: 'allow',
  });
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/monday/oauth2/token',
    payload: {
      client_id: SANDBOX_OAUTH_CLIENT.clientId,
      client_secret: SANDBOX_OAUTH_CLIENT.clientSecret,
      code: location!.searchParams.get('code')!,
      redirect_uri: redirectUri,
    },
  });
  return (res.json() as { access_token: string }).access_token;
}
