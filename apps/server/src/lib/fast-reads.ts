import { randomFillSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyServerOptions } from 'fastify';
import { JSON_TYPE } from './cached-json';

/** What the lane needs from the app; late-bound, as the app is built after its server. */
export interface FastReadsHooks {
  /** The headers every answer carries (security headers). */
  headers: Readonly<Record<string, string>>;
  /** The request id: the caller's when it is well-formed, else a new one. */
  requestId(incoming: string | string[] | undefined): string;
  /** The series of the request metrics an answer is counted in (as the app's onResponse hook counts). */
  series(route: string, statusCode: number): { observe(seconds: number): void };
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

/** One of the three answers of an encoded copy, ready to be written. */
interface Answer {
  statusCode: number;
  /**
   * Node's flat [name, value, ...] header list; its last value is the request id, set just before each write
   * (writeHead reads the list at once and keeps nothing of it, so one list serves every request).
   */
  headers: string[];
  bytes: Buffer | undefined;
  metrics: { observe(seconds: number): void };
}

interface Answers {
  /** The copy these answers are of. */
  encoded: Encoded;
  plain: Answer;
  gzip: Answer;
  notModified: Answer;
}

interface FastRead {
  path: string;
  body: FreshBody;
  type: string;
  /** The answers of the copy last sent; a new copy (after a change or expiry) gets its own. */
  answers: Answers | undefined;
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
  /** The request headers of the request being answered: refilled per request, as nothing keeps them after it. */
  private readonly requestHeaders = emptyHeaders();

  /** Serves `path` from `body` while it is fresh; the route of that path must answer the same. */
  add(path: string, body: FreshBody, type = JSON_TYPE): void {
    this.reads.set(path, { path, body, type, answers: undefined });
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

  /**
   * Answers a fresh cached read and says so; false leaves the request untouched for Fastify. Everything that
   * does not change from one request to the next (headers, metrics series) is prepared once per copy: what is
   * left per request is what node's own HTTP work needs, the request id, and counting the answer.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const hooks = this.hooks;
    if (req.method !== 'GET' || hooks === undefined) return false;
    const read = this.reads.get(req.url as string);
    if (read === undefined) return false;
    const encoded = read.body.fresh();
    if (encoded === undefined || hooks.closing()) return false;
    const started = performance.now();
    const headers = readHeaders(req.rawHeaders, this.requestHeaders);
    const reqId = hooks.requestId(headers.requestId);
    const answers = read.answers?.encoded === encoded ? read.answers : this.prepare(read, encoded, hooks);
    const answer =
      headers.ifNoneMatch === encoded.etag
        ? answers.notModified
        : GZIP.test(headers.acceptEncoding ?? '')
          ? answers.gzip
          : answers.plain;
    answer.headers[answer.headers.length - 1] = reqId;
    res.writeHead(answer.statusCode, answer.headers).end(answer.bytes);
    const ms = performance.now() - started;
    answer.metrics.observe(ms / 1000);
    if (hooks.sampledRead())
      hooks.logRead({ reqId, method: 'GET', url: read.path, statusCode: answer.statusCode, ms: Math.round(ms) });
    return true;
  }

  /** The three answers of an encoded copy (plain, gzip, 304), kept on the read until its next copy. */
  private prepare(read: FastRead, encoded: Encoded, hooks: FastReadsHooks): Answers {
    const shared = [
      ...Object.entries(hooks.headers).flat(),
      'etag',
      encoded.etag,
      'cache-control',
      'no-cache',
      'vary',
      'accept-encoding',
    ];
    const ok = hooks.series(read.path, 200);
    const withBody = (bytes: Buffer, encoding: string[]): Answer => ({
      statusCode: 200,
      headers: [
        ...shared,
        'content-type',
        read.type,
        ...encoding,
        'content-length',
        String(bytes.length),
        'x-request-id',
        '',
      ],
      bytes,
      metrics: ok,
    });
    const answers: Answers = {
      encoded,
      plain: withBody(encoded.body, []),
      gzip: withBody(encoded.gzip, ['content-encoding', 'gzip']),
      notModified: {
        statusCode: 304,
        headers: [...shared, 'x-request-id', ''],
        bytes: undefined,
        metrics: hooks.series(read.path, 304),
      },
    };
    read.answers = answers;
    return answers;
  }
}

/** The three request headers the lane reads, as node's `req.headers` would give them. */
interface ReadHeaders {
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
  requestId: string | undefined;
}

const emptyHeaders = (): ReadHeaders => ({ acceptEncoding: undefined, ifNoneMatch: undefined, requestId: undefined });

/**
 * Reads the lane's three headers from node's raw list ([name, value, ...], names as sent) into `headers`.
 * `req.headers` would make an object of every header the client sent, one property at a time, to read three
 * of them. A header sent more than once is joined with ', ', as node joins these three.
 */
export function readHeaders(raw: string[], headers: ReadHeaders = emptyHeaders()): ReadHeaders {
  headers.acceptEncoding = undefined;
  headers.ifNoneMatch = undefined;
  headers.requestId = undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    // Only a name of one of the three lengths can be one of them: no lower-casing for the others.
    if (name.length === 15) {
      if (name.toLowerCase() === 'accept-encoding') headers.acceptEncoding = joined(headers.acceptEncoding, raw[i + 1]);
    } else if (name.length === 13) {
      if (name.toLowerCase() === 'if-none-match') headers.ifNoneMatch = joined(headers.ifNoneMatch, raw[i + 1]);
    } else if (name.length === 12) {
      if (name.toLowerCase() === 'x-request-id') headers.requestId = joined(headers.requestId, raw[i + 1]);
    }
  }
  return headers;
}

const joined = (earlier: string | undefined, value: string | undefined) =>
  earlier === undefined ? value : `${earlier}, ${value}`;

/** A well-formed request id the caller sent, or a new one. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : newRequestId();
}

const REQUEST_ID = /^[\w-]{8,64}$/;

const ID_BYTES = 16;
/** Random bytes for new request ids, drawn from the system 256 ids at a time. */
const idBytes = Buffer.alloc(ID_BYTES * 256);
let idOffset = idBytes.length;

/**
 * A new request id: 128 random bits as 32 hex digits, written by one native call. `randomUUID` draws its bytes
 * in batches too, but builds its text from 20 pieces on every call, which a cached read paid on each answer.
 */
export function newRequestId(): string {
  if (idOffset === idBytes.length) {
    randomFillSync(idBytes);
    idOffset = 0;
  }
  const id = idBytes.toString('hex', idOffset, idOffset + ID_BYTES);
  idOffset += ID_BYTES;
  return id;
}
