import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/client';
import { followUploadJob } from './upload-job';

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const state = (created: number, extra: object = {}) => ({
  job_id: 7,
  state: 'running',
  status: true,
  message: 'Your plan is being uploaded and will appear in your workspace shortly',
  created,
  total: 10,
  ...extra,
});

/** Answers each request with the next of these: a stream of pieces, or a refusal. */
function answers(...replies: (string[] | { status: number })[]) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    const reply = replies.shift();
    if (!reply) throw new TypeError('no more answers');
    if (!Array.isArray(reply)) {
      const error = { error: { code: 'NOT_FOUND', message: 'No such upload.' } };
      return new Response(JSON.stringify(error), { status: reply.status });
    }
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of reply) controller.enqueue(encoder.encode(piece));
        controller.close();
      },
    });
    return new Response(body, { status: 200 });
  });
  return urls;
}

describe('followUploadJob', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports progress, opens the stream again when it ends early, and resolves with the outcome', async () => {
    const done = state(10, { state: 'succeeded', message: 'Your plan has been uploaded successfully' });
    // The first server closed (a restart) before the outcome; the second stream brings it.
    const urls = answers([sse('progress', state(0)), sse('progress', state(4))], [sse('done', done)]);
    const seen: number[] = [];
    const outcome = await followUploadJob(7, (p) => seen.push(p.created), new AbortController().signal);
    expect(outcome).toEqual(done);
    expect(seen).toEqual([0, 4]);
    expect(urls).toEqual(['/api/upload-jobs/7/events', '/api/upload-jobs/7/events']);
  });

  it('gives up on a job the server refuses (unknown, or not this user’s)', async () => {
    answers({ status: 404 });
    const failure = await followUploadJob(7, () => {}, new AbortController().signal).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, message: 'No such upload.' });
  });
});
