import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TEMPLATES } from '../apps/server/src/db/seed-data/templates';
import { SANDBOX_OAUTH_CLIENT } from '../apps/server/src/ports/task-tool.port';
import { E2E_ADMIN } from './admin';
import { baseUrl, expectAccessible, launchBrowser, newPage, settled } from './browser';
import { freshEmail } from './mailbox';
import { FREE_TEMPLATE, openTakenCopy } from './plan-editor';
import { connectSandboxAsana, findNode, type TreeNode } from './sandbox';
import { activatedUser } from './session';

let browser: Browser;
let adminToken: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const signIn = await fetch(`${baseUrl()}/api/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  });
  adminToken = ((await signIn.json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  await browser.close();
});

/** A signed-up, verified, activated and signed-in account (the accounts journeys test those screens). */
async function newMember(page: Page, label: string) {
  const email = freshEmail(label);
  await activatedUser(page, email, { given: 'Ada', family: 'Lovelace' });
  return email;
}

/** From the free template's page to the connect step with Asana chosen. */
async function toConnectStep(page: Page) {
  await page.goto(`/project-plans/${FREE_TEMPLATE}`);
  await page.getByRole('button', { name: 'Get Project Plan' }).click();
  await page.waitForURL((url) => url.pathname === '/upload-action');
  await page.getByText('Select your work management tool').waitFor();
  expect(await page.getByRole('link', { name: /Need to create an account\?/ }).count()).toBe(3);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.waitForURL((url) => url.pathname === '/upload-action/connect');
  await page.getByRole('button', { name: 'Connect with Asana' }).waitFor();
  await expectAccessible(page);
}

const errorNotice = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('upload wizard', () => {
  it('guards every step: no payment state, no plan, no connection', async () => {
    const { page, context } = await newPage(browser);
    await newMember(page, 'upload-guards');
    await page.goto('/upload-action');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/upload-action/select-workspace');
    await page.waitForURL((url) => url.pathname === '/project-plans');
    await page.goto('/upload-action/upload/success');
    await page.waitForURL((url) => url.pathname === '/project-plans');
    await page.goto('/upload-action/connect');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/upload-action/select-team');
    await page.waitForURL(
      (url) => url.pathname === '/upload-action/select-workspace' || url.pathname === '/project-plans',
    );
    await context.close();
  });

  it('sends the user to the consent page with a session-bound state and PKCE, and refuses a forged return', async () => {
    const { page, context } = await newPage(browser);
    await newMember(page, 'upload-connect');
    await toConnectStep(page);
    // Stop at the consent page: read where the connect button sends the browser.
    const consent = page.waitForRequest((r) => r.url().includes('/sandbox/asana/-/oauth_authorize'));
    await page.getByRole('button', { name: 'Connect with Asana' }).click();
    const link = new URL((await consent).url());
    await page.waitForURL((url) => url.pathname === '/sandbox/asana/-/oauth_authorize');
    expect(link.searchParams.get('client_id')).toBe(SANDBOX_OAUTH_CLIENT.clientId);
    expect(link.searchParams.get('response_type')).toBe('code');
    expect(link.searchParams.get('code_challenge_method')).toBe('S256');
    expect(link.searchParams.get('redirect_uri')).toBe(`${baseUrl()}/upload-action/connect/asana`);
    expect(link.searchParams.get('state')?.length).toBeGreaterThanOrEqual(32);

    // A return with a state this session never got is refused: 'Error', and back to the connect button.
    await page.goto(`/upload-action/connect/asana?code=stolen-code&state=${'x'.repeat(43)}`);
    await errorNotice(
      page,
      'This connection link has expired or was not started from your session. Please connect again.',
    );
    await page.waitForURL((url) => url.pathname === '/upload-action/connect/asana' && url.search === '');
    await page.getByRole('button', { name: 'Connect with Asana' }).waitFor();
    await context.close();
  });

  it('changes no browser’s session with a token in the address of /oauth2/handler', async () => {
    // A real, live session of another account, as an attacker would put in a link.
    const signIn = await fetch(`${baseUrl()}/api/identity/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
    });
    const token = ((await signIn.json()) as { access_token: string }).access_token;
    const link = `/oauth2/handler?token=${encodeURIComponent(token)}`;
    /** Every request of the page, besides opening the link itself, that carried the link's token anywhere. */
    const leaks = (page: Page) => {
      const seen: string[] = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.url() === `${baseUrl()}${link}`) return;
        if (`${request.url()} ${request.headers().authorization ?? ''}`.includes(token)) seen.push(request.url());
      });
      return seen;
    };

    // A browser signed in to nobody stays so: it is asked to sign in, and comes back to the workspace step after.
    const fresh = await newPage(browser);
    const freshLeaks = leaks(fresh.page);
    await fresh.page.goto(link);
    await fresh.page.waitForURL((url) => url.pathname === '/user-login');
    expect(fresh.page.url()).not.toContain('token=');
    expect(await fresh.page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(await fresh.page.evaluate(() => localStorage.getItem('authUser'))).toBeNull();
    expect(await fresh.page.evaluate(() => localStorage.getItem('redirectUri'))).toContain(
      '/upload-action/select-workspace',
    );
    expect(freshLeaks).toEqual([]);
    await fresh.context.close();

    // A signed-in browser keeps its own session and goes on to the workspace step.
    const own = await newPage(browser);
    const email = await newMember(own.page, 'handler-owner');
    const before = await own.page.evaluate(() => localStorage.getItem('accessToken'));
    const ownLeaks = leaks(own.page);
    await own.page.goto(link);
    await own.page.waitForURL((url) => url.pathname !== '/oauth2/handler');
    expect(own.page.url()).not.toContain('token=');
    expect(await own.page.evaluate(() => localStorage.getItem('accessToken'))).toBe(before);
    const whoAmI = await fetch(`${baseUrl()}/api/identity/current-user`, {
      headers: { authorization: `Bearer ${before}` },
    });
    expect(((await whoAmI.json()) as { attributes: { email: string } }).attributes.email).toBe(email);
    expect(ownLeaks).toEqual([]);
    await own.context.close();
  });

  it('uploads the free template into the Asana simulator: consent, workspace, team, success, feedback', async () => {
    const { page, context } = await newPage(browser);
    const email = await newMember(page, 'upload-asana');
    await toConnectStep(page);
    await page.getByRole('button', { name: 'Connect with Asana' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/asana/'));
    await page.getByLabel('Sandbox account e-mail').fill(email);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.pathname === '/upload-action/select-workspace');
    await page.getByRole('radio').first().waitFor();
    // Each step is headed by what Asana lists there: its workspaces, then the chosen workspace's teams.
    await page.getByRole('heading', { name: 'Select Workspace' }).waitFor();
    await page.getByText('Your Asana workspaces are listed below').waitFor();
    await expectAccessible(page);
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/upload-action/select-team');
    await page.getByRole('heading', { name: 'Select Team' }).waitFor();
    await page.getByRole('button', { name: 'Upload action plan' }).click();
    await page.getByText('Please Select Team').waitFor();
    await page.getByRole('radio').first().check();
    // While the upload job is being followed, sample whether the header is locked.
    await page.evaluate(() => {
      const w = window as unknown as { lockSamples: boolean[] };
      w.lockSamples = [];
      window.setInterval(() => {
        const header = document.querySelector('header.site-header');
        if (header && sessionStorage.getItem('uploadJob')) w.lockSamples.push(header.hasAttribute('inert'));
      }, 10);
    });
    await page.getByRole('button', { name: 'Upload action plan' }).click();
    await page.waitForURL((url) => url.pathname === '/upload-action/asana/upload/success');
    await page.getByText('Your plan has been uploaded').first().waitFor();
    // The feedback form opens on its own, and its answer is stored.
    const dialog = page.getByRole('dialog');
    await dialog.getByText('How was your upload?').waitFor();
    const samples = await page.evaluate(() => (window as unknown as { lockSamples: boolean[] }).lockSamples);
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.every(Boolean)).toBe(true);
    expect(await page.locator('header.site-header').getAttribute('inert')).toBeNull();
    // After success the payment marker, the plan id and the followed job are gone.
    expect(
      await page.evaluate(() => [
        localStorage.getItem('pymt'),
        localStorage.getItem('planID'),
        sessionStorage.getItem('uploadJob'),
      ]),
    ).toEqual([null, null, null]);
    await expectAccessible(page);
    await dialog.getByRole('radio').nth(4).click();
    await dialog.getByRole('button', { name: 'Send Feedback' }).click();
    await errorNotice(page, 'Your feedback has been saved.');
    await page.getByRole('button', { name: 'Upload Another Plan' }).waitFor();
    // The new project is a link away, at the address Asana gave it.
    const open = page.getByRole('link', { name: /^Open your project in Asana/ });
    expect(new URL((await open.getAttribute('href'))!).pathname).toMatch(/^\/sandbox\/asana\/0\/\d+\/list$/);
    // A template sent straight from its page is not one of My Plans: Done leads there, to the member's plans.
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL((url) => url.pathname === '/my-plans');

    // The simulator holds exactly the template: every section, task and subtask, in order.
    const template = SEED_TEMPLATES.find((t) => t.slug === FREE_TEMPLATE)!;
    const index = (await (await fetch(`${baseUrl()}/sandbox/asana/index.json`)).json()) as {
      accounts: { email: string; tree: TreeNode[] }[];
    };
    const tree = index.accounts.find((a) => a.email === email)!.tree;
    const project = findNode(tree, (n) => n.kind === 'project' && n.name === template.product_name);
    expect(project).toBeDefined();
    const shape = (nodes: TreeNode[]): unknown => nodes.map((n) => ({ name: n.name, children: shape(n.children) }));
    expect(shape(project!.children)).toEqual(
      template.plan.sections.map((s) => ({
        name: s.name,
        children: s.tasks.map((t) => ({
          name: t.name,
          children: t.subtasks.map((st) => ({ name: st.name, children: [] })),
        })),
      })),
    );
    // The campaign tag for the uploaded plan reached the CRM (the local one records it).
    await expect
      .poll(async () => {
        const events = await fetch(`${baseUrl()}/api/active-campaign/events?email=${encodeURIComponent(email)}`, {
          headers: { authorization: `Bearer ${adminToken}` },
        });
        return (await events.json()) as { kind: string; detail: { tag?: string } }[];
      })
      .toContainEqual(
        expect.objectContaining({
          kind: 'tag_added',
          detail: expect.objectContaining({ tag: expect.stringMatching(/^DPP Plan Uploaded \d+$/) }),
        }),
      );
    await page.goto('/sandbox/asana');
    await page.getByText(template.product_name).first().waitFor();
    await context.close();
  });

  it('sends a plan of My Plans: its project opens from the success page, Done returns to it, and sending it again asks no consent', async () => {
    const { page, context } = await newPage(browser);
    const email = await newMember(page, 'send-again');
    const { id } = await openTakenCopy(page, FREE_TEMPLATE);
    const consents: string[] = [];
    page.on('request', (request) => {
      const consentPage = request.method() === 'GET' && request.url().includes('/sandbox/asana/-/oauth_authorize');
      if (request.isNavigationRequest() && consentPage) {
        consents.push(request.url());
      }
    });
    const toConnect = async () => {
      await page.goto(`/my-plans/${id}`);
      await page.getByRole('button', { name: 'Send to a task tool' }).click();
      await settled(page).getByRole('button', { name: 'Choose the tool' }).click();
      await page.waitForURL((url) => url.pathname === '/upload-action');
      await page.getByRole('button', { name: 'Next Step' }).click();
    };

    await toConnect();
    await connectSandboxAsana(page, email);
    expect(consents).toHaveLength(1);
    await page.getByRole('button', { name: 'Upload action plan' }).click();
    await page.waitForURL((url) => url.pathname === '/upload-action/asana/upload/success');
    await page.getByRole('dialog').getByRole('button', { name: 'Skip' }).click();
    const open = page.getByRole('link', { name: /^Open your project in Asana/ });
    const projectPage = new URL((await open.getAttribute('href'))!).pathname;
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL((url) => url.pathname === `/my-plans/${id}`);
    // The address leads to the project the plan became.
    await page.goto(projectPage);
    await page.getByRole('heading', { level: 1, name: /Project Planning Made Easy/ }).waitFor();

    // Sending it again: the stored connection stands, so no consent page, only who it is connected as.
    await toConnect();
    await page.getByText(`You are connected to Asana as ${email}.`).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/upload-action/select-workspace');
    await page.getByRole('radio').first().waitFor();
    expect(consents).toHaveLength(1);
    await context.close();
  });

  const OTHER_TOOLS = [
    {
      name: 'ClickUp',
      radio: 'ClickUp',
      tool: 'clickup',
      heading: 'Select Space',
      success: '/upload-action/clickup/upload/success',
      project: /^\/sandbox\/clickup\/\d+\/v\/o\/f\/\w+$/,
    },
    {
      name: 'monday.com',
      radio: 'monday.com',
      tool: 'monday',
      heading: 'Select Space',
      success: '/upload-action/upload/success',
      project: /^\/sandbox\/monday\/boards\/\d+$/,
    },
  ] as const;

  for (const target of OTHER_TOOLS) {
    it(`uploads the free template into the ${target.name} simulator, straight from the space choice`, async () => {
      const { page, context } = await newPage(browser);
      const email = await newMember(page, `upload-${target.tool}`);
      await page.goto(`/project-plans/${FREE_TEMPLATE}`);
      await page.getByRole('button', { name: 'Get Project Plan' }).click();
      await page.waitForURL((url) => url.pathname === '/upload-action');
      await page.getByRole('radio', { name: target.radio }).check();
      await page.getByRole('button', { name: 'Next Step' }).click();
      await page.getByRole('button', { name: `Connect with ${target.name}` }).click();
      await page.waitForURL((url) => url.pathname.startsWith(`/sandbox/${target.tool}/`));
      await page.getByLabel('Sandbox account e-mail').fill(email);
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForURL((url) => url.pathname === '/upload-action/select-workspace');
      // Headed by what the tool lists: ClickUp's spaces under their Workspace, monday.com's workspaces.
      await page.getByRole('heading', { name: target.heading }).waitFor();
      if (target.tool === 'clickup') {
        await page
          .getByRole('group', { name: /'s Workspace$/ })
          .getByRole('radio', { name: 'Team Space' })
          .waitFor();
        await expectAccessible(page);
      }
      await page.getByRole('button', { name: 'Upload action plan' }).click();
      await page.getByText('Please Select Workspace').waitFor();
      if (target.tool === 'monday') {
        // A new monday workspace for the plan, made from the wizard.
        await page.getByRole('link', { name: 'Create Workspace' }).click();
        await page.waitForURL((url) => url.pathname === '/create-workspace');
        const create = page.getByRole('button', { name: 'Create Workspace' });
        expect(await create.isDisabled()).toBe(true);
        await expectAccessible(page);
        await page.getByLabel('Workspace name').fill('Launch Space');
        await create.click();
        await errorNotice(page, 'Workspace Created');
        await page.waitForURL((url) => url.pathname === '/upload-action/select-workspace');
        await page.getByRole('radio', { name: 'Launch Space' }).check();
      } else {
        await page.getByRole('radio').first().check();
      }
      await page.getByRole('button', { name: 'Upload action plan' }).click();
      await page.waitForURL((url) => url.pathname === target.success);
      await page.getByRole('dialog').getByText('How was your upload?').waitFor();
      const open = page.getByRole('link', { name: new RegExp(`^Open your project in ${target.name}`) });
      expect(new URL((await open.getAttribute('href'))!).pathname).toMatch(target.project);

      const template = SEED_TEMPLATES.find((t) => t.slug === FREE_TEMPLATE)!;
      const index = (await (await fetch(`${baseUrl()}/sandbox/${target.tool}/index.json`)).json()) as {
        accounts: { email: string; tree: TreeNode[] }[];
      };
      const tree = index.accounts.find((a) => a.email === email)!.tree;
      const project = findNode(tree, (n) => n.name === template.product_name);
      expect(project).toBeDefined();
      const shape = (nodes: TreeNode[]): unknown => nodes.map((n) => ({ name: n.name, children: shape(n.children) }));
      expect(shape(project!.children)).toEqual(
        template.plan.sections.map((s) => ({
          name: s.name,
          children: s.tasks.map((t) => ({
            name: t.name,
            children: t.subtasks.map((st) => ({ name: st.name, children: [] })),
          })),
        })),
      );
      await context.close();
    });
  }
});
