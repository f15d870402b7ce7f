import { MEMBER_BUDGETS } from '@dpp/shared/constants';
import { AI_MESSAGES } from '@dpp/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/client';
import { streamAi } from './planner.api';
import { savedSections } from './use-wizard';

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** An /openai answer whose body sends these pieces, then ends (or breaks, when `breakWith` is set). */
function answerWith(pieces: string[], breakWith?: Error) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      if (breakWith) controller.error(breakWith);
      else controller.close();
    },
  });
  vi.stubGlobal('fetch', async () => new Response(body, { status: 200 }));
}

describe('streamAi', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves with the whole reply once the done event has come', async () => {
    answerWith([sse('delta', { text: 'Specific: ' }), sse('delta', { text: 'grow' }), sse('done', { tokens: 3 })]);
    const seen: string[] = [];
    expect(await streamAi({ step: '0' }, (t) => seen.push(t))).toBe('Specific: grow');
    expect(seen).toEqual(['Specific: ', 'Specific: grow']);
  });

  it('fails a stream that ends without done: the half-written answer is not complete', async () => {
    answerWith([sse('delta', { text: 'Specific: half' }), 'event: delta\ndata: {"text":" an ans']);
    const seen: string[] = [];
    const failure = await streamAi({ step: '0' }, (t) => seen.push(t)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('UPSTREAM_FAILED');
    expect((failure as ApiError).message).toBe(AI_MESSAGES.PROVIDER_FAILED);
    expect(seen).toEqual(['Specific: half']);
  });

  it('fails a stream whose connection breaks mid-answer', async () => {
    answerWith([sse('delta', { text: 'Specific: half' })], new TypeError('network error'));
    const failure = await streamAi({ step: '0' }, () => {}).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe(AI_MESSAGES.PROVIDER_FAILED);
  });

  it("shows the server's refusal of an answer beyond the member's budget, before any event", async () => {
    const message = AI_MESSAGES.RUNS_AT_ONCE(MEMBER_BUDGETS.PLANNER_RUNS_AT_ONCE);
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message } }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '10' },
        }),
    );
    const failure = await streamAi({ step: '0' }, () => {}).catch((e: unknown) => e);
    // The wizard's step shows the message of the ApiError it catches (use-wizard.ts, messageOf).
    expect(failure).toMatchObject({ status: 429, code: 'RATE_LIMITED', message });
  });

  it("shows the server's error event", async () => {
    answerWith([
      sse('delta', { text: 'Specific:' }),
      sse('error', { code: 'UPSTREAM_FAILED', message: AI_MESSAGES.PROVIDER_FAILED }),
    ]);
    const failure = await streamAi({ step: '0' }, () => {}).catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 502, code: 'UPSTREAM_FAILED', message: AI_MESSAGES.PROVIDER_FAILED });
  });
});

describe('savedSections', () => {
  it('keeps finished sections and drops a half-written one', () => {
    expect(
      savedSections([
        { title: 'Purpose', text: 'Why it matters.', isFinished: true },
        { title: 'Description', text: 'What the project inv', isFinished: false },
        { title: 'Roles/Resources', text: '', isFinished: false },
      ]),
    ).toEqual([{ title: 'Purpose', text: 'Why it matters.' }]);
  });
});
