import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type SandboxTool, sandboxRateWindows } from './sandbox.tables';

interface RateOutcome {
  allowed: boolean;
  used: number;
  limit: number;
  /** When the current window ends. */
  resetAt: Date;
  retryAfterSeconds: number;
}

/**
 * Spends `cost` from a per-minute window that starts at the first call after the previous one
 * ended (monday: "resets 60 seconds after the first call"). `countRejected`: a refused call
 * still uses the window (Asana says so of its limiter).
 */
export async function spendRate(
  db: Database,
  tool: SandboxTool,
  key: string,
  cost: number,
  limit: number,
  countRejected: boolean,
): Promise<RateOutcome> {
  return db.transaction(async (tx) => {
    await tx.insert(sandboxRateWindows).values({ tool, key, windowStart: new Date(), used: 0 }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(sandboxRateWindows)
      .where(and(eq(sandboxRateWindows.tool, tool), eq(sandboxRateWindows.key, key)))
      .for('update');
    const now = Date.now();
    let windowStart = row!.windowStart.getTime();
    let used = row!.used;
    if (windowStart + 60_000 <= now) {
      windowStart = now;
      used = 0;
    }
    const allowed = used + cost <= limit;
    if (allowed || countRejected) used += cost;
    await tx
      .update(sandboxRateWindows)
      .set({ windowStart: new Date(windowStart), used })
      .where(and(eq(sandboxRateWindows.tool, tool), eq(sandboxRateWindows.key, key)));
    const resetAt = new Date(windowStart + 60_000);
    return {
      allowed,
      used,
      limit,
      resetAt,
      retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000)),
    };
  });
}
