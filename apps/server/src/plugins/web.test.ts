import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestContext } from '../../test/helpers';
import { ensureClient, grantAuthority } from '../modules/clients/clients.repository';
import { ROLE_ADMIN } from './auth';

// A built web app in miniature: the shell, and a server-rendering entry that counts its renders and
// reads the API as the real one does.
const HEAD_SCRIPT = `(()=>{document.documentElement.setAttribute("data-account","visitor")})();`;
const SHELL = `<!doctype html><html><head><script>${HEAD_SCRIPT}</script><title>t</title><script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/react.js"></head><body><div id="root"></div></body></html>`;
const ENTRY = `
let renders = 0;
export async function renderPage(url, getJson) {
  // As the app's router: without regard to case or a trailing slash.
  const path = new URL(url).pathname.toLowerCase().replace(/(.)\\/$/, '$1');
  if (path === '/broken') throw new Error('cannot render');
  // A template's page: its name in the title and the heading, escaped as React escapes text.
  if (path.startsWith('/templates/')) {
    const template = await getJson('/api/project-plans/' + path.slice('/templates/'.length));
    if (!template) return null;
    const name = template.product_name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&#x27;');
    return { head: '<title>' + name + '</title>', body: '<h1>' + name + '</h1>' };
  }
  if (path !== '/' && path !== '/plans') return null;
  renders += 1;
  const plans = await getJson('/api/plan/get');
  const missing = await getJson('/api/project-plans/no-such-plan');
  return {
    head: '<style>.page{}</style>',
    body: '<link rel="preload" as="image" href="/logo.svg"/><h1>Rendered ' + renders + '</h1><p>' + plans.data.length + ' plans, missing ' + String(missing) + '</p>',
  };
}`;

describe('public pages rendered on the server', () => {
  let ctx: TestContext;
  let root: string;
  const page = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'dpp-web-'));
    mkdirSync(join(root, 'dist', 'assets'), { recursive: true });
    mkdirSync(join(root, 'dist-server'));
    writeFileSync(join(root, 'dist', 'index.html'), SHELL);
    writeFileSync(join(root, 'dist', 'assets', 'index-B4x9Qe.js'), 'export {};');
    writeFileSync(join(root, 'dist', 'assets', 'index-B4x9Qe.js.br'), 'brotli bytes');
    writeFileSync(join(root, 'dist', 'favicon.ico'), 'icon');
    writeFileSync(join(root, 'dist', 'robots.txt'), 'User-agent: *');
    mkdirSync(join(root, 'dist', 'images'));
    writeFileSync(join(root, 'dist', 'images', 'cover.avif'), 'avif');
    writeFileSync(join(root, 'dist-server', 'entry-server.js'), ENTRY);
    ctx = await buildTestApp({ WEB_DIST_DIR: join(root, 'dist') });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the page as HTML with its data, its styles in the head and its scripts at low priority', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toMatch(/<div id="root"><h1>Rendered \d+<\/h1><p>[1-9]\d* plans, missing undefined<\/p><\/div>/);
    expect(res.body).toContain('<link rel="preload" as="image" href="/logo.svg"/><style>.page{}</style></head>');
    expect(res.body).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index.js">');
    expect(res.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin');
  });

  it("allows the pages' inline head script by its hash, and no other inline script", async () => {
    const res = await page('/');
    expect(res.body).toContain(`<script>${HEAD_SCRIPT}</script>`);
    const scriptSources = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1]?.split(' ');
    const hash = `'sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}'`;
    expect(scriptSources?.filter((source) => source.startsWith("'sha"))).toEqual([hash]);
    expect(scriptSources).not.toContain("'unsafe-inline'");
  });

  it('renders a page once, then answers from its copy (304 for a browser that holds it), until the catalogue changes', async () => {
    const first = await page('/plans');
    const again = await page('/plans');
    expect(again.body).toBe(first.body);
    const cached = await page('/plans', { 'if-none-match': String(first.headers.etag) });
    expect(cached.statusCode).toBe(304);

    await ctx.app.changes.publish('catalogue_changed');
    const after = await page('/plans');
    expect(after.body).not.toBe(first.body);
    expect(after.body).toContain('<div id="root"><h1>Rendered');
  });

  it('leaves to the browser a page it does not render, one that fails, and any other way of writing an address', async () => {
    for (const url of ['/somewhere', '/broken', '/?ref=mail', '/plans?x=1', '/Plans', '/plans/']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL);
    }
    // The server still works after a render failed.
    expect((await page('/plans')).body).toContain('Rendered');
  });

  it("shows a template whose name holds replacement patterns ($`, $', $&) literally, in one page", async () => {
    const admin = await signedInUser(ctx.app, 'web-admin@example.com');
    await grantAuthority(ctx.app.db, (await ensureClient(ctx.app.db, 'web-admin@example.com')).id, ROLE_ADMIN);
    const name = "$` $' $&";
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/project-plans',
      headers: admin.auth,
      payload: { product_name: name, category: 'Training', active: true },
    });
    expect(created.statusCode, created.body).toBe(200);
    const shown = '$` $&#x27; $&amp;';

    const res = await page(`/templates/${created.json().slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body.match(/<!doctype html>/gi)).toHaveLength(1);
    expect(res.body).toContain(`<title>${shown}</title></head>`);
    expect(res.body).toContain(`<div id="root"><h1>${shown}</h1></div>`);
    expect(res.body.length).toBeLessThan(SHELL.length + 200);
  });

  it('caches hashed assets for a year, compressed or not, and has the browser revalidate every other file', async () => {
    const asset = (url: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url, headers });
    for (const encoding of ['identity', 'br']) {
      const res = await asset('/assets/index-B4x9Qe.js', { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding === 'br' ? 'br' : undefined);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }

    for (const url of ['/favicon.ico', '/robots.txt', '/images/cover.avif']) {
      const res = await asset(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      // Revalidation is cheap: the browser's copy is confirmed without the body.
      const again = await asset(url, { 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode, url).toBe(304);
    }
    const shell = await ctx.app.inject({ method: 'GET', url: '/somewhere', headers: { accept: 'text/html' } });
    expect(shell.headers['cache-control']).toBe('no-cache');
  });

  it('answers an unknown API path with the JSON not-found error, not a page', async () => {
    const res = await page('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
