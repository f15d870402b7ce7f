import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** One server-sent event: its name and its data as JSON. */
export const sseEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Aborts when the connection closes before the reply has been sent in full: the browser went away. */
export function abortedOnClose(reply: FastifyReply): AbortSignal {
  const abort = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  return abort.signal;
}

/**
 * Replies with a stream of server-sent events, each string `events` yields written as it comes. Proxies are
 * told not to buffer or transform it (nginx reads `x-accel-buffering`), or the browser would see it late.
 */
export function sendEventStream(reply: FastifyReply, events: AsyncIterable<string>): FastifyReply {
  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(Readable.from(events, { objectMode: false }));
}
