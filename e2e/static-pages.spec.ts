import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, headerMenu, launchBrowser, newPage, waitForTakeover } from './browser';
import { activatedUser } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const PAGES: { path: string; text: string | RegExp }[] = [
  { path: '/about', text: /Our Mission/ },
  { path: '/terms-of-use', text: /arbitration/i },
  { path: '/support', text: 'Save Your Spot Now' },
  { path: '/privacy-policy', text: /Missouri/ },
  { path: '/contact-us', text: /Contact Support/ },
  { path: '/country', text: 'Select your country' },
  { path: '/no-permissions', text: "Unfortunately, you don't have permission." },
  { path: '/resources', text: 'Join the Community' },
];

/** The pages the server renders (routes marked `islandsPage()` or `formPage()` in apps/web/src/app/router.tsx), with a heading each shows. */
const PRERENDERED: { path: string; heading: RegExp }[] = [
  { path: '/', heading: /AI project planning/i },
  { path: '/project-plans', heading: /Project Plans/ },
  { path: '/project-plans/project-planning-made-easy-with-5-simple-principles', heading: /5 Simple Principles/ },
  { path: '/ai', heading: /Project Planning/ },
  { path: '/register', heading: /Welcome to Digital Project Planner/ },
  { path: '/user-login', heading: /Your Journey Starts Here/ },
  { path: '/reset-password', heading: /Forgot your password/ },
  { path: '/about', heading: /About Us/ },
  { path: '/contact-us', heading: /Contact Us/ },
  { path: '/country', heading: /Select your country/ },
  { path: '/appsumo', heading: /AppSumo/ },
  { path: '/resources', heading: /Resources/ },
];

describe('pages rendered on the server', () => {
  for (const { path, heading } of PRERENDERED) {
    it(`${path} arrives as HTML with its content, and the browser takes it over without a mismatch`, async () => {
      const response = await fetch(baseUrl() + path, { headers: { accept: 'text/html' } });
      const html = await response.text();
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root).toMatch(/<h1[^>]*>/);
      expect(root.replace(/<[^>]+>/g, '')).toMatch(heading);

      const { page, context } = await newPage(browser);
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(path, { waitUntil: 'networkidle' });
      await waitForTakeover(page);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('shows a signed-in member their own header', async () => {
    const { page, context } = await newPage(browser);
    await activatedUser(page, 'rendered-page-member@example.com', { given: 'Ada', family: 'Lovelace' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/about', { waitUntil: 'networkidle' });
    await headerMenu(page.getByRole('navigation', { name: 'Main' }), 'Ada').waitFor();
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('static pages', () => {
  for (const { path, text } of PAGES) {
    it(`${path} renders its content and passes axe`, async () => {
      const { page, context } = await newPage(browser);
      await page.goto(path);
      await page.getByText(text).first().waitFor();
      expect(await page.locator('h1').count()).toBe(1);
      await expectAccessible(page);
      await context.close();
    });
  }

  it('shows the not-found page for unknown paths, with a way back', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/no/such/page');
    await page.getByText('Oops!').waitFor();
    await page.getByText('Unfortunately, we can not find this page.').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Back to main page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('searches countries by any part of the name', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/country');
    await page.getByText('United States', { exact: true }).first().waitFor();
    await page.getByRole('combobox').click();
    await page.keyboard.type('ingdo');
    const options = page.locator('.ant-select-item-option');
    // The list may open on the focused box a moment before the typed text reaches its search.
    await expect.poll(() => options.allTextContents()).toEqual(['United Kingdom']);
    await context.close();
  });

  it('reaches /resources from the header, which links the blog, an expert, services, community and support', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/about');
    await page.locator('h1').waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await headerMenu(nav, 'Resources').click();
    await nav.getByRole('link', { name: 'All Resources' }).click();
    await page.waitForURL('**/resources');
    await page.getByRole('heading', { level: 1, name: 'Resources' }).waitFor();
    expect(await page.getByText('Oops!').count()).toBe(0);
    const main = page.getByRole('main');
    const external = [
      ['Read the Blog', /^https:\/\/blog\./],
      ['Hire an Expert', /hire-an-expert/],
      ['See Our Services', /services/],
      ['Join the Community', /^https:\/\/community\./],
    ] as const;
    for (const [name, href] of external) {
      const link = main.getByRole('link', { name: new RegExp(`^${name}`) });
      expect(await link.getAttribute('href'), name).toMatch(href);
      expect(await link.getAttribute('target'), name).toBe('_blank');
    }
    await main.getByRole('link', { name: 'Get Support' }).click();
    await page.waitForURL('**/support');
    await context.close();
  });

  it("works as HTML where no script runs: the header's menus, the support page's questions, a visitor's Login", async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/support');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await headerMenu(nav, 'Resources').click();
    await nav.getByRole('link', { name: 'All Resources' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    const answer = page.getByText('Resale of project plans and other content is governed');
    expect(await answer.isVisible()).toBe(false);
    await page.getByText('Can I resell the project plans?').click();
    await answer.waitFor();
    await context.close();
  });

  it('answers /favicon.ico with the icon', async () => {
    const { page, context } = await newPage(browser);
    const response = await page.goto('/favicon.ico');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/^image\//);
    expect((await response?.body())?.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
    await context.close();
  });

  it('opens the blog in a new tab and comes back', async () => {
    const { page, context } = await newPage(browser);
    // The machine has no outside network: answer for the blog ourselves.
    await context.route(/^https:\/\/blog\./, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>Blog</p>' }),
    );
    const popup = page.waitForEvent('popup');
    await page.goto('/blog');
    expect((await popup).url()).toMatch(/^https:\/\/blog\./);
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('shows the back arrow everywhere but on the landing page', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await page.locator('h1').waitFor();
    expect(await page.getByRole('button', { name: 'Go back' }).count()).toBe(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await page.waitForURL('**/about');
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('scrolls to the top when navigating to a page without a hash', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/terms-of-use');
    await page
      .getByText(/arbitration/i)
      .first()
      .waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy-policy');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });
});
