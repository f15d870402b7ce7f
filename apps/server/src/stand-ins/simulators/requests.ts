import type { FastifyInstance } from 'fastify';

/** What the simulators read of a request: its body as the vendors take it, its fields, its redirect URI. */

/** A redirect URI is accepted only under the configured PUBLIC_URL. */
export function redirectAllowed(publicUrl: string, redirectUri: unknown): redirectUri is string {
  if (typeof redirectUri !== 'string') return false;
  try {
    const target = new URL(redirectUri);
    const base = new URL(publicUrl);
    const basePath = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
    return target.origin === base.origin && `${target.pathname}/`.startsWith(basePath) && !target.hash;
  } catch {
    return false;
  }
}

export function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/** A JSON body that did not parse; each simulator answers it in its vendor's words. */
const BAD_JSON = Symbol('bad json');
export const isBadJson = (body: unknown) => typeof body === 'object' && body !== null && BAD_JSON in body;

/**
 * Bodies parsed as the vendors take them, inside the sandbox only: form bodies (OAuth token
 * requests, consent forms) and JSON whose syntax errors the simulator reports itself.
 */
export function sandboxBodyParsers(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(null, { [BAD_JSON]: true });
    }
  });
}

export const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const validEmail = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 254 && EMAIL.test(value);
