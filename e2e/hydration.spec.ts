import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, MOBILE, newPage, waitForTakeover } from './browser';
import { activatedUser, PASSWORD } from './session';

let browser: Browser;
beforeAll(async () => {
  // The full browser: these journeys act before and after the first interaction, which the shell's pointer blurs.
  browser = await launchBrowser({ fullBrowser: true });
});
afterAll(async () => {
  await browser.close();
});

/** Errors the page reports: React's hydration mismatch (#418) arrives as a console error. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Holds the code that takes the page over (the app's entry module, main-*.js, or the islands runtime,
 * islands-*.js) until released, so a test can act on the server's page before the browser has taken it over.
 */
async function holdApp(page: Page): Promise<{ release: () => void; requested: Promise<void> }> {
  let markRequested: () => void = () => {};
  const requested = new Promise<void>((resolve) => {
    markRequested = resolve;
  });
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/(main|islands)-[^/]*\.js$/, async (route) => {
    markRequested();
    await released;
    // A navigation may have cancelled the request meanwhile.
    await route.continue().catch(() => {});
  });
  return { requested, release };
}

/** What each island of the landing page does when used, and how a test sees it was done (ADR 0033). */
const PLAN = '/project-plans/project-planning-made-easy-with-5-simple-principles';

/** What each island does when used, on a page that has it, and how a test sees it was done (ADR 0033). */
const ISLAND_USES: {
  island: string;
  path: string;
  use: (page: Page) => Promise<void>;
  done: (page: Page) => Promise<unknown>;
}[] = [
  {
    island: 'site-header',
    path: '/',
    use: (page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Resources' }).click(),
    done: (page) =>
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Resources' }).waitFor(),
  },
  {
    island: 'hero',
    path: '/',
    use: (page) => page.locator('.lp-hero__cta').click(),
    done: (page) => page.waitForURL('**/register'),
  },
  {
    island: 'feature-tabs',
    path: '/',
    use: (page) => page.getByRole('tab').nth(2).click(),
    done: (page) => page.getByRole('tab', { selected: true }).and(page.getByRole('tab').nth(2)).waitFor(),
  },
  {
    island: 'free-templates',
    path: '/project-plans',
    use: (page) =>
      page
        .getByRole('button', { name: /^Learn more about/ })
        .first()
        .click(),
    done: (page) => page.waitForURL(/\/project-plans\/[^/]+$/),
  },
  {
    island: 'contact-us-button',
    path: '/project-plans',
    use: (page) => page.getByRole('button', { name: 'Contact us' }).click(),
    done: (page) => page.waitForURL('**/contact-us'),
  },
  {
    island: 'get-project-plan',
    path: PLAN,
    use: (page) => page.getByRole('button', { name: 'Get Project Plan' }).click(),
    done: (page) => page.waitForURL('**/user-login'),
  },
  {
    island: 'plan-media',
    path: PLAN,
    use: async (page) => {
      // The machine has no outside network: the player's page is answered here.
      await page.route(/^https:\/\/player\.vimeo\.com\//, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<p>Player</p>' }),
      );
      await page.getByRole('button', { name: 'Watch the video' }).click();
    },
    done: (page) => page.locator('iframe[title$=" video"]').waitFor(),
  },
  {
    island: 'pricing',
    path: '/ai',
    // Until the page knows who is looking the button is marked busy (its text is the member's or the
    // visitor's); a click on it then is held all the same, and made once the island knows.
    use: (page) => page.locator('#prices .lp-price__button').first().click({ force: true }),
    done: (page) => page.waitForURL('**/register'),
  },
  {
    island: 'plan-tabs',
    path: PLAN,
    use: (page) => page.getByRole('tab', { name: "What's inside" }).click(),
    done: (page) => page.getByRole('tab', { name: "What's inside", selected: true }).waitFor(),
  },
  {
    island: 'support-faq',
    path: '/support',
    use: (page) => page.getByRole('button', { name: 'Can I resell the project plans?' }).click(),
    done: (page) => page.getByRole('button', { name: 'Can I resell the project plans?', expanded: true }).waitFor(),
  },
];

/** Every public page the server sends as islands. */
const ISLANDS_PAGES = [
  '/',
  '/project-plans',
  PLAN,
  '/ai',
  '/support',
  '/about',
  '/terms-of-use',
  '/privacy-policy',
  '/resources',
];

/** An activated member with `email`, signed in once in a browser of their own, then left. */
async function memberAccount(email: string): Promise<void> {
  const { page, context } = await newPage(browser);
  await activatedUser(page, email);
  await context.close();
}

const islandReady = (page: Page, island: string) =>
  page.evaluate((name) => document.querySelector(`[data-island="${name}"]`)?.hasAttribute('data-island-ready'), island);

describe('the islands of the public pages', () => {
  it.each(
    ISLAND_USES.flatMap((uses) => [
      { ...uses, when: 'before' },
      { ...uses, when: 'after' },
    ]),
  )(
    '$island ($path) does what it says when used $when the browser has taken it over',
    async ({ island, path, use, done, when }) => {
      const { page, context } = await newPage(browser);
      const errors = collectErrors(page);
      if (when === 'before') {
        const runtime = await holdApp(page);
        await page.goto(path);
        await runtime.requested;
        expect(await islandReady(page, island)).toBe(false);
        await use(page);
        // The click is held: nothing can happen while the code is held; once it runs, the click is carried out.
        runtime.release();
      } else {
        await page.goto(path);
        await waitForTakeover(page);
        // The wrapper draws no box: its content is what scrolls into view (and takes over a `visible` island).
        await page.locator(`[data-island="${island}"] > *`).first().scrollIntoViewIfNeeded();
        // An island taken over at the first touch: the pointer over it.
        await page.locator(`[data-island="${island}"] > *`).first().hover();
        await page.waitForFunction(
          (name) => document.querySelector(`[data-island="${name}"]`)?.hasAttribute('data-island-ready'),
          island,
        );
        await use(page);
      }
      await done(page);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it("a visitor's islands pages load no framework, app, router or antd until an island is used", async () => {
    for (const path of ISLANDS_PAGES) {
      // A phone's first screen (as Lighthouse's mobile preset): no island that draws antd is near it.
      const { page, context } = await newPage(browser, MOBILE);
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(path);
      await waitForTakeover(page);
      // The page's own code has run: it would have asked for the framework by now.
      await page.waitForLoadState('networkidle');
      // The landing page's feature tour is on a phone's first screen: it runs, without the framework.
      if (path === '/')
        await page.waitForFunction(() =>
          document.querySelector('[data-island="feature-tabs"]')?.hasAttribute('data-island-ready'),
        );
      expect(
        scripts.filter((script) => /\/(framework|main|router|antd[^/]*)-[^/]*\.js$/.test(script)),
        path,
      ).toEqual([]);
      await context.close();
    }
  });

  it('what an islands page draws outside its islands works as the server drew it: no control is disabled', async () => {
    // Nothing takes those parts over, so a control drawn disabled or a link without its address stays dead.
    const { page, context } = await newPage(browser);
    for (const path of ISLANDS_PAGES) {
      await page.goto(path);
      await waitForTakeover(page);
      const dead = await page.evaluate(() =>
        Array.from(document.querySelectorAll('a, button, input, select, textarea'))
          .filter((control) => !control.closest('[data-island]'))
          .filter((control) => control.matches('[disabled], [aria-disabled="true"], a:not([href])'))
          .map((control) => control.textContent?.trim() || control.outerHTML.slice(0, 120)),
      );
      expect(dead, path).toEqual([]);
    }
    // The support page's two ways to reach the team, as a visitor who opens it finds them.
    await page.goto('/support');
    await waitForTakeover(page);
    const call = page.getByRole('link', { name: 'Save Your Spot Now (opens in a new tab)' });
    expect(await call.getAttribute('href')).toMatch(/^https:\/\//);
    const mail = page.getByRole('link', { name: 'Email Us Now' });
    expect(await mail.getAttribute('href')).toMatch(/^mailto:.*subject=Support%20Request$/);
    await context.close();
  });

  it("a member's header is taken over as the page loads and shows them, never a visitor's Login link", async () => {
    const { page, context } = await newPage(browser);
    await activatedUser(page, 'islands-member@example.com', { given: 'Ada', family: 'Lovelace' });
    const runtime = await holdApp(page);
    await page.goto('/about');
    await runtime.requested;
    // Before the header is taken over the server's Login link holds its place, out of a member's sight.
    expect(await page.locator('.site-nav__login').isVisible()).toBe(false);
    runtime.release();
    await waitForTakeover(page);
    expect(await islandReady(page, 'site-header')).toBe(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Ada' }).waitFor();
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);
    await context.close();
  });

  it('the Login link followed before the header is taken over comes back to the page after signing in', async () => {
    const email = 'login-before-takeover@example.com';
    await memberAccount(email);

    const { page, context } = await newPage(browser);
    const runtime = await holdApp(page);
    await page.goto('/about');
    await runtime.requested;
    expect(await islandReady(page, 'site-header')).toBe(false);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/user-login');
    runtime.release();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/about');
    await context.close();
  });
});

describe('the server-rendered page and the app that takes it over', () => {
  it.each(['visitor', 'member'] as const)(
    'a direct load of /#prices hydrates without a mismatch, for a %s',
    async (who) => {
      const { page, context } = await newPage(browser);
      if (who === 'member') await activatedUser(page, 'hash-prices-member@example.com');
      const errors = collectErrors(page);
      await page.goto('/#prices', { waitUntil: 'networkidle' });
      await waitForTakeover(page);
      await page.locator('#prices li.lp-price').first().waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('a link clicked before the app has started still navigates', async () => {
    const { page, context } = await newPage(browser);
    const app = await holdApp(page);
    await page.goto('/about');
    await app.requested;
    // The app has not taken the page over: its code is held.
    expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy-policy');
    app.release();
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: /Privacy/ })
      .waitFor();
    await context.close();
  });

  it('a button clicked before the app has started does what it says once the app is up', async () => {
    const { page, context } = await newPage(browser);
    const app = await holdApp(page);
    await page.goto('/');
    await app.requested;
    expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
    const entries = await page.evaluate(() => window.history.length);
    // The hero's call to action, drawn by the server with a visitor's offer, shown in a browser without a session.
    await page.locator('main').getByRole('button', { name: 'Start Free 7-Day Trial' }).first().click();
    // Nothing can happen while the app's code is held; once it runs, the click is carried out, once.
    app.release();
    await page.waitForURL('**/register');
    await waitForTakeover(page);
    expect(await page.evaluate(() => window.history.length)).toBe(entries + 1);
    await context.close();
  });

  it('a menu clicked while the app is taking the page over opens, and stays open', async () => {
    const { page, context } = await newPage(browser);
    // A slow machine: the pointer reaches the menu while the app is still taking the page over, and the app
    // plays that hover back once it has (the menu opens), then the held click.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Eight times slower, the app is still taking the page over when the click lands (on a fast machine it may
    // have finished: the menu must open then too).
    await nav.getByRole('button', { name: 'Resources' }).click();
    await waitForTakeover(page);
    await nav.getByRole('link', { name: 'All Resources' }).click();
    await page.waitForURL('**/resources');
    await context.close();
  });

  it('a form page loads the app at the first interaction with it, not as it loads', async () => {
    const { page, context } = await newPage(browser, MOBILE);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const app = (list: string[]) => list.filter((script) => /\/(main|router|antd[^/]*)-[^/]*\.js$/.test(script));
    expect(app(scripts)).toEqual([]);
    await waitForTakeover(page);
    expect(app(scripts).length).toBeGreaterThan(0);
    await context.close();
  });

  it('what a visitor typed into a form before the app took it over is what the form submits', async () => {
    const email = 'typed-before-takeover@example.com';
    await memberAccount(email);

    const { page, context } = await newPage(browser);
    const app = await holdApp(page);
    await page.goto('/user-login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await app.requested;
    expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
    await page.getByRole('button', { name: 'Login' }).click();
    app.release();
    await page.waitForURL((url) => url.pathname === '/project-plans');
    await context.close();
  });

  it('a field left and a box ticked before the app took the form over are checked and sent as they were', async () => {
    const { page, context } = await newPage(browser);
    const app = await holdApp(page);
    await page.goto('/register');
    const email = page.getByLabel('Email');
    await email.fill('ada');
    await email.blur();
    await app.requested;
    app.release();
    // The address was left unfinished: its check runs once the app has it.
    await page.getByText('Please include "@" in the email address', { exact: true }).waitFor();

    const { page: second, context: secondContext } = await newPage(browser);
    const held = await holdApp(second);
    await second.goto('/register');
    await second.getByLabel('Email').fill('ticked-before-takeover@example.com');
    await second.getByLabel('Password').fill(PASSWORD);
    await second.getByRole('checkbox').check();
    await held.requested;
    expect(await second.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
    await second.getByRole('button', { name: 'Sign Up' }).click();
    held.release();
    await second.waitForURL('**/register/success');
    await secondContext.close();
    await context.close();
  });

  it('the country box pressed and typed into before the app took the page over opens on what was typed', async () => {
    const { page, context } = await newPage(browser);
    const app = await holdApp(page);
    await page.goto('/country');
    // The press is the visitor's first interaction: it asks for the app, which is held.
    await page.getByRole('combobox').click();
    await page.keyboard.type('ingdo');
    await app.requested;
    expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
    app.release();
    const options = page.locator('.ant-select-item-option');
    // The list may open on the focused box a moment before the typed text reaches its search.
    await expect.poll(() => options.allTextContents()).toEqual(['United Kingdom']);
    await options.first().click();
    await page.getByText(/United Kingdom \(GB\), dialling code/).waitFor();
    await context.close();
  });

  it('the country box pressed before the app took the page over opens its list once it has', async () => {
    const { page, context } = await newPage(browser);
    const app = await holdApp(page);
    await page.goto('/country');
    await page.getByRole('combobox').click();
    await app.requested;
    app.release();
    await page.locator('.ant-select-item-option').first().waitFor();
    await context.close();
  });

  it('a visitor who scrolled before the app took the page over stays where they were', async () => {
    const { page, context } = await newPage(browser);
    const app = await holdApp(page);
    await page.goto('/terms-of-use');
    await app.requested;
    await page.evaluate(() => window.scrollTo(0, 1500));
    app.release();
    await waitForTakeover(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(1500);
    await context.close();
  });
});
