import { countUpstreamError } from '../../lib/metrics';
import { type TaskToolName, type TokenSource, UpstreamError } from '../../ports/task-tool.port';

/** The message a vendor put in an error body: Asana errors[].message, ClickUp err, monday error_message. */
export function vendorMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  if (Array.isArray(b.errors) && b.errors.length > 0) {
    const first = b.errors[0] as Record<string, unknown>;
    if (typeof first?.message === 'string') return first.message;
  }
  for (const key of ['err', 'error_message', 'message', 'error_description', 'error']) {
    if (typeof b[key] === 'string' && b[key] !== '') return b[key] as string;
  }
  return null;
}

export interface HttpDeps {
  fetch?: typeof fetch;
  /** Waiting between rate-limited attempts; tests pass a recorder. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Longer rate-limit waits end the attempt and reschedule the job instead of holding a worker. */
  maxInlineWaitMs?: number;
  /** Per-request timeout. */
  timeoutMs?: number;
}

export const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    // The job's signal lives as long as the upload: each wait takes its listener away again.
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export interface ToolRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** JSON body, or a form (URLSearchParams). */
  body?: unknown;
  token?: TokenSource;
  /** How the vendor puts the token in the header: Asana and ClickUp OAuth use Bearer, monday the bare token. */
  authScheme?: 'Bearer' | 'raw';
  signal?: AbortSignal;
}

const MAX_RATE_LIMIT_WAITS = 8;

/** How long a 429 asks us to wait: Retry-After (seconds) or ClickUp's X-RateLimit-Reset (unix seconds). */
export function rateLimitDelayMs(headers: Headers, now = Date.now()): number {
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null && retryAfter.trim() !== '') {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  const reset = headers.get('x-ratelimit-reset');
  if (reset !== null && reset.trim() !== '') {
    const value = Number(reset);
    if (Number.isFinite(value)) {
      // Unix seconds per ClickUp's docs (tolerate milliseconds); whole seconds can end up to a second before
      // the window really does, so wait one more second rather than be refused at its edge.
      const ms = value > 1e12 ? value : value * 1000 + 1000;
      return Math.max(0, ms - now);
    }
  }
  return 1000;
}

/** One JSON call with the vendors' shared rules: waits out 429s, refreshes once on 401, classifies failures. */
export async function callTool<T>(tool: TaskToolName, request: ToolRequest, deps: HttpDeps = {}): Promise<T> {
  const doFetch = deps.fetch ?? fetch;
  const sleep = deps.sleep ?? defaultSleep;
  const maxInlineWaitMs = deps.maxInlineWaitMs ?? 60_000;
  let token = request.token ? await request.token.current() : null;
  let refreshed = false;
  for (let waits = 0; ; ) {
    request.signal?.throwIfAborted();
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    let body: string | undefined;
    if (request.body instanceof URLSearchParams) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = request.body.toString();
    } else if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    if (token) headers.authorization = request.authScheme === 'raw' ? token : `Bearer ${token}`;
    const timeout = AbortSignal.timeout(deps.timeoutMs ?? 30_000);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await doFetch(request.url, { method: request.method, headers, body, signal });
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      countUpstreamError(tool);
      throw new UpstreamError(tool, 0, `${tool} could not be reached: ${(error as Error).message}`, true);
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown = null;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      parsed = null;
    }
    if (response.status === 429) {
      const delay = rateLimitDelayMs(response.headers);
      waits += 1;
      if (delay > maxInlineWaitMs || waits > MAX_RATE_LIMIT_WAITS) {
        countUpstreamError(tool);
        throw new UpstreamError(tool, 429, `${tool} rate limit reached`, true, delay);
      }
      await sleep(delay, request.signal);
      continue;
    }
    if (response.status === 401 && request.token && !refreshed) {
      refreshed = true;
      const fresh = await request.token.refreshed();
      if (fresh) {
        token = fresh;
        continue;
      }
    }
    if (!response.ok) {
      const message = vendorMessage(parsed) ?? `${tool} answered ${response.status}`;
      countUpstreamError(tool);
      throw new UpstreamError(tool, response.status, message, response.status >= 500 || response.status === 408);
    }
    if (parsed === null) {
      countUpstreamError(tool);
      throw new UpstreamError(tool, response.status, `${tool} answered with no JSON`, true);
    }
    // The window is spent (ClickUp says so in its headers): wait for the reset rather than be refused.
    if (response.headers.get('x-ratelimit-remaining')?.trim() === '0') {
      const delay = rateLimitDelayMs(response.headers);
      if (delay <= maxInlineWaitMs) await sleep(delay, request.signal);
    }
    return parsed as T;
  }
}

/** Splits a list into runs of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let i = 0; i < items.length; i += size) runs.push(items.slice(i, i + size));
  return runs;
}

/** A token source for a token that is never refreshed (just obtained). */
export const fixedToken = (token: string): TokenSource => ({
  current: async () => token,
  refreshed: async () => null,
});
