import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './errors';

const HASHED_ASSET = /\/assets\//;

/** Hashed assets never change; index.html must always be revalidated so a release shows at once. */
function cacheControlFor(path: string): string {
  if (HASHED_ASSET.test(path)) return 'public, max-age=31536000, immutable';
  if (path.endsWith('.html')) return 'no-cache';
  return 'public, max-age=86400';
}

/**
 * Serves the built single-page app: hashed assets cached for a year, precompressed .br/.gz
 * variants when the browser takes them, and index.html for any other page the SPA routes itself.
 */
export async function registerWeb(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  const hasWeb = webDistDir !== undefined && existsSync(join(webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      preCompressed: true,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(reply, path) {
        reply.header('cache-control', cacheControlFor(path));
      },
    });
  }

  if (hasWeb) {
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (hasWeb && wantsPage) {
      // The SPA draws its own not-found page for unknown paths.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(apiNotFound());
  });
}
