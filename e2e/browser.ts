import { get } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { noteShownMessages, openBrowsers } from './failure-report';

export const baseUrl = () => inject('baseUrl');

/**
 * How long one step of a journey (a click, a navigation, a wait for a text) may take before it counts as hung. A
 * step that takes a second on a quiet machine takes tens of seconds on one shared with much other work (a sign-in's
 * password hashing among them): the limit is for a step that never ends, not for a slow one.
 */
const STEP_TIMEOUT_MS = 90_000;

/**
 * Debian's Chromium headless shell (`npm test` installs it; scripts/ensure-chromium.mjs), started as the machine
 * allows: no sandbox, no background traffic. Every context it opens takes the journeys' step limit.
 *
 * `fullBrowser`: Debian's full Chromium instead, for journeys about what happens before a visitor's first
 * interaction. The shell keeps its pointer on the page from the start (at 0,0) and sends `pointerover` whenever
 * what lies under it changes, as if a visitor's pointer rested there; a page in the full browser sees no pointer
 * until one moves (ADR 0048).
 */
export async function launchBrowser({ fullBrowser = false } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: fullBrowser
      ? (process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium')
      : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    // The product as a visitor who asked for less motion sees it (antd's and the page's own animations off): a
    // click never lands where a control is still moving to, and no frame is drawn for a fade nobody watches. The
    // journeys about motion itself ask for it (`newPage`'s `motion`).
    const context = await newContext({ reducedMotion: 'reduce', ...options });
    if (options?.reducedMotion === 'no-preference') moving.add(context);
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    await noteShownMessages(context);
    return context;
  };
  openBrowsers.add(browser);
  browser.on('disconnected', () => openBrowsers.delete(browser));
  return browser;
}

/** Contexts opened with the product's motion on. */
const moving = new WeakSet<BrowserContext>();

export const DESKTOP = { width: 1366, height: 900 };
export const MOBILE = { width: 375, height: 740 };
/** Today's common phone width (iPhone 12 to 16, many Android phones). */
export const PHONE = { width: 390, height: 844 };

/** A page of a new context; `motion` shows the product's animations, which the journeys otherwise turn off. */
export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
  { motion = false } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    baseURL: baseUrl(),
    reducedMotion: motion ? 'no-preference' : 'reduce',
  });
  const page = await context.newPage();
  // E2E_CPU_THROTTLE=8 runs the page's code eight times slower: clicks then land while the app is still taking
  // a server-rendered page over, as on a slow phone.
  if (process.env.E2E_CPU_THROTTLE) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.E2E_CPU_THROTTLE) });
  }
  return { context, page };
}

/**
 * Waits until the browser has taken a server-rendered page over and says it is ready: the whole page (the app's
 * root is React's) or, on an islands page (ADR 0033), every island wanted at load. A mismatch between the server's
 * HTML and the browser's first render would have been reported as a console error by then.
 */
export async function waitForTakeover(page: Page): Promise<void> {
  await startFormPageTakeover(page);
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.ready === 'true' &&
      (Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')) ||
        Array.from(document.querySelectorAll('[data-island-when="load"]')).every((island) =>
          island.hasAttribute('data-island-ready'),
        )),
  );
}

/**
 * A form page is taken over at the visitor's first interaction (ADR 0033): a pointer moving over it, as a
 * visitor's does, starts it. Other pages start by themselves. The pointer goes to the header, then to the page's
 * content: two different elements, so that one move at least enters an element (`pointerover`) wherever the
 * browser had the pointer when the page loaded.
 */
async function startFormPageTakeover(page: Page): Promise<void> {
  const takeover = await page.evaluate(() => document.getElementById('prerender-data')?.dataset.page);
  if (takeover !== 'app-at-interaction') return;
  await page.mouse.move(2, 2);
  await page.mouse.move(160, 320);
}

/**
 * Fails on any serious or critical accessibility violation of the page as it stands, once its motion has
 * settled: a notification half-way through fading in has the contrast of its opacity, not of its design.
 */
export async function expectAccessible(page: Page): Promise<void> {
  // An app page from the server is checked as the visitor uses it: once the app has taken it over and enabled
  // it. Pages outside the app (the sandboxes' consent pages) have no #root and nothing to wait for.
  await startFormPageTakeover(page);
  await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.ready);
  // Checked as a visitor who asked for reduced motion sees it: every piece of the design at its final colours. A
  // demo that reveals a line every few seconds would otherwise start a fade in the middle of the check.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await page
      .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), null, {
        timeout: 3000,
      })
      .catch(() => {
        // Endless animations (a spinner) never settle; the page is checked as it is.
      });
    const { violations } = await new AxeBuilder({ page }).analyze();
    const blocking = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(blocking, `axe-core on ${page.url()}`).toEqual([]);
  } finally {
    await page.emulateMedia({ reducedMotion: moving.has(page.context()) ? 'no-preference' : 'reduce' });
  }
}

/**
 * An open floating part (a dialog, a confirmation) once its opening motion has ended. The motion's classes
 * (`ant-zoom-appear`, `-enter`) are on it from its first frame and only the motion's end removes them; a click aimed
 * during the zoom can land where a button was a frame before, and is lost.
 */
export function settled(page: Page, part: '.ant-modal' | '.ant-popconfirm' = '.ant-modal'): Locator {
  return page.locator(`${part}:not([class*="-appear"]):not([class*="-enter"]):not([class*="-leave"])`);
}

/**
 * A menu of the site header, by its label: a `<details>` whose `<summary>` is its button (ADR 0051). Browsers
 * present a summary to assistive technology as a button that expands; Playwright gives it no role, so the
 * journeys find it by its text.
 */
export const headerMenu = (scope: Page | Locator, name: string | RegExp): Locator =>
  scope.locator('details.header-menu > summary').filter({ hasText: name });

/** Fails when the page is wider than its window: a phone would scroll it sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `the page's width at ${where}`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** Bytes on the wire for a URL in the given encoding (fetch would decompress them). */
export function transferSize(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      response.on('end', () => resolve(size));
    }).on('error', reject);
  });
}

/**
 * Picks an option of an Ant Design select (`field` is its combobox) and waits until the field shows it, then until
 * the list has finished closing: until then it still lies over the fields below and takes their clicks. On a busy
 * machine a click may land while the list is still being drawn and choose nothing (seen in fresh-clone runs): the
 * choice is made again until the field shows it, which only the choice can produce. Once in a few hundred choices
 * the list stays drawn after the choice; a person would press Escape, and so does this.
 */
export async function chooseOption(field: Locator, option: string) {
  const page = field.page();
  const select = field.locator(
    'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  // antd names the chosen option in the field's title (on its content, or on its value when the option is styled).
  const chosen = select.locator(`[title="${option}"]`).first();
  const openList = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const choose = async () => {
    if ((await openList.count()) === 0) await field.click();
    await page
      .locator(`.ant-select-item-option[title="${option}"]`)
      .click({ timeout: 15_000 })
      .catch(() => undefined);
  };
  // Chosen at least once, even when the field shows the option already (a choice may load what belongs to it).
  await choose();
  await expect
    .poll(
      async () => {
        if (await chosen.isVisible()) return true;
        await choose();
        return chosen.isVisible();
      },
      { timeout: STEP_TIMEOUT_MS },
    )
    .toBe(true);
  const listClosed = (timeout: number) =>
    page.waitForFunction(() => !document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'), null, {
      timeout,
    });
  await listClosed(5_000).catch(async () => {
    await page.keyboard.press('Escape');
    await listClosed(10_000);
  });
}

/**
 * What a pointer at the middle of `control` would reach instead of it (a notification drawn over it), as the start
 * of its HTML; null when it reaches the control.
 */
export async function coveringElement(control: Locator): Promise<string | null> {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top) ? null : (top?.outerHTML.slice(0, 200) ?? 'nothing');
  });
}

/**
 * Waits until no field of the page shows this message under it any more. antd folds a field's message away when the
 * field is corrected, and every control below it moves up as it does: on a busy machine a click aimed at a button
 * before the fold ends lands where the button was (a corrected form that was never sent, seen in a fresh-clone
 * run). The message leaves the page only once its fold has ended, so this wait ends on that, and only on that.
 */
export const fieldMessageGone = (page: Page, text: string) =>
  expect
    .poll(() => page.locator('.ant-form-item-explain-error').getByText(text, { exact: true }).count(), {
      timeout: STEP_TIMEOUT_MS,
    })
    .toBe(0);

/** Waits for a notice (a notification, an alert, a message) that says exactly this. */
export const notice = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
