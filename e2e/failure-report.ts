import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { beforeEach, onTestFailed } from 'vitest';

/** Where a failed journey's pages are saved as pictures (beside the run's reports). */
const PICTURES = '.tmp/test-reports/failed-journeys';

/** The browsers the journeys of this file opened (launchBrowser registers each). */
export const openBrowsers = new Set<Browser>();

/** Where a page keeps the messages it has shown (the init script below writes it). */
const SHOWN = '__shownMessages';

/**
 * Notifications last five seconds and a journey that fails waits far longer: every page of the context notes the
 * text of each notification and alert as it appears, for the failure report to print.
 */
export async function noteShownMessages(context: BrowserContext): Promise<void> {
  await context.addInitScript((key: string) => {
    const shown: string[] = [];
    Object.defineProperty(window, key, { value: shown });
    const note = (element: Element) => {
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text) shown.push(`${new Date().toISOString().slice(11, 23)} ${text}`);
      if (shown.length > 30) shown.shift();
    };
    const MESSAGE = '.ant-notification-notice, .ant-message-notice, [role="alert"]';
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (!(node instanceof Element)) continue;
          const messages = node.matches(MESSAGE) ? [node] : Array.from(node.querySelectorAll(MESSAGE));
          // Its text is drawn after it is added.
          for (const element of messages) requestAnimationFrame(() => note(element));
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, SHOWN);
}

/** What a person would read first on a page that went wrong: its alerts, notifications and dialogs' titles. */
const MESSAGE_SELECTOR = [
  '[role="alert"]',
  '.ant-notification-notice',
  '.ant-message-notice',
  '.ant-form-item-explain-error',
  '.ant-popover:not(.ant-popover-hidden)',
  '[role="dialog"] .ant-drawer-title, [role="dialog"] .ant-modal-title',
].join(', ');

/** antd's floating parts (lists, confirmations) as they stand: open, opening, closing or hidden. */
const FLOATING = '.ant-select-dropdown, .ant-popover, .ant-dropdown, .ant-modal-wrap';

/**
 * A journey that fails on a busy machine rarely fails the same way twice: when one fails, every page still open
 * says where it was, what it showed and which floating parts it held, and is saved as a picture, so the run's
 * output alone tells a hang from a refusal the page displayed.
 */
beforeEach(() => {
  onTestFailed(async ({ task }) => {
    let pictures = 0;
    for (const browser of openBrowsers) {
      for (const context of browser.contexts()) {
        for (const page of context.pages()) {
          const shown = await page
            .locator(MESSAGE_SELECTOR)
            .allInnerTexts()
            .catch((error: unknown) => [`(page unreadable: ${String(error)})`]);
          const texts = shown.map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean);
          const before = await page
            .evaluate((key) => (window as unknown as Record<string, string[] | undefined>)[key] ?? [], SHOWN)
            .catch(() => []);
          const floating = await page
            .locator(FLOATING)
            .evaluateAll((parts) => parts.map((part) => part.className.replace(/\s+/g, '.')))
            .catch(() => []);
          mkdirSync(PICTURES, { recursive: true });
          const picture = `${PICTURES}/${task.name.replace(/\W+/g, '-').slice(0, 80)}-${++pictures}.png`;
          const saved = await page.screenshot({ path: picture, fullPage: true, timeout: 10_000 }).then(
            () => picture,
            () => '(not saved)',
          );
          console.error(
            `[failed journey] page ${page.url()}\n  shows: ${texts.length ? texts.join(' | ') : '(no message)'}` +
              `\n  has shown: ${before.length ? before.join(' | ') : '(nothing)'}` +
              `\n  floating: ${floating.length ? floating.join(' ') : '(none)'}\n  picture: ${saved}`,
          );
        }
      }
    }
  });
});
