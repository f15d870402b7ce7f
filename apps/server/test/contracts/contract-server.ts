import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import qs from 'qs';
import type { ContractIssue, OpenApiContract } from '../../src/lib/openapi-contract';

/**
 * A local HTTP server that plays a provider for its adapter's contract tests: every request is checked against
 * the provider's official OpenAPI document (contracts/ at the repository root) with the checker the simulators
 * use (src/lib/openapi-contract.ts, made with refuseUndeclared), then answered with a fixture that is itself
 * checked against the operation's response schema for that status.
 *
 * Test-only code.
 */

/** Where a contract file of the repository is. */
export function contractPath(relative: string): string {
  return fileURLToPath(new URL(`../../../../contracts/${relative}`, import.meta.url));
}

export interface ContractRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  /** The body as decoded from its content type (form fields into nested objects, or JSON). */
  body: unknown;
}

export interface CheckedRequest extends ContractRequest {
  operationId: string | null;
  problems: string[];
}

/** Where a request issue is, named as the request's parts: /requestBody/items/0/price, /query/limit. */
const PART = { path: '/path', query: '/query', header: '/header', body: '/requestBody' } as const;

/** An issue of a request, in words: `/requestBody/intent must be equal to one of the allowed values`. */
export const describeRequestIssue = (issue: ContractIssue) => `${PART[issue.in]}${issue.pointer} ${issue.message}`;

/** An issue of a response or a schema, pointing into the value: `/ must have required property 'created'`. */
export const describeIssue = (issue: ContractIssue) => `${issue.pointer || '/'} ${issue.message}`;

export interface FixtureAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** An endpoint the document does not describe (PayPal's token endpoint), checked by hand. */
export interface HandCheckedRoute {
  method: string;
  path: string;
  /** Problems of the request; empty when it is right. */
  check: (request: ContractRequest) => string[];
  answer: (request: ContractRequest) => FixtureAnswer;
}

export interface ContractServerOptions {
  contract: OpenApiContract;
  handChecked?: HandCheckedRoute[];
  /** Provider rules the document cannot express (authentication, idempotency headers). */
  rules?: (request: CheckedRequest) => string[];
  /** The fixture for a conforming request; it is itself checked against the operation's response schema. */
  answer: (request: CheckedRequest & { operationId: string }) => FixtureAnswer | Promise<FixtureAnswer>;
  /** The provider's error answer for a request that breaks the contract. */
  refuse: (problems: string[]) => FixtureAnswer;
}

export interface ContractServer {
  /** http://127.0.0.1:port */
  url: string;
  port: number;
  /** Every request received, with its operation and problems. */
  requests: CheckedRequest[];
  /** Every departure from the contract, requests and fixtures alike; a passing test leaves it empty. */
  violations: string[];
  reset(): void;
  close(): Promise<void>;
}

/** A local HTTP server that plays the provider: each request is checked, then answered with a checked fixture. */
export async function startContractServer(options: ContractServerOptions): Promise<ContractServer> {
  const requests: CheckedRequest[] = [];
  const violations: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(req, Buffer.concat(chunks).toString('utf8'), res).catch((error: unknown) => {
        // A checker that breaks must fail the test, never hang it.
        violations.push(`${req.method} ${req.url}: the checker failed: ${String(error)}`);
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: String(error) }));
      });
    });
  });
  async function handle(req: IncomingMessage, rawBody: string, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const request: ContractRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: qs.parse(url.search.slice(1), { depth: 20, arrayLimit: 1000 }),
      headers: req.headers,
      rawBody,
      body: decodeBody(String(req.headers['content-type'] ?? ''), rawBody),
    };
    const reply = (answer: FixtureAnswer) => {
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    };
    const hand = options.handChecked?.find((route) => route.method === request.method && route.path === request.path);
    if (hand) {
      const problems = hand.check(request);
      requests.push({ ...request, operationId: null, problems });
      violations.push(...problems.map((problem) => `${request.method} ${request.path}: ${problem}`));
      reply(problems.length > 0 ? options.refuse(problems) : hand.answer(request));
      return;
    }
    const { operationId, problems } = checkRequest(options.contract, request);
    const checked: CheckedRequest = { ...request, operationId, problems };
    problems.push(...(options.rules?.(checked) ?? []));
    requests.push(checked);
    if (problems.length > 0 || !operationId) {
      violations.push(...problems.map((problem) => `${request.method} ${request.path}: ${problem}`));
      reply(options.refuse(problems));
      return;
    }
    const answer = await options.answer({ ...checked, operationId });
    // Error fixtures too: they must have the shape the contract gives that status (or 'default').
    const fixtureIssues = options.contract.checkResponse(operationId, answer.status, answer.body);
    violations.push(...fixtureIssues.map((issue) => `fixture of ${operationId}: ${describeIssue(issue)}`));
    reply(answer);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    violations,
    reset() {
      requests.length = 0;
      violations.length = 0;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** Every way the request departs from the contract; empty when it conforms. */
function checkRequest(
  contract: OpenApiContract,
  request: ContractRequest,
): { operationId: string | null; problems: string[] } {
  const match = contract.match(request.method, request.path);
  if (!match) {
    return { operationId: null, problems: [`${request.method} ${request.path} is not an operation of the contract`] };
  }
  const check = contract.checkRequest(match.operation.operationId, {
    params: match.params,
    query: request.query,
    headers: request.headers,
    body: request.body,
    contentType: String(request.headers['content-type'] ?? ''),
  });
  return { operationId: match.operation.operationId, problems: check.ok ? [] : check.issues.map(describeRequestIssue) };
}

function decodeBody(contentType: string, raw: string): unknown {
  if (raw.length === 0) return undefined;
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    // metadata[client_id]=7&items[0][price]=price_1 → { metadata: { client_id: '7' }, items: [{ price: 'price_1' }] }
    return qs.parse(raw, { depth: 20, arrayLimit: 1000, parameterLimit: 10_000 });
  }
  if (contentType.startsWith('application/json')) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  }
  return raw;
}
