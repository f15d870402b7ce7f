import type { Page } from 'playwright-core';
import { baseUrl } from './browser';

/** The plan editor's status region: `data-status` (saved, pending, …) and `data-version`, the server's version. */
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

/** A copy of the template `slug` taken through the API with the page's own session (set-up, not the journey); its id. */
export async function takeCopy(page: Page, slug: string): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const template = (await (await fetch(`${baseUrl()}/api/project-plans/${slug}`)).json()) as { id: number };
  const response = await fetch(`${baseUrl()}/api/my-plans`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ source: 'template', templateId: template.id }),
  });
  if (response.status !== 201) throw new Error(`taking ${slug}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}
