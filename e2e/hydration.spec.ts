import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  expectNoSidewaysScroll,
  headerMenu,
  launchBrowser,
  MOBILE,
  newPage,
  waitForTakeover,
} from './browser';
import { activatedUser, PASSWORD, signedInBrowser, unactivatedUser } from './session';

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
});

/** The scripts a page asks for, by path, from now on. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** React, the app, its router, antd, the query cache or the code that takes an island over (ADR 0033). */
const FRAMEWORK_SCRIPT = /\/(framework|main|router|query|island-roots|antd[^/]*)-[^/]*\.js$/;

/**
 * What the page shows at its first frame: recorded by the first animation frame's callback, which runs before the
 * browser renders that frame (ADR 0051: the account's marks are set before the first paint).
 */
async function recordFirstFrame(page: Page): Promise<void> {
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      const shown = (selector: string) => {
        const element = document.querySelector(selector);
        return element !== null && (element as HTMLElement).offsetParent !== null;
      };
      (window as unknown as { firstFrame: unknown }).firstFrame = {
        login: shown('.site-nav .site-nav__login'),
        label: document.querySelector('[data-account-label]')?.textContent ?? null,
      };
    });
  });
}

/** Every entry the header draws for one account or another (ADR 0051: all are drawn, each shown to its own). */
const HEADER_ENTRIES = [
  'Login',
  'Premium',
  'My Plans',
  'My Account',
  'Administration',
  'Activate your Account',
  'Activate',
  'Logout',
  'Active Account',
  'Ada',
];
/** Text, not a control: read by a screen reader, never focused. */
const NOT_CONTROLS = ['Activate your Account'];
const COMMON_ENTRIES = ['Templates', 'Pricing', 'AI Planner', 'Resources', 'All Resources', 'Blog', 'Hire an Expert'];

/** The accounts whose headers differ, with the entries each is given (the account menu's label among them). */
const ACCOUNTS: { account: string; signIn: (page: Page, email: string) => Promise<void>; theirs: string[] }[] = [
  { account: 'a visitor', signIn: async () => {}, theirs: [...COMMON_ENTRIES, 'Login'] },
  {
    account: 'a member not yet activated',
    signIn: unactivatedUser,
    theirs: [...COMMON_ENTRIES, 'Active Account', 'Activate your Account', 'Activate', 'Logout'],
  },
  {
    account: 'an activated member',
    signIn: (page, email) => activatedUser(page, email, { given: 'Ada', family: 'Lovelace' }),
    theirs: [...COMMON_ENTRIES, 'Ada', 'My Plans', 'My Account', 'Logout'],
  },
];
const accountLabelOf = (account: string) =>
  ({ 'a member not yet activated': 'Active Account', 'an activated member': 'Ada' })[account];

/** The name of the focused element: its label, or its text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim();
  });

/**
 * What Tab reaches inside `within`, from the focus where it is, in order: a header menu the focus comes to is opened
 * with Enter, as a keyboard user does, and walked into. Ends when the focus leaves `within` or comes back round.
 */
async function reachedByKeyboard(page: Page, within: string): Promise<string[]> {
  await page.evaluate(() => {
    (window as unknown as { reached: WeakSet<Element> }).reached = new WeakSet();
  });
  const reached: string[] = [];
  for (let step = 0; step < 40; step++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate((selector) => {
      const seen = (window as unknown as { reached: WeakSet<Element> }).reached;
      const element = document.activeElement;
      if (!element?.closest(selector) || seen.has(element)) return null;
      seen.add(element);
      const menu = element.matches('details > summary') ? (element.parentElement as HTMLDetailsElement) : null;
      return {
        name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
        closedMenu: menu !== null && !menu.open,
      };
    }, within);
    if (!focused) return reached;
    reached.push(focused.name);
    if (focused.closedMenu) await page.keyboard.press('Enter');
  }
  throw new Error(`Tab never left ${within}: ${reached.join(', ')}`);
}

/**
 * The names the browser's own accessibility tree gives inside `within` (what a screen reader reads), with each of
 * its menus open in turn: an entry hidden from an account must stay out of it even in an open menu.
 */
async function accessibleNames(page: Page, within: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Accessibility.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: within });
  const { node } = await cdp.send('DOM.describeNode', { nodeId });
  const names = new Set<string>();
  // Each menu open in turn shows everything at least once: what is outside the menus is there every time.
  const menus = Math.max(1, await page.locator(`${within} details`).count());
  for (let open = 0; open < menus; open++) {
    await page.evaluate(
      ({ selector, open }) => {
        for (const [index, menu] of document.querySelectorAll<HTMLDetailsElement>(`${selector} details`).entries())
          menu.open = index === open;
      },
      { selector: within, open },
    );
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const byId = new Map(nodes.map((axNode) => [axNode.nodeId, axNode]));
    const visit = (axNode: (typeof nodes)[number] | undefined) => {
      if (!axNode) return;
      const name = String(axNode.name?.value ?? '').trim();
      if (!axNode.ignored && name) names.add(name);
      for (const child of axNode.childIds ?? []) visit(byId.get(child));
    };
    visit(nodes.find((axNode) => axNode.backendDOMNodeId === node.backendNodeId));
  }
  await cdp.detach();
  return [...names];
}

describe('the site header, which runs no framework (ADR 0051)', () => {
  const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

  it('/about loads no framework at all, even once the header and its menus have been used', async () => {
    const { page, context } = await newPage(browser);
    const scripts = scriptsOf(page);
    const errors = collectErrors(page);
    await page.goto('/about');
    await waitForTakeover(page);
    const resources = headerMenu(nav(page), 'Resources');
    // A pointer: hovering opens the menu, its click keeps it open, moving away closes it.
    await resources.hover();
    await nav(page).getByRole('link', { name: 'All Resources' }).waitFor();
    await resources.click();
    await page.mouse.move(600, 600);
    await nav(page).getByRole('link', { name: 'All Resources' }).waitFor({ state: 'hidden' });
    // The keyboard: Enter opens, Tab reaches the entries, Escape closes and gives the focus back, Space opens.
    await resources.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('All Resources');
    await page.keyboard.press('Escape');
    await nav(page).getByRole('link', { name: 'All Resources' }).waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.matches('summary'))).toBe(true);
    await page.keyboard.press(' ');
    await nav(page).getByRole('link', { name: 'All Resources' }).waitFor();
    // A click elsewhere closes it.
    await page.mouse.click(600, 600);
    await nav(page).getByRole('link', { name: 'All Resources' }).waitFor({ state: 'hidden' });
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((script) => FRAMEWORK_SCRIPT.test(script))).toEqual([]);
    // A page without islands loads its first script and nothing after it.
    expect(scripts.filter((script) => /\/islands-[^/]*\.js$/.test(script))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the phone's menu opens, closes on Escape, its close button or beside it, and gives the focus back", async () => {
    const { page, context } = await newPage(browser, MOBILE);
    const scripts = scriptsOf(page);
    await page.goto('/about');
    await waitForTakeover(page);
    const open = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await open.click();
    await menu.getByRole('link', { name: 'Login' }).waitFor();
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await open.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    await open.click();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'hidden' });
    await open.click();
    // The backdrop: the dialog's own box, left of the menu.
    await page.mouse.click(10, 400);
    await menu.waitFor({ state: 'hidden' });
    await expectNoSidewaysScroll(page, 'the phone menu, closed');
    expect(scripts.filter((script) => FRAMEWORK_SCRIPT.test(script))).toEqual([]);
    await context.close();
  });

  it("shows a member their menu from the first frame, never a visitor's Login link, with no framework", async () => {
    const { page, context } = await newPage(browser);
    await activatedUser(page, 'plain-header-member@example.com', { given: 'Ada', family: 'Lovelace' });
    await recordFirstFrame(page);
    const scripts = scriptsOf(page);
    await page.goto('/about');
    await waitForTakeover(page);
    expect(await page.evaluate(() => (window as unknown as { firstFrame: unknown }).firstFrame)).toEqual({
      login: false,
      label: 'Ada',
    });
    expect(await nav(page).getByRole('link', { name: 'Login' }).count()).toBe(0);
    await headerMenu(nav(page), 'Ada').click();
    await nav(page).getByRole('link', { name: 'My Account' }).waitFor();
    expect(await nav(page).getByRole('link', { name: 'Administration' }).count()).toBe(0);
    expect(scripts.filter((script) => FRAMEWORK_SCRIPT.test(script))).toEqual([]);
    // Logout as the app does it: the session ends here and on the server, and login opens.
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    await nav(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/user-login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    const afterLogout = await fetch(`${baseUrl()}/api/identity/current-user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(afterLogout.status).toBe(401);
    await context.close();
  });

  it('shows a sign-in made in another tab, and a visitor the Login link from the first frame', async () => {
    const email = 'plain-header-other-tab@example.com';
    await memberAccount(email);
    const { page, context } = await newPage(browser);
    await recordFirstFrame(page);
    const scripts = scriptsOf(page);
    await page.goto('/about');
    await waitForTakeover(page);
    expect(await page.evaluate(() => (window as unknown as { firstFrame: unknown }).firstFrame)).toEqual({
      login: true,
      label: '',
    });
    const other = await context.newPage();
    await signedInBrowser(other, email);
    await headerMenu(nav(page), 'Grace').waitFor();
    expect(await nav(page).getByRole('link', { name: 'Login' }).count()).toBe(0);
    // The code that reads the account came with the sign-in, and no framework with it.
    expect(scripts.filter((script) => /\/account-marks-[^/]*\.js$/.test(script))).toHaveLength(1);
    expect(scripts.filter((script) => FRAMEWORK_SCRIPT.test(script))).toEqual([]);
    await context.close();
  });

  it.each(ACCOUNTS)(
    "gives $account the header's entries for them only: the others', drawn but hidden, reach neither keyboard nor screen reader",
    async ({ account, signIn, theirs }) => {
      const others = HEADER_ENTRIES.filter((entry) => !theirs.includes(entry));
      /** Every entry of theirs reached (but text, by a keyboard), none of the others'. */
      const expectOnlyTheirs = (how: string, reached: string[], entries: string[]) => {
        const controls = how.includes('keyboard') ? entries.filter((entry) => !NOT_CONTROLS.includes(entry)) : entries;
        expect(
          controls.filter((entry) => !reached.includes(entry)),
          `${how}: their entries`,
        ).toEqual([]);
        expect(
          others.filter((entry) => reached.includes(entry)),
          `${how}: the others'`,
        ).toEqual([]);
      };
      const { page, context } = await newPage(browser);
      await signIn(page, `hidden-entries-${account.replaceAll(' ', '-')}@example.com`);
      await page.goto('/about');
      await waitForTakeover(page);
      await page.locator('.skip-link').focus();
      expectOnlyTheirs('keyboard', await reachedByKeyboard(page, 'header.site-header'), theirs);
      expectOnlyTheirs('screen reader', await accessibleNames(page, 'header.site-header'), theirs);
      // The phone menu draws them all too, without the account menu: its entries are in the list itself.
      await page.setViewportSize(MOBILE);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const onPhone = theirs.filter((entry) => entry !== accountLabelOf(account) && entry !== 'Resources');
      const phoneByKeyboard = [await focusedName(page), ...(await reachedByKeyboard(page, 'dialog[open]'))];
      expectOnlyTheirs('phone, keyboard', phoneByKeyboard, onPhone);
      expectOnlyTheirs('phone, screen reader', await accessibleNames(page, 'dialog[open]'), onPhone);
      await context.close();
    },
  );

  it('the Login link, with no framework on the page, comes back to the page after signing in', async () => {
    const email = 'login-before-takeover@example.com';
    await memberAccount(email);

    const { page, context } = await newPage(browser);
    const scripts = scriptsOf(page);
    await page.goto('/about');
    await waitForTakeover(page);
    expect(scripts.filter((script) => FRAMEWORK_SCRIPT.test(script))).toEqual([]);
    await nav(page).getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/user-login');
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
    await page.goto('/ai');
    await app.requested;
    // The page's islands have not been taken over: their code is held.
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

  it('a header menu opened before the app takes a form page over stays open once it has', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/register');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The pointer on the menu starts the app; the menu is the server's HTML and opens at once, and the app,
    // taking the page over, leaves it as it is.
    await headerMenu(nav, 'Resources').click();
    await nav.getByRole('link', { name: 'All Resources' }).waitFor();
    // Not waitForTakeover: it moves the pointer away, and leaving a menu closes it.
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    expect(await nav.getByRole('link', { name: 'All Resources' }).isVisible()).toBe(true);
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
    await page.goto('/ai');
    await app.requested;
    await page.evaluate(() => window.scrollTo(0, 1500));
    app.release();
    await waitForTakeover(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(1500);
    await context.close();
  });
});
