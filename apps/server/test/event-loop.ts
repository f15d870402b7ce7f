/** How often the watch's timer asks to run: a free event loop runs it about this often. */
const TICK_MS = 10;

export interface LoopWatch<T> {
  result: T;
  /** How long `work` took, start to end. */
  durationMs: number;
  /** The longest the event loop went without running the timer meanwhile: the time nothing else was answered. */
  longestStallMs: number;
  /** longestStallMs / durationMs: near 1 when the work held the loop from start to end, small when it only waited. */
  stallShare: number;
}

/**
 * Runs `work` while a timer ticks every TICK_MS, and tells how long the event loop was held at once. A share, not
 * a time: on a busy machine both the work and the stalls take longer, while the work that blocks the loop still
 * holds it for most of its duration and the work that waits on a thread never does.
 */
export async function watchEventLoop<T>(work: () => Promise<T>): Promise<LoopWatch<T>> {
  let last = performance.now();
  let longestStallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestStallMs = Math.max(longestStallMs, now - last);
    last = now;
  }, TICK_MS);
  const started = performance.now();
  try {
    const result = await work();
    const ended = performance.now();
    // The stall that the work's end interrupted counts too.
    longestStallMs = Math.max(longestStallMs, ended - last);
    const durationMs = ended - started;
    return { result, durationMs, longestStallMs, stallShare: longestStallMs / durationMs };
  } finally {
    clearInterval(timer);
  }
}
