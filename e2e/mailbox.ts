import { waitFor } from '../apps/server/test/wait-for';
import { baseUrl } from './browser';

/**
 * The newest link to `path` the sandbox mailbox holds for an address, waiting for it to arrive: its path and query
 * (a verification link may carry the page to come back to).
 */
export function mailedLink(
  to: string,
  path: '/activate-account/' | '/reset-password/' | '/delete-account/' | '/team/accept/',
): Promise<string> {
  return waitFor(
    `a ${path} link mailed to ${to}`,
    async () => {
      const response = await fetch(`${baseUrl()}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
      const messages = (await response.json()) as { links: string[] }[];
      const link = messages.flatMap((m) => m.links).find((l) => l.includes(path));
      if (!link) return undefined;
      const url = new URL(link);
      return url.pathname + url.search;
    },
    { intervalMs: 200 },
  );
}

let counter = 0;
/** A fresh address per test, so tests never share an account. */
export const freshEmail = (label: string) => `${label}.${Date.now()}.${++counter}@example.com`;

/** Makes the links already mailed to an address seem that many hours old (sandbox only). */
export async function ageMailedLinks(to: string, hours: number): Promise<void> {
  const response = await fetch(`${baseUrl()}/api/dev/mailbox/age`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: to, hours }),
  });
  if (!response.ok) throw new Error(`ageing the mail of ${to}: ${response.status} ${await response.text()}`);
}
