import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface Encoded<T> {
  /** The value itself, for routes that answer with a part of it. */
  value: T;
  body: Buffer;
  gzip: Buffer;
  etag: string;
  expiresAt: number;
}

/**
 * A read that many callers share: serialised, gzipped and hashed once, then reused until it expires or
 * is invalidated. Concurrent misses share one load.
 */
export class CachedBody<T> {
  private current: Encoded<T> | undefined;
  private pending: Promise<Encoded<T>> | undefined;
  private generation = 0;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly serialize: (value: T) => string,
  ) {}

  /** The encoded value while it is fresh, at once: a cached read answers without a promise. */
  fresh(): Encoded<T> | undefined {
    const current = this.current;
    return current !== undefined && current.expiresAt > Date.now() ? current : undefined;
  }

  async get(): Promise<Encoded<T>> {
    const fresh = this.fresh();
    if (fresh) return fresh;
    if (!this.pending) {
      const generation = this.generation;
      this.pending = this.encode()
        .then((encoded) => {
          if (generation === this.generation) this.current = encoded;
          return encoded;
        })
        .finally(() => {
          this.pending = undefined;
        });
    }
    return this.pending;
  }

  /** Drops the cached copy, e.g. after an admin changed the catalogue. */
  invalidate(): void {
    this.generation += 1;
    this.current = undefined;
  }

  private async encode(): Promise<Encoded<T>> {
    const value = await this.load();
    const body = Buffer.from(this.serialize(value));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    return { value, body, gzip: gzipSync(body), etag, expiresAt: Date.now() + this.ttlMs };
  }
}

/** A JSON read that many callers share. */
export class CachedJson<T> extends CachedBody<T> {
  constructor(load: () => Promise<T>, ttlMs: number) {
    super(load, ttlMs, JSON.stringify);
  }
}

/**
 * Cached bodies by key (the pages of a list, rendered pages), at most `max` of them: past it the map starts
 * again, so keys a caller makes up cannot grow it without end.
 */
export class CachedBodies<T> {
  private readonly entries = new Map<string, CachedBody<T>>();

  constructor(private readonly max: number) {}

  get(key: string, create: () => CachedBody<T>): CachedBody<T> {
    let cached = this.entries.get(key);
    if (!cached) {
      if (this.entries.size >= this.max) this.entries.clear();
      cached = create();
      this.entries.set(key, cached);
    }
    return cached;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

const GZIP = /\bgzip\b/;
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends an encoded body, answering 304 when the client already holds it. */
export function sendEncoded<T>(request: FastifyRequest, reply: FastifyReply, encoded: Encoded<T>, type: string) {
  reply.header('etag', encoded.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === encoded.etag) return reply.code(304).send();
  reply.type(type);
  if (GZIP.test(request.headers['accept-encoding'] ?? '')) {
    return reply.header('content-encoding', 'gzip').send(encoded.gzip);
  }
  return reply.send(encoded.body);
}

/**
 * Sends a cached JSON body, answering 304 when the client already holds it. A fresh copy is sent at once and
 * nothing is returned (the route is answered); only a copy being read again makes it wait, on the promise
 * returned.
 */
export function sendCachedJson<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: CachedJson<T>,
): Promise<void> | undefined {
  const fresh = cache.fresh();
  if (fresh === undefined) {
    // A reply is thenable: awaiting it waits until the answer is written.
    return cache.get().then(async (encoded) => {
      await sendEncoded(request, reply, encoded, JSON_TYPE);
    });
  }
  sendEncoded(request, reply, fresh, JSON_TYPE);
  return undefined;
}
