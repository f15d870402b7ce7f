import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CachedBodies, CachedBody, sendEncoded } from '../lib/cached-json';
import { escapeHtml } from '../lib/escape-html';
import { apiNotFound } from './errors';

/** Rendered pages kept at most this long; a catalogue change drops them at once on every instance. */
const PAGE_TTL_MS = 5 * 60 * 1000;
/** More distinct pages than the site has (templates included): past it, the cache starts again. */
const MAX_CACHED_PAGES = 1000;
const HTML = 'text/html; charset=utf-8';

/**
 * Hashed assets never change under their name: a year, immutable. Every other file (index.html, the icons,
 * robots.txt, the images) keeps its name across releases, so the browser revalidates it (a 304 while unchanged)
 * and a release shows at once.
 */
function cacheControlFor(webDistDir: string, path: string): string {
  const hashed = path.startsWith(resolve(webDistDir, 'assets') + sep);
  return hashed ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** A classic or module script written in the page (not a `src`, not data such as the page's JSON). */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The texts of the inline scripts of the web app's pages (its index.html, which every page is built from), for the
 * content security policy to allow by their hashes: the head script that marks the account before the first paint
 * (ADR 0051). None without a web build.
 */
export function pageInlineScripts(webDistDir: string | undefined): string[] {
  const index = webDistDir === undefined ? '' : join(webDistDir, 'index.html');
  if (!index || !existsSync(index)) return [];
  return [...readFileSync(index, 'utf8').matchAll(INLINE_SCRIPT)]
    .map((match) => match[1] ?? '')
    .filter((script) => script.trim() !== '');
}

/** The web app's server-rendering entry (apps/web/src/entry-server.tsx). */
interface PageRenderer {
  renderPage(
    url: string,
    getJson: (path: string) => Promise<unknown>,
  ): Promise<{ head: string; body: string; title?: string } | null>;
}

/**
 * Public pages rendered to HTML on the server, so a visitor sees the page before any script has run; the
 * browser then hydrates it. Each page is rendered once and kept (encoded and gzipped) until the catalogue
 * changes or it expires. A page that cannot be rendered here is drawn by the browser from index.html.
 */
function prerenderedPages(app: FastifyInstance, webDistDir: string) {
  const entry = join(webDistDir, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  // The page shows without its scripts; fetched at low priority, they do not hold up its first paint.
  const shell = readFileSync(join(webDistDir, 'index.html'), 'utf8').replace(
    /<(script type="module"|link rel="modulepreload") /g,
    '<$1 fetchpriority="low" ',
  );
  let renderer: Promise<PageRenderer> | undefined;
  const pages = new CachedBodies<string | null>(MAX_CACHED_PAGES);

  // The page reads the API as a visitor's browser would, in-process.
  const getJson = async (path: string) => {
    const response = await app.inject({ method: 'GET', url: path, headers: { accept: 'application/json' } });
    return response.statusCode === 200 ? response.json() : undefined;
  };

  const render = async (path: string): Promise<string | null> => {
    renderer ??= import(pathToFileURL(entry).href) as Promise<PageRenderer>;
    const page = await (await renderer).renderPage(`http://localhost${path}`, getJson);
    if (!page) return null;
    // React emits the preloads it found (the logo) ahead of the markup; they belong in the head.
    const preloads = /^(?:<link [^>]*>)*/.exec(page.body)?.[0] ?? '';
    // Replacer functions, not replacement strings: the page holds catalogue text, where a `$&` or `$'` would be
    // read as a pattern and copy the page into itself.
    const titled =
      page.title === undefined
        ? shell
        : shell.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title ?? '')}</title>`);
    return titled
      .replace('</head>', () => `${preloads}${page.head}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${page.body.slice(preloads.length)}</div>`);
  };

  const renderedPage = (path: string) =>
    new CachedBody(
      () => render(path),
      PAGE_TTL_MS,
      (html) => html ?? '',
    );
  app.changes.subscribe('catalogue_changed', () => pages.clear());

  return async (path: string) => {
    const page = pages.get(path, () => renderedPage(path));
    try {
      const encoded = await page.get();
      if (encoded.value !== null) return encoded;
    } catch (error) {
      app.log.warn({ err: error, path }, 'page could not be rendered on the server; the browser draws it');
    }
    // Not a rendered page (or its data is missing): nothing worth keeping.
    pages.delete(path);
    return undefined;
  };
}

/**
 * Serves the built single-page app: hashed assets cached for a year, precompressed .br/.gz
 * variants when the browser takes them, public pages rendered on the server, and index.html for any
 * other page the SPA routes itself.
 */
export async function registerWeb(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  if (webDistDir === undefined || !existsSync(join(webDistDir, 'index.html'))) {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send(apiNotFound()));
    return;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    preCompressed: true,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('cache-control', cacheControlFor(webDistDir, path));
    },
  });
  const prerendered = prerenderedPages(app, webDistDir);

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    // Rendered here: each page at its one address, so no one can make the server render a page anew by
    // writing it another way (a query, capitals, a trailing slash). Any other address is drawn by the browser.
    const { url } = request;
    const canonical = !url.includes('?') && url === url.toLowerCase() && (url === '/' || !url.endsWith('/'));
    const rendered = canonical ? await prerendered?.(url) : undefined;
    if (rendered) return sendEncoded(request, reply, rendered, HTML);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };

  app.get('/', { schema: { hide: true } }, sendPage);

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      (request.headers.accept ?? '').includes('text/html');
    // The SPA draws its own not-found page for unknown paths.
    if (wantsPage) return sendPage(request, reply);
    return reply.code(404).send(apiNotFound());
  });
}
