import type { Page } from 'playwright-core';
import { baseUrl } from './browser';

/** A node of a task-tool simulator's tree, as its /sandbox/<tool>/index.json shows it. */
export interface TreeNode {
  kind: string;
  /** The tool's id of the object. */
  id: string;
  name: string;
  /** The object's fields as the tool stores them (Asana: notes, due_on, completed_at). */
  details: Record<string, unknown>;
  children: TreeNode[];
}

/** The first node, depth first, that matches. */
export const findNode = (nodes: TreeNode[], match: (n: TreeNode) => boolean): TreeNode | undefined => {
  for (const n of nodes) {
    const found = match(n) ? n : findNode(n.children, match);
    if (found) return found;
  }
  return undefined;
};

/**
 * From the upload wizard's connect step into the Asana simulator and back: the consent for `email`, then the first
 * workspace and the first team chosen, ready for "Upload action plan".
 */
export async function connectSandboxAsana(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Connect with Asana' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox/asana/'));
  await page.getByLabel('Sandbox account e-mail').fill(email);
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL((url) => url.pathname === '/upload-action/select-workspace');
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/upload-action/select-team');
  await page.getByRole('radio').first().check();
}

/**
 * Ticks a task done on a task-tool simulator's page, as a person would in the tool: the "Mark done" button of the
 * task named `taskName` (in `account`'s tree when given, an e-mail; the last such task on the page otherwise, which
 * is the latest uploaded), then waits for the page to show the task done.
 */
export async function tickSandboxTask(
  page: Page,
  tool: 'asana' | 'clickup' | 'monday',
  taskName: string,
  account?: string,
): Promise<void> {
  await page.goto(`/sandbox/${tool}/`);
  const scope = account ? page.getByRole('region', { name: account }) : page.locator('main');
  const button = scope.getByRole('button', { name: `Mark done: ${taskName}`, exact: true }).last();
  // The task's list item, to find the task again once the page is back: names may repeat, ids do not.
  const id = await button.locator('xpath=ancestor::li[1]').getAttribute('id');
  await button.click();
  await page.waitForURL((url) => url.pathname === `/sandbox/${tool}/` && url.hash === `#${id}`);
  const task = page.locator(`li[id="${id}"]`);
  await task.getByRole('button', { name: `Mark not done: ${taskName}`, exact: true }).waitFor();
  await task.locator(':scope > .state-done', { hasText: 'Done' }).waitFor();
}

/**
 * Deletes a project (an Asana project, a ClickUp folder, a monday board) on a task-tool simulator's page, as a
 * person deletes it in the tool: its tool's API answers from then on that it is not there.
 */
export async function deleteSandboxProject(tool: 'asana' | 'clickup' | 'monday', projectId: string): Promise<void> {
  const response = await fetch(`${baseUrl()}/sandbox/${tool}/-/projects/${encodeURIComponent(projectId)}/delete`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  if (response.status !== 303) throw new Error(`${tool} project ${projectId} not deleted: ${response.status}`);
}
