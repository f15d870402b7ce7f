import { createHash, randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_OAUTH_CLIENT } from '../apps/server/src/ports/task-tool.port';
import { baseUrl, expectAccessible, launchBrowser, newPage } from './browser';
import { freshEmail } from './mailbox';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } = SANDBOX_OAUTH_CLIENT;

function authorizeUrl(state: string, challenge: string) {
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: `${baseUrl()}/oauth2/handler`,
    response_type: 'code',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `/sandbox/asana/-/oauth_authorize?${query}`;
}

/**
 * The address the consent page sends the browser back to, as its request asked for it: the app's handler page goes
 * on by itself (to the login, without a session), so the page's address a moment later is no longer it.
 */
async function sentBack(page: Page, button: Locator): Promise<URL> {
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.isNavigationRequest() && /\/oauth2\/handler\?/.test(r.url())),
    button.click(),
  ]);
  return new URL(request.url());
}

describe('Asana sandbox consent', () => {
  it('is accessible, and Deny sends the user back with error=access_denied and the state', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(authorizeUrl('deny-state', 'x'.repeat(43)));
    await expect.poll(() => page.locator('h1').textContent()).toContain('Asana sandbox');
    await expectAccessible(page);
    const back = await sentBack(page, page.getByRole('button', { name: 'Deny' }));
    expect(back.origin).toBe(baseUrl());
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('deny-state');
    expect(back.searchParams.get('code')).toBeNull();
    await context.close();
  });

  it('Allow sends back a code that, with the PKCE verifier, buys a token; the upload shows on the sandbox page', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const email = freshEmail('asana');
    const { page, context } = await newPage(browser);
    await page.goto(authorizeUrl('allow-state', challenge));
    await page.getByLabel('Sandbox account e-mail').fill(email);
    const back = await sentBack(page, page.getByRole('button', { name: 'Allow' }));
    expect(back.searchParams.get('state')).toBe('allow-state');
    const code = back.searchParams.get('code');
    expect(code).toBeTruthy();

    const token = await fetch(`${baseUrl()}/sandbox/asana/-/oauth_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uri: `${baseUrl()}/oauth2/handler`,
        code: code!,
        code_verifier: verifier,
      }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const api = (path: string, body?: unknown) =>
      fetch(`${baseUrl()}/sandbox/asana/api/1.0${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }).then((r) => r.json() as Promise<{ data: { gid: string } & Record<string, unknown> }>);
    const workspace = ((await api('/workspaces')) as unknown as { data: { gid: string }[] }).data[0]!;
    const team = ((await api(`/workspaces/${workspace.gid}/teams`)) as unknown as { data: { gid: string }[] }).data[0]!;
    const project = await api('/projects', { data: { name: 'Product <launch>', team: team.gid } });
    const section = await api(`/projects/${project.data.gid}/sections`, { data: { name: 'Research' } });
    await api('/tasks', {
      data: { name: 'Interview users', memberships: [{ project: project.data.gid, section: section.data.gid }] },
    });

    await page.goto('/sandbox/asana/');
    await expect.poll(() => page.getByText('Product <launch>').count()).toBe(1);
    await expect.poll(() => page.getByText('Interview users').count()).toBe(1);
    await expectAccessible(page);
    await context.close();
  });

  it('the ClickUp and monday.com sandbox pages are accessible', async () => {
    const { page, context } = await newPage(browser);
    for (const tool of ['clickup', 'monday']) {
      await page.goto(`/sandbox/${tool}/`);
      await expect.poll(() => page.locator('h1').textContent()).toContain('sandbox');
      await expectAccessible(page);
    }
    await page.goto(
      `/sandbox/monday/oauth2/authorize?client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(`${baseUrl()}/oauth2/handler`)}&state=s`,
    );
    await expectAccessible(page);
    await context.close();
  });
});
