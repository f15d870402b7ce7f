import type { MyPlan } from '@dpp/shared/schemas/my-plans';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser';

/** The plan editor's status region: `data-status` (saved, pending, …) and `data-version`, the server's version. */
/** The free template the plan journeys take into My Plans (its slug). */
export const FREE_TEMPLATE = 'project-planning-made-easy-with-5-simple-principles';

export const editorStatus = (page: Page) => page.locator('.plan-editor__status');

/** The version the server holds of the editor's copy, as its status region says. */
export const savedVersion = async (page: Page) => Number(await editorStatus(page).getAttribute('data-version'));

/**
 * Waits for the editor to hold nothing unsaved at a version above `version`, read before the change was made (and
 * after it was seen in the page): only a save sent after that change can produce it. A wait for the status to
 * leave "saved" and come back would time out when the save had already happened.
 */
export async function savedAbove(page: Page, version: number): Promise<void> {
  await page.waitForFunction((before) => {
    const region = document.querySelector<HTMLElement>('.plan-editor__status');
    return region?.dataset.status === 'saved' && Number(region.dataset.version) > before;
  }, version);
}

/**
 * A copy of the template with this slug, taken through the API with the page's session (the template page's Save
 * to My Plans has a journey of its own) and opened in the editor.
 */
export async function openTakenCopy(page: Page, slug: string): Promise<MyPlan> {
  const templates = (await (await fetch(`${baseUrl()}/api/project-plans-without-pagination`)).json()) as {
    id: number;
    slug: string;
  }[];
  const templateId = templates.find((t) => t.slug === slug)?.id;
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await fetch(`${baseUrl()}/api/my-plans`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ source: 'template', templateId }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const copy = (await response.json()) as MyPlan;
  await page.goto(`/my-plans/${copy.id}`);
  await page.getByRole('textbox', { name: 'Plan name' }).waitFor();
  return copy;
}
