/**
 * Checks until `check` gives a value (anything but undefined), then returns it. For what a test can only observe
 * from outside (another process, a database row, a mailbox): it polls every `intervalMs`, and fails naming
 * `what` once `timeoutMs` has passed. A check that throws counts as not yet.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  { timeoutMs = 60_000, intervalMs = 50 } = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
