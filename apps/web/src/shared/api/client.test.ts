import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, configureApiSession } from './client';

function answer(status: number, body: () => Promise<unknown>): Response {
  return { status, ok: status >= 200 && status < 300, json: body } as Response;
}

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    configureApiSession({ getToken: () => null, onSessionLost: () => {} });
  });

  it('fails a success whose body could not be read, instead of answering nothing', async () => {
    vi.stubGlobal('fetch', async () => answer(200, () => Promise.reject(new DOMException('aborted', 'AbortError'))));
    const failure = await apiGet('/api/identity/current-user').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('NETWORK');
  });

  it('returns the parsed body of a success', async () => {
    vi.stubGlobal('fetch', async () => answer(200, async () => ({ username: 'u' })));
    expect(await apiGet('/api/identity/current-user')).toEqual({ username: 'u' });
  });

  it('ends the session only on the session’s own 401, not on an unreadable one', async () => {
    const onSessionLost = vi.fn();
    configureApiSession({ getToken: () => 'token', onSessionLost });
    vi.stubGlobal('fetch', async () => answer(401, () => Promise.reject(new Error('cut'))));
    await expect(apiGet('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(onSessionLost).not.toHaveBeenCalled();
    vi.stubGlobal('fetch', async () =>
      answer(401, async () => ({ error: { code: 'UNAUTHENTICATED', message: 'Sign in' } })),
    );
    await expect(apiGet('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(onSessionLost).toHaveBeenCalledOnce();
  });
});
