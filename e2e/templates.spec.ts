import type { ProjectPlan } from '@dpp/shared/schemas/templates';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, launchBrowser, newPage } from './browser';

let browser: Browser;
let templates: ProjectPlan[];

beforeAll(async () => {
  browser = await launchBrowser();
  templates = (await (await fetch(`${baseUrl()}/api/project-plans-without-pagination`)).json()) as ProjectPlan[];
});
afterAll(async () => {
  await browser.close();
});

describe('template library', () => {
  it('lists free and premium templates without Training, with FREE badges', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/project-plans');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Project Plans');
    const free = page.locator('section[aria-labelledby="free-templates"] article');
    const premium = page.locator('section[aria-labelledby="premium-templates"] article');
    await free.first().waitFor();
    const listed = templates.filter((t) => t.category !== 'Training');
    expect(await free.count()).toBe(listed.filter((t) => t.free).length);
    expect(await premium.count()).toBe(listed.filter((t) => !t.free).length);
    expect(await free.getByText('FREE', { exact: true }).count()).toBe(await free.count());
    expect(await premium.getByText('FREE', { exact: true }).count()).toBe(0);
    for (const training of templates.filter((t) => t.category === 'Training')) {
      expect(await page.getByRole('heading', { name: training.product_name }).count()).toBe(0);
    }
    await expect.poll(() => page.getByRole('button', { name: 'Contact us' }).isVisible()).toBe(true);
    await expectAccessible(page);
    await context.close();
  });

  it('opens a card, survives a reload, and sends a visitor from Get Project Plan to login', async () => {
    const { page, context } = await newPage(browser);
    const target = templates.find((t) => !t.free && t.category !== 'Training')!;
    await page.goto('/project-plans');
    await page.getByRole('button', { name: `Learn more about ${target.product_name}` }).click();
    await page.waitForURL(`**/project-plans/${target.id}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(target.product_name);
    await expectAccessible(page);

    await page.reload();
    await expect.poll(() => page.locator('h1').textContent()).toBe(target.product_name);
    await expect.poll(() => page.getByText(`${target.outline.task_count}`, { exact: true }).count()).toBeGreaterThan(0);

    // What each of the two actions does is said under them, and each button is described by it.
    const described = async (name: string) => {
      const button = page.getByRole('button', { name, exact: true });
      const id = await button.getAttribute('aria-describedby');
      expect(id, `${name} is described by nothing`).toBeTruthy();
      return page.locator(`[id="${id}"]`).textContent();
    };
    expect(await described('Save to My Plans')).toMatch(/Save to My Plans keeps your own copy to change first/);
    expect(await described('Get Project Plan')).toMatch(/sends this plan straight to Asana, ClickUp or monday\.com/);

    await page.getByRole('button', { name: 'Get Project Plan' }).click();
    await page.waitForURL('**/user-login');
    expect(await page.evaluate(() => localStorage.getItem('redirectUri'))).toBe(`/project-plans/${target.id}`);
    await context.close();
  });

  it('opens the five-principles guide from a pasted link, and shows not-found for unknown plans', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/project-plans/project-planning-made-easy-with-5-simple-principles');
    await expect
      .poll(() => page.locator('h1').textContent())
      .toBe('Project Planning Made Easy with 5 Simple Principles');
    await page.goto('/project-plans/999999');
    await expect.poll(() => page.getByText('Unfortunately, we can not find this page.').isVisible()).toBe(true);
    await context.close();
  });

  it("shows 'Watch the video' beside the cover image, not over its title, and plays the video on demand", async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/project-plans/project-planning-made-easy-with-5-simple-principles');
    const cover = page.getByRole('img', { name: 'Project Planning Made Easy with 5 Simple Principles cover' });
    const play = page.getByRole('button', { name: 'Watch the video' });
    await cover.waitFor();
    await play.waitFor();
    const image = (await cover.boundingBox())!;
    const button = (await play.boundingBox())!;
    const overlaps =
      button.x < image.x + image.width &&
      image.x < button.x + button.width &&
      button.y < image.y + image.height &&
      image.y < button.y + button.height;
    expect(overlaps).toBe(false);
    await expectAccessible(page);
    // The machine has no outside network: the player's page is answered here.
    await context.route(/^https:\/\/player\.vimeo\.com\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>Player</p>' }),
    );
    await play.click();
    await page.locator('iframe[title="Project Planning Made Easy with 5 Simple Principles video"]').waitFor();
    await context.close();
  });
});
