import { readFileSync } from 'node:fs';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { OpenAPIBackend, type Operation } from 'openapi-backend';
import qs from 'qs';
import YAML from 'yaml';

/**
 * Checks the HTTP traffic of a provider adapter against the provider's official OpenAPI document
 * (contracts/ at the repository root). Routing and request validation (path template, method, path,
 * query and header parameters, request body schema) are openapi-backend's; response fixtures are
 * validated with Ajv against the document's own schemas, $refs kept (dereferencing Stripe's
 * document inlines it into schemas too large to compile in reasonable time).
 *
 * Test-only code.
 */

type Json = Record<string, unknown>;

export interface ContractRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The body as decoded from its content type (form fields into nested objects, or JSON). */
  body: unknown;
}

export interface CheckedRequest extends ContractRequest {
  operationId: string | null;
  problems: string[];
}

export interface ContractOptions {
  /**
   * Form bodies carry every value as text: let the validator read '1700000000' as the integer the
   * schema asks for. Off for JSON bodies, where a number in place of a string is an error.
   */
  coerceBodyTypes: boolean;
}

/** Reads a contract file (YAML or JSON) once; the Stripe document is 4 MB, so do it once per test file. */
export function readContract(path: string | URL): Json {
  const text = readFileSync(path, 'utf8');
  return (String(path).endsWith('.json') ? JSON.parse(text) : YAML.parse(text)) as Json;
}

/** Where a contract file of the repository is, from a test file's import.meta.url. */
export function contractPath(relative: string): URL {
  return new URL(`../../../../contracts/${relative}`, import.meta.url);
}

export class OpenApiContract {
  private readonly responseAjv: Ajv;
  private readonly responseValidators = new Map<string, ValidateFunction>();

  private constructor(
    private readonly api: OpenAPIBackend,
    private readonly document: Json,
  ) {
    this.responseAjv = new Ajv({
      strict: false,
      allErrors: true,
      inlineRefs: false,
      validateFormats: false,
      // PayPal's patterns are ECMAScript without the u flag (an unescaped '/' or '{' is an error with it).
      unicodeRegExp: false,
    });
    this.responseAjv.addSchema(document, 'contract');
  }

  static async load(source: Json, options: ContractOptions): Promise<OpenApiContract> {
    const document = nullableForAjv(structuredClone(source));
    const formats = formatNames(document);
    const api = new OpenAPIBackend({
      // openapi-backend dereferences its own copy; ours keeps the $refs for the response validator.
      definition: structuredClone(document) as never,
      quick: true,
      validate: true,
      ajvOpts: { strict: false, allErrors: true, unicodeRegExp: false, coerceTypes: options.coerceBodyTypes },
      customizeAjv: (ajv) => {
        // Formats the validator does not know (Stripe's unix-time, PayPal's ppaas_*) are not checked;
        // types, enums, patterns and lengths are.
        for (const name of formats) if (!ajv.formats[name]) ajv.addFormat(name, true);
        return ajv;
      },
    });
    await api.init();
    return new OpenApiContract(api, document);
  }

  /** The operation a method and path reach, or null when the contract has no such route. */
  operation(method: string, path: string): Operation | null {
    return this.api.router.matchOperation({ method: method.toLowerCase(), path, headers: {} }) ?? null;
  }

  /** Every way the request departs from the contract; empty when it conforms. */
  checkRequest(request: ContractRequest): { operationId: string | null; problems: string[] } {
    const operation = this.operation(request.method, request.path);
    if (!operation?.operationId) {
      return { operationId: null, problems: [`${request.method} ${request.path} is not an operation of the contract`] };
    }
    const problems: string[] = [];
    const result = this.api.validator.validateRequest(
      {
        method: request.method.toLowerCase(),
        path: request.path,
        query: request.query as Record<string, string>,
        headers: request.headers as Record<string, string>,
        // Coercion rewrites values in place: validate a copy, keep the body as it was sent.
        body: structuredClone(request.body) as object,
      },
      operation,
    );
    for (const error of result.errors ?? []) problems.push(describe(error));

    const content = (operation.requestBody as { content?: Record<string, { schema?: Json }> } | undefined)?.content;
    const mediaType = String(request.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (request.rawBody.length > 0) {
      if (!content) problems.push(`${operation.operationId} takes no request body`);
      else if (!content[mediaType]) problems.push(`${operation.operationId} does not accept ${mediaType || 'no type'}`);
      else if (content[mediaType]?.schema) {
        // Where the schema leaves additionalProperties open, the provider still rejects names it does
        // not know: every key sent must be one the contract declares.
        problems.push(...undeclaredKeys(content[mediaType].schema, request.body, '/requestBody'));
      }
    } else if ((operation.requestBody as { required?: boolean } | undefined)?.required) {
      problems.push(`${operation.operationId} requires a request body`);
    }
    return { operationId: operation.operationId, problems };
  }

  /** Problems of a response body against the operation's schema for that status (or 'default'). */
  checkResponse(operationId: string, status: number, body: unknown): string[] {
    const key = `${operationId} ${status}`;
    let validate = this.responseValidators.get(key);
    if (!validate) {
      const pointer = this.responseSchemaPointer(operationId, status);
      if (!pointer) return [`${operationId} declares no JSON response for status ${status}`];
      validate = this.responseAjv.getSchema(`contract#${pointer}`);
      if (!validate) return [`${operationId}: no schema at ${pointer}`];
      this.responseValidators.set(key, validate);
    }
    return validate(body) ? [] : (validate.errors ?? []).map(describe);
  }

  /** Problems of a value against one of the document's component schemas (e.g. a webhook's object). */
  checkSchema(component: string, value: unknown): string[] {
    const validate = this.responseAjv.getSchema(`contract#/components/schemas/${component}`);
    if (!validate) return [`no component schema ${component}`];
    return validate(value) ? [] : (validate.errors ?? []).map(describe);
  }

  private responseSchemaPointer(operationId: string, status: number): string | null {
    const paths = this.document.paths as Record<string, Record<string, Json>>;
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (operation?.operationId !== operationId) continue;
        const responses = operation.responses as Record<string, Json>;
        const code = responses[String(status)] ? String(status) : responses.default ? 'default' : null;
        if (!code) return null;
        const content = responses[code]?.content as Record<string, unknown> | undefined;
        if (!content?.['application/json']) return null;
        return ['', 'paths', path, method, 'responses', code, 'content', 'application/json', 'schema']
          .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
          .join('/');
      }
    }
    return null;
  }
}

function describe(error: ErrorObject): string {
  const where = error.instancePath || '/';
  const extra = error.keyword === 'additionalProperties' ? ` '${String(error.params.additionalProperty)}'` : '';
  return `${where} ${error.message ?? error.keyword}${extra}`;
}

/**
 * OpenAPI 3.0 lets `nullable: true` stand beside anyOf without a type (Stripe does that 400-odd
 * times); Ajv needs a type for it. Same meaning: add null as one more alternative.
 */
function nullableForAjv(node: Json): Json {
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const schema = value as Json;
    // An enum beside nullable lists null too, or Ajv refuses the null that nullable allows.
    if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
    if (schema.nullable === true && schema.type === undefined) {
      delete schema.nullable;
      if (Array.isArray(schema.anyOf)) schema.anyOf.push({ type: 'null' });
      else if (Array.isArray(schema.oneOf)) schema.oneOf.push({ type: 'null' });
      else if (Array.isArray(schema.allOf)) {
        schema.anyOf = [{ allOf: schema.allOf }, { type: 'null' }];
        delete schema.allOf;
      }
    }
    for (const child of Object.values(schema)) visit(child);
  };
  visit(node);
  return node;
}

function formatNames(node: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) formatNames(item, names);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'format' && typeof value === 'string') names.add(value);
      else formatNames(value, names);
    }
  }
  return names;
}

/** Keys of the value that its (dereferenced) schema does not declare, as JSON pointers. */
export function undeclaredKeys(schema: Json | undefined, value: unknown, pointer: string): string[] {
  if (!schema || value === null || value === undefined) return [];
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (alternatives) {
    const kind = kindOf(value);
    const fitting = alternatives.filter((alternative) => typesOf(alternative).includes(kind));
    if (fitting.length === 0) return [];
    // The value is fine if one alternative declares all of it.
    const results = fitting.map((alternative) => undeclaredKeys(alternative, value, pointer));
    return results.reduce((best, next) => (next.length < best.length ? next : best));
  }
  if (Array.isArray(schema.allOf)) {
    const merged: Json = { type: 'object', properties: { ...((schema.properties as Json) ?? {}) } };
    const merge = (parts: Json[]) => {
      for (const part of parts) {
        if (Array.isArray(part.allOf)) merge(part.allOf as Json[]);
        Object.assign(merged.properties as Json, part.properties ?? {});
        if (part.additionalProperties !== undefined) merged.additionalProperties = part.additionalProperties;
      }
    };
    merge(schema.allOf as Json[]);
    return undeclaredKeys(merged, value, pointer);
  }
  if (Array.isArray(value)) {
    const items = schema.items as Json | undefined;
    return value.flatMap((item, index) => undeclaredKeys(items, item, `${pointer}/${index}`));
  }
  if (typeof value !== 'object') return [];
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const additional = schema.additionalProperties;
  const problems: string[] = [];
  for (const [key, child] of Object.entries(value as Json)) {
    if (properties[key]) problems.push(...undeclaredKeys(properties[key], child, `${pointer}/${key}`));
    else if (additional && typeof additional === 'object')
      problems.push(...undeclaredKeys(additional as Json, child, `${pointer}/${key}`));
    else if (additional !== true && !(schema.properties === undefined && additional === undefined)) {
      problems.push(`${pointer}/${key} is not a parameter of the contract`);
    }
  }
  return problems;
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'object' : 'scalar';
}

function typesOf(schema: Json): string[] {
  if (schema.anyOf || schema.oneOf || schema.allOf) return ['object', 'array', 'scalar', 'null'];
  const type = schema.type;
  if (type === 'object' || (type === undefined && schema.properties)) return ['object'];
  if (type === 'array') return ['array'];
  if (type === 'null') return ['null'];
  // Form fields arrive as text whatever their declared scalar type.
  return ['scalar'];
}

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
    const { operationId, problems } = options.contract.checkRequest(request);
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
    const fixtureProblems = options.contract.checkResponse(operationId, answer.status, answer.body);
    violations.push(...fixtureProblems.map((problem) => `fixture of ${operationId}: ${problem}`));
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
