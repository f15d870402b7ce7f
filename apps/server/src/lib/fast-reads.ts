import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { JSON_TYPE } from './cached-json';

/** What the lane needs from the app; late-bound, as the app is built after its server. */
export interface FastReadsHooks {
  /** The headers every answer carries (security headers). */
  headers: Readonly<Record<string, string>>;
  /** The request id: the caller's when it is well-formed, else a new one. */
  requestId(incoming: string | string[] | undefined): string;
  /** Counts the answer in the request metrics (as the app's onResponse hook does). */
  observe(route: string, statusCode: number, seconds: number): void;
  /** Whether this read gets an access line now (the app's sampling of successful reads). */
  sampledRead(): boolean;
  /** Writes the access line of a sampled read. */
  logRead(line: { reqId: string; method: string; url: string; statusCode: number; ms: number }): void;
  /** While the server shuts down every request goes through Fastify (it closes keep-alive connections). */
  closing(): boolean;
}

/** An encoded copy of a cached body: its bytes, gzipped bytes and ETag. */
interface Encoded {
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

/** A cached body (lib/cached-json.ts) as the lane reads it: its encoded copy while fresh. */
interface FreshBody {
  fresh(): Encoded | undefined;
}

interface Answer {
  statusCode: number;
  headers: string[];
  bytes: Buffer | undefined;
}

interface Answers {
  plain: Answer;
  gzip: Answer;
  notModified: Answer;
}

interface FastRead {
  body: FreshBody;
  type: string;
}

const GZIP = /\bgzip\b/;

/**
 * Cached public reads answered below Fastify. A GET of one of these exact paths (no query string) whose body
 * is fresh in its cache is written straight to node's response: the same status, headers and bytes as the
 * Fastify route (which stays, and answers everything else: HEAD, queries, a copy being read again, `inject`),
 * counted in the metrics and sampled into the access log alike. Fastify's routing, request and reply objects
 * and hook runner were most of what a cached read cost beyond node's own HTTP work (ADR 0028).
 */
export class FastReads {
  private readonly reads = new Map<string, FastRead>();
  private hooks: FastReadsHooks | undefined;
  /** Per encoded copy: a new copy (after a change or expiry) gets its own, the old one is collected. */
  private readonly prepared = new WeakMap<Encoded, Answers>();

  /** Serves `path` from `body` while it is fresh; the route of that path must answer the same. */
  add(path: string, body: FreshBody, type = JSON_TYPE): void {
    this.reads.set(path, { body, type });
  }

  connect(hooks: FastReadsHooks): void {
    this.hooks = hooks;
  }

  /** Fastify's `serverFactory`: node's HTTP server, this lane first, Fastify's handler for the rest. */
  readonly serverFactory = (
    fastifyHandler: (req: IncomingMessage, res: ServerResponse) => void,
    options: FastifyServerOptions,
  ): Server => {
    const server = createServer((req, res) => {
      if (!this.answer(req, res)) fastifyHandler(req, res);
    });
    // What Fastify sets on the server it makes itself.
    if (options.keepAliveTimeout) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout) server.setTimeout(options.connectionTimeout);
    return server;
  };

  /** Answers a fresh cached read and says so; false leaves the request untouched for Fastify. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const hooks = this.hooks;
    if (req.method !== 'GET' || hooks === undefined) return false;
    const url = req.url as string;
    const read = this.reads.get(url);
    const encoded = read?.body.fresh();
    if (read === undefined || encoded === undefined || hooks.closing()) return false;
    const started = performance.now();
    const reqId = hooks.requestId(req.headers['x-request-id']);
    const answers = this.answersOf(read, encoded, hooks.headers);
    const answer =
      req.headers['if-none-match'] === encoded.etag
        ? answers.notModified
        : GZIP.test(req.headers['accept-encoding'] ?? '')
          ? answers.gzip
          : answers.plain;
    // The prepared headers and this request's id, as node's flat [name, value, ...] list.
    res.writeHead(answer.statusCode, [...answer.headers, 'x-request-id', reqId]).end(answer.bytes);
    const ms = performance.now() - started;
    hooks.observe(url, answer.statusCode, ms / 1000);
    if (hooks.sampledRead())
      hooks.logRead({ reqId, method: 'GET', url, statusCode: answer.statusCode, ms: Math.round(ms) });
    return true;
  }

  /** The three answers of an encoded copy (plain, gzip, 304), their headers prepared once per copy. */
  private answersOf(read: FastRead, encoded: Encoded, common: Readonly<Record<string, string>>): Answers {
    let answers = this.prepared.get(encoded);
    if (answers === undefined) {
      const shared = [
        ...Object.entries(common).flat(),
        'etag',
        encoded.etag,
        'cache-control',
        'no-cache',
        'vary',
        'accept-encoding',
      ];
      const withBody = (bytes: Buffer, encoding: string[]) => ({
        statusCode: 200,
        headers: [...shared, 'content-type', read.type, ...encoding, 'content-length', String(bytes.length)],
        bytes,
      });
      answers = {
        plain: withBody(encoded.body, []),
        gzip: withBody(encoded.gzip, ['content-encoding', 'gzip']),
        notModified: { statusCode: 304, headers: shared, bytes: undefined },
      };
      this.prepared.set(encoded, answers);
    }
    return answers;
  }
}

/** A well-formed request id the caller sent, or a new one. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

const REQUEST_ID = /^[\w-]{8,64}$/;
