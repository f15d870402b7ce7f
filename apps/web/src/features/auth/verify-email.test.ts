import { AUTH_MESSAGES } from '@dpp/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifyEmail } from './verify-email';

type Reply = { status: number; body: unknown };

/** Answers the identity calls in order, and records which paths were called. */
function serverAnswers(...replies: Reply[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      calls.push(path);
      const reply = replies.shift() ?? { status: 500, body: {} };
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return calls;
}

const failure = (status: number, exception?: string): Reply => ({
  status,
  body: { error: { code: 'VALIDATION_FAILED', message: 'x', ...(exception && { exception }) } },
});
const ok: Reply = { status: 200, body: { ok: true } };
const verified: Reply = { status: 200, body: { ok: true, password_kept: true } };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('verifyEmail', () => {
  it('confirms the address', async () => {
    serverAnswers(verified);
    expect(await verifyEmail('u', 'c')).toEqual({ kind: 'success', text: AUTH_MESSAGES.VERIFIED });
  });

  it('goes on to choosing a password when the link dropped one set elsewhere', async () => {
    serverAnswers({ status: 200, body: { ok: true, password_kept: false, reset_code: 'r' } });
    expect(await verifyEmail('u', 'c')).toEqual({
      kind: 'info',
      text: AUTH_MESSAGES.VERIFIED_CHOOSE_PASSWORD,
      next: '/reset-password/r/u',
    });
  });

  it('sends a new link when this one expired', async () => {
    const calls = serverAnswers(failure(400, 'ExpiredCodeException'), ok);
    expect((await verifyEmail('u', 'c')).text).toBe(AUTH_MESSAGES.VERIFY_LINK_EXPIRED);
    expect(calls).toEqual(['/api/identity/confirm-sign-up', '/api/identity/resend-code']);
  });

  it('sends a new link when this one is wrong', async () => {
    serverAnswers(failure(400, 'CodeMismatchException'), ok);
    expect((await verifyEmail('u', 'c')).text).toBe(AUTH_MESSAGES.VERIFY_LINK_WRONG);
  });

  it('tells a confirmed user to log in, and a locked one to wait', async () => {
    serverAnswers(failure(400, 'NotAuthorizedException'));
    expect((await verifyEmail('u', 'c')).text).toBe(AUTH_MESSAGES.ALREADY_CONFIRMED);
    serverAnswers(failure(429, 'LimitExceededException'));
    expect((await verifyEmail('u', 'c')).text).toBe(AUTH_MESSAGES.LOCKED_OUT);
  });

  it('asks to contact support when no new link can be sent', async () => {
    serverAnswers(failure(404, 'UserNotFoundException'), failure(404, 'UserNotFoundException'));
    expect((await verifyEmail('u', 'c')).text).toBe(AUTH_MESSAGES.UNKNOWN_ERROR);
  });
});
