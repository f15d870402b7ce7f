import type { Plan } from '@dpp/shared/schemas/plans';
import type { ProjectPlan } from '@dpp/shared/schemas/templates';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, expectAccessible, launchBrowser, MOBILE, newPage, transferSize } from './browser';

let browser: Browser;
let templates: ProjectPlan[];
let plans: Plan[];

beforeAll(async () => {
  browser = await launchBrowser();
  templates = (await (await fetch(`${baseUrl()}/api/project-plans-without-pagination`)).json()) as ProjectPlan[];
  plans = ((await (await fetch(`${baseUrl()}/api/plan/get`)).json()) as { data: Plan[] }).data;
});
afterAll(async () => {
  await browser.close();
});

/** Brings every deferred section into view until none is left waiting, so all of the page has loaded. */
async function scrollThrough(page: Page) {
  await page.locator('h1').waitFor();
  const stillWaiting = '.lp-deferred, .lp-marketing-placeholder';
  const waiting = page.locator(stillWaiting);
  // A section loads once it comes into view: bring the first one still waiting into view and wait until it
  // has loaded (it is replaced or loses its placeholder class), then the next, until none is left.
  for (let attempt = 0; attempt < 40 && (await waiting.count()) > 0; attempt++) {
    // Taken at once, without waiting: the one just counted may have loaded meanwhile.
    const section = (
      await page.evaluateHandle((selector) => document.querySelector(selector), stillWaiting)
    ).asElement();
    if (!section) continue;
    await expect
      .poll(async () => {
        await section.scrollIntoViewIfNeeded().catch(() => {});
        return section.evaluate((el, selector) => el.isConnected && el.matches(selector), stillWaiting);
      })
      .toBe(false);
  }
  expect(await waiting.count()).toBe(0);
  await page.waitForLoadState('networkidle');
}

describe('landing page', () => {
  it('shows the hero and sends a visitor from the call to action to sign-up', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await page.locator('h1').waitFor();
    await page.getByText('No More Blank Plans. Done-for-you strategy built for execution.').waitFor();
    for (const tab of ['SMART Goals Creation', 'Project Generation', 'Task Generator', 'Detailed Project Plans']) {
      expect(await page.getByRole('tab', { name: tab }).count(), tab).toBe(1);
    }
    await page.locator('main').getByRole('button', { name: 'Start Free 7-Day Trial' }).first().click();
    await page.waitForURL('**/register');
    await context.close();
  });

  it('prices Essential, Growth and Premium from the API, never plan 9', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/#prices');
    const cards = page.locator('#prices li.lp-price');
    await expect.poll(() => cards.count()).toBe(3);
    const names = await cards.locator('h3').allTextContents();
    expect(names).toEqual(['Essential', 'Growth', 'Premium']);
    for (const [index, id] of [4, 6, 7].entries()) {
      const plan = plans.find((p) => p.id === id)!;
      const card = cards.nth(index);
      expect(await card.textContent()).toContain(`$${(plan.prices[0]?.price ?? 0) / 100}`);
      for (const bullet of plan.meta) expect(await card.textContent()).toContain(bullet.name);
    }
    expect(await page.locator('#prices').textContent()).not.toContain(plans.find((p) => p.id === 9)!.name);
    expect(await cards.nth(0).getByRole('button').textContent()).toBe('Start Free 7-Day Trial');
    expect(await cards.nth(1).getByRole('button').textContent()).toBe('Start Free 7-Day Trial');
    expect(await cards.nth(2).getByRole('button').textContent()).toBe('Get Started');
    await cards.nth(2).getByRole('button').click();
    await page.waitForURL('**/register');
    await context.close();
  });

  it('sends /ai with its prices drawn by the server, not a shimmering placeholder', async () => {
    const html = await (await fetch(`${baseUrl()}/ai`, { headers: { accept: 'text/html' } })).text();
    for (const name of ['Essential', 'Growth', 'Premium'])
      expect(html).toContain(`<h3 class="lp-price__name">${name}</h3>`);
    expect(html).not.toContain('lp-price--skeleton');
  });

  it('reaches the pricing section from the header on another page', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/about');
    await page.locator('h1').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#prices');
    await expect
      .poll(() => page.evaluate(() => document.getElementById('prices')?.getBoundingClientRect().top ?? 9999))
      .toBeLessThan(200);
    await context.close();
  });

  it('carousels active planning templates, filters them, and opens the list on the chosen one', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await scrollThrough(page);
    const stage = page.locator('.lp-templates__stage');
    const titles = async () => new Set(await stage.locator('article h3').allTextContents());
    const expected = templates.filter((t) => t.active && t.category !== 'Training').map((t) => t.product_name);
    await expect.poll(async () => [...(await titles())].sort()).toEqual([...expected].sort());

    await page.getByRole('button', { name: 'Process Checklists/Templates', exact: true }).click();
    const checklists = templates.filter((t) => t.category === 'Process Checklists/Templates');
    await expect.poll(async () => [...(await titles())].sort()).toEqual(checklists.map((t) => t.product_name).sort());

    const chosen = checklists[0]!;
    await stage
      .getByRole('button', { name: `Learn more about ${chosen.product_name}` })
      .first()
      .click();
    await page.waitForURL('**/project-plans');
    await page.locator(`#plan-${chosen.id} .template-card--highlighted`).waitFor();
    await context.close();
  });

  it('shows six testimonials and passes axe on desktop and phone', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, context } = await newPage(browser, viewport);
      await page.goto('/');
      await scrollThrough(page);
      const captions = page.locator('.lp-testimonial figcaption');
      await expect
        .poll(async () => {
          await page
            .locator('.lp-testimonials')
            .scrollIntoViewIfNeeded({ timeout: 1000 })
            .catch(() => {});
          return new Set(await captions.allTextContents()).size;
        })
        .toBe(6);
      await expectAccessible(page);
      await context.close();
    }
  });

  it('loads no other page and at most 250 kB of gzipped JavaScript', async () => {
    const { page, context } = await newPage(browser);
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    await page.goto('/');
    await scrollThrough(page);
    const names = [...scripts].map((url) => new URL(url).pathname);
    for (const other of ['project-plans-page', 'project-plan-detail', 'terms-of-use', 'privacy-policy', 'country']) {
      expect(
        names.filter((n) => n.includes(other)),
        other,
      ).toEqual([]);
    }
    let gzipBytes = 0;
    for (const url of scripts) gzipBytes += await transferSize(url, 'gzip');
    console.info(`JavaScript loaded by /: ${gzipBytes} bytes gzip`);
    expect(gzipBytes).toBeLessThanOrEqual(250 * 1024);
    await context.close();
  });
});
