import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { newRequestId, readHeaders, requestIdOf } from './fast-reads';

/** What node's own `req.headers` gives for a raw header list. */
function nodeHeaders(raw: string[]) {
  const message = new IncomingMessage(new Socket());
  message.rawHeaders = raw;
  (message as unknown as { _addHeaderLines(headers: string[], n: number): void })._addHeaderLines(raw, raw.length);
  return message.headers;
}

const LISTS: string[][] = [
  [],
  ['Host', '127.0.0.1:3000', 'Accept-Encoding', 'gzip, deflate, br'],
  ['host', 'a', 'accept-encoding', 'identity', 'if-none-match', '"abc"', 'x-request-id', 'abc-12345678'],
  // Other headers of the same lengths as the three.
  ['Accept-Language', 'en', 'Cache-Control', 'no-cache', 'Content-Type', 'text/plain', 'Authorization', 'Bearer x'],
  // Mixed case, and each of the three sent twice.
  ['ACCEPT-ENCODING', 'br', 'Accept-encoding', 'gzip', 'If-None-Match', '"a"', 'if-none-match', '"b"'],
  ['X-Request-Id', 'first-id-123', 'x-request-id', 'second-id-456', 'X-REQUEST-ID', 'third'],
  ['if-none-match', ''],
];

describe('the lane’s request headers', () => {
  it.each(LISTS)('are those node would give for %j', (...raw) => {
    const node = nodeHeaders(raw);
    expect(readHeaders(raw)).toEqual({
      acceptEncoding: node['accept-encoding'],
      ifNoneMatch: node['if-none-match'],
      requestId: node['x-request-id'],
    });
  });
});

describe('the lane’s reused header record', () => {
  it('keeps nothing of the request before', () => {
    const record = readHeaders(['Accept-Encoding', 'gzip', 'If-None-Match', '"a"', 'X-Request-Id', 'abc-12345678']);
    expect(readHeaders(['Host', 'a'], record)).toEqual({
      acceptEncoding: undefined,
      ifNoneMatch: undefined,
      requestId: undefined,
    });
  });
});

describe('request ids', () => {
  it('are 128 random bits in hex, a new one each time, past a batch of random bytes', () => {
    const ids = Array.from({ length: 600 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keep a well-formed id the caller sent and replace any other', () => {
    expect(requestIdOf('abc-12345678')).toBe('abc-12345678');
    for (const incoming of [undefined, 'short', 'has space 123', ['abc-12345678', 'def-12345678'], 'x'.repeat(65)])
      expect(requestIdOf(incoming)).toMatch(/^[0-9a-f]{32}$/);
  });
});
