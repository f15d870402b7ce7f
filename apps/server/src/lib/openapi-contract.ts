import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { CORE_SCHEMA, load as loadYaml } from 'js-yaml';

// ajv-formats is CommonJS with a default export; under ESM interop the function can sit one level down.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv,
) => Ajv;

/**
 * Checks requests and responses against a vendor's OpenAPI 3.0 document: the simulators check what they are
 * sent, the contract tests what the adapters send and the fixtures they answer. Operations are compiled on first
 * use: a vendor's document can hold hundreds of operations and megabytes of examples we never need.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface ContractIssue {
  /** Where: the path, the query string, a header or the body. */
  in: 'path' | 'query' | 'header' | 'body';
  /** Dotted location inside that part, e.g. 'data.name' or 'opt_fields'; a missing property is named. */
  field: string;
  /** JSON pointer of the value found wrong inside that part ('' for the part itself), as ajv reports it. */
  pointer: string;
  /** ajv keyword that failed ('required', 'type', 'enum', 'format', ...), or one of the checks of this module. */
  keyword: string;
  message: string;
}

type RequestCheck =
  | { ok: true; query: Record<string, unknown>; body: unknown }
  | { ok: false; issues: ContractIssue[] };

interface RequestParts {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  headers?: Record<string, string | string[] | undefined>;
  body?: unknown;
  /** Media type of the body (parameters such as charset ignored); JSON when not given. */
  contentType?: string;
}

interface OperationInfo {
  operationId: string;
  method: string;
  path: string;
}

export interface OpenApiContract {
  operation(operationId: string): OperationInfo;
  /** The operation a method and path reach, with the path's parameters; undefined when the document has none. */
  match(method: string, path: string): { operation: OperationInfo; params: Record<string, string> } | undefined;
  checkRequest(operationId: string, request: RequestParts): RequestCheck;
  /** Issues of a response body against the documented schema of that status (none when it fits). */
  checkResponse(operationId: string, status: number, body: unknown): ContractIssue[];
  /** Issues of a value against one of the document's component schemas (a webhook's object, say). */
  checkSchema(component: string, value: unknown): ContractIssue[];
}

interface OpenApiContractOptions {
  /** Reads the document (parsed JSON or YAML); called once, on the first check. */
  load: () => object;
  /** Operations compiled as soon as the document is read, and refused when it lacks one; others compile on first use. */
  operationIds?: readonly string[];
  /**
   * Refuse every name the document does not declare: query parameters, and body keys also where a schema leaves
   * additionalProperties open (the vendors reject names they do not know anyway). The contract tests want this;
   * the simulators keep objects open, as the vendors' schemas are.
   */
  refuseUndeclared?: boolean;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonObject;
  style?: string;
  explode?: boolean;
}

interface BodyCheck {
  schema: Json;
  validate: () => ValidateFunction;
}

interface CompiledOperation {
  info: OperationInfo;
  params: Parameter[];
  validatePath: ValidateFunction;
  validateQuery: ValidateFunction;
  validateHeaders: ValidateFunction;
  /** The body's schema by media type, its validator compiled on first use. */
  bodies: Map<string, BodyCheck>;
  /** Whether the operation takes a body at all, whatever its schema. */
  takesBody: boolean;
  bodyRequired: boolean;
  responses: Map<string, () => ValidateFunction | null>;
}

const DOC_ID = 'openapi-document';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** Keys that only document or that ajv does not know; dropping them keeps ajv strict about the rest. */
const ANNOTATIONS = new Set(['example', 'examples', 'description', 'summary', 'externalDocs', 'xml', 'deprecated']);

const isObject = (value: Json | undefined): value is JsonObject =>
  !!value && typeof value === 'object' && !Array.isArray(value);
const isNullable = (schema: Json) => isObject(schema) && schema.nullable === true;

/**
 * OpenAPI 3.0 schema → JSON Schema ajv accepts: annotations and x- extensions dropped, refs made absolute, and
 * `nullable` said the JSON Schema way where ajv cannot read it (beside an enum, or without a type). In request
 * mode, readOnly properties are not checked (OpenAPI: they are not part of a request).
 */
function toJsonSchema(node: Json, mode: 'request' | 'response'): Json {
  if (Array.isArray(node)) return node.map((n) => toJsonSchema(n, mode));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-') || ANNOTATIONS.has(key)) continue;
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = value.startsWith('#/') ? `${DOC_ID}-${mode}${value}` : value;
    } else if (key === 'properties' && isObject(value)) {
      const props: JsonObject = {};
      for (const [name, schema] of Object.entries(value)) {
        const readOnly = isObject(schema) && schema.readOnly === true;
        props[name] = mode === 'request' && readOnly ? {} : toJsonSchema(schema, mode);
      }
      out.properties = props;
    } else {
      out[key] = toJsonSchema(value, mode);
    }
  }
  delete out.readOnly;
  delete out.writeOnly;
  // An enum beside nullable lists null too, or ajv refuses the null that nullable allows.
  if (node.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  // ajv reads nullable only beside a type; without one, it is said as one more alternative.
  if (out.type === undefined && out.nullable !== undefined) {
    delete out.nullable;
    if (node.nullable === true) {
      // Stripe writes "one of these, or null" as nullable beside anyOf.
      if (Array.isArray(out.anyOf)) out.anyOf = [...out.anyOf, { type: 'null' }];
      else if (Array.isArray(out.oneOf)) out.oneOf = [...out.oneOf, { type: 'null' }];
      else if (Array.isArray(out.allOf)) return { anyOf: [{ type: 'null' }, out] };
    }
  }
  // OAS 3.0 also writes "this $ref, or null" as allOf: [{ $ref }, { nullable: true }].
  if (Array.isArray(out.allOf) && Array.isArray(node.allOf) && node.allOf.some(isNullable)) {
    return { anyOf: [{ type: 'null' }, out] };
  }
  return out;
}

function pointerToField(pointer: string): string {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');
}

function toIssues(where: ContractIssue['in'], errors: ErrorObject[] | null | undefined): ContractIssue[] {
  return (errors ?? []).map((e) => {
    const base = pointerToField(e.instancePath);
    const missing = e.keyword === 'required' ? String((e.params as { missingProperty: string }).missingProperty) : '';
    const field = [base, missing].filter(Boolean).join('.');
    const extra =
      e.keyword === 'additionalProperties'
        ? ` '${String((e.params as { additionalProperty: string }).additionalProperty)}'`
        : '';
    return {
      in: where,
      field,
      pointer: e.instancePath,
      keyword: e.keyword,
      message: `${e.message ?? 'is invalid'}${extra}`,
    };
  });
}

/** Query values arrive as strings: split form-style arrays, so ajv can coerce and check each item. */
function prepareQuery(params: Parameter[], query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...query };
  for (const p of params) {
    if (p.in !== 'query' || out[p.name] === undefined) continue;
    const isArray = p.schema?.type === 'array';
    const value = out[p.name];
    if (isArray && typeof value === 'string') {
      out[p.name] = p.explode === false || p.style === undefined ? value.split(',') : [value];
    } else if (!isArray && Array.isArray(value)) {
      out[p.name] = value[value.length - 1];
    }
  }
  return out;
}

/** Header names are case-insensitive: the document's and the request's are compared in lower case. */
function lowerCaseKeys(headers: RequestParts['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Loads a YAML or JSON OpenAPI file. */
export function readOpenApiFile(file: string): () => object {
  return () => {
    const text = readFileSync(file, 'utf8');
    // The core schema: no YAML timestamps or other types JSON does not have.
    return (file.endsWith('.json') ? JSON.parse(text) : loadYaml(text, { schema: CORE_SCHEMA })) as JsonObject;
  };
}

interface Route {
  method: string;
  operationId: string;
  pattern: RegExp;
  names: string[];
  /** Fixed segments: the more, the more specific. */
  statics: number;
}

/** `/things/{thing_gid}` → a pattern with one group per parameter, and the parameters' names. */
function routeOf(method: string, operationId: string, template: string): Route {
  const names: string[] = [];
  const source = template.replace(/\{([^}]+)\}|[^{]+/g, (part, name: string | undefined) => {
    if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    names.push(name);
    return '([^/]+)';
  });
  const statics = template.split('/').filter((segment) => segment && !segment.includes('{')).length;
  return { method: method.toUpperCase(), operationId, pattern: new RegExp(`^${source}/?$`), names, statics };
}

/** A document read, with what is compiled of it so far. */
interface LoadedDocument {
  /** The component schemas as written, for walking them by hand. */
  schemas: JsonObject;
  /** Every operation by method and path, the most specific paths first. */
  routes: Route[];
  operation(operationId: string): CompiledOperation;
  componentValidator(name: string): ValidateFunction | undefined;
}

function loadDocument(load: () => object, operationIds: readonly string[]): LoadedDocument {
  const doc = load() as JsonObject;
  const components = (doc.components ?? {}) as JsonObject;
  // The vendor's schemas are trusted as written: checking them against the meta-schema costs seconds. Patterns
  // are ECMAScript without the u flag, as OpenAPI 3.0 means them (PayPal's are not valid with it), and formats
  // ajv does not know (Stripe's unix-time, PayPal's ppaas_*) are not checked.
  const options = {
    strict: false,
    allErrors: true,
    logger: false,
    validateSchema: false,
    unicodeRegExp: false,
  } as const;
  const ajvBody = new Ajv(options);
  // Form bodies carry every value as text: the integer the schema asks for arrives as '1700000000'.
  const ajvForm = new Ajv({ ...options, coerceTypes: true });
  const ajvResponse = new Ajv(options);
  const ajvParams = new Ajv({ ...options, coerceTypes: 'array' });
  const withComponents = new Set<Ajv>();
  for (const ajv of [ajvBody, ajvForm, ajvResponse, ajvParams]) addFormats(ajv);
  /** The component schemas, read the request or the response way, added to an instance when it first needs them. */
  const ready = (ajv: Ajv, mode: 'request' | 'response' = 'request') => {
    if (!withComponents.has(ajv)) {
      ajv.addSchema({ components: { schemas: toJsonSchema(components.schemas ?? {}, mode) } }, `${DOC_ID}-${mode}`);
      withComponents.add(ajv);
    }
    return ajv;
  };
  // Parameters rarely refer to component schemas; when one does, it is checked with them at hand.
  const compileParams = (schema: object) =>
    (JSON.stringify(schema).includes(`"${DOC_ID}-request#`) ? ready(ajvParams) : ajvParams).compile(schema);
  const resolve = (node: Json | undefined, kind: 'parameters' | 'requestBodies' | 'responses'): JsonObject => {
    const ref = isObject(node) ? node.$ref : undefined;
    if (typeof ref !== 'string') return (node ?? {}) as JsonObject;
    return (components[kind] as JsonObject)[ref.replace(`#/components/${kind}/`, '')] as JsonObject;
  };

  const located = new Map<string, { path: string; method: string; pathItem: JsonObject; op: JsonObject }>();
  const routes: Route[] = [];
  for (const [path, pathItem] of Object.entries((doc.paths ?? {}) as Record<string, JsonObject>)) {
    for (const method of METHODS) {
      const op = pathItem[method];
      if (!isObject(op) || typeof op.operationId !== 'string') continue;
      located.set(op.operationId, { path, method, pathItem, op });
      routes.push(routeOf(method, op.operationId, path));
    }
  }
  // /v1/customers/search before /v1/customers/{customer}.
  routes.sort((a, b) => b.statics - a.statics);

  const compiled = new Map<string, CompiledOperation>();
  const compile = (operationId: string): CompiledOperation => {
    const where = located.get(operationId);
    if (!where) throw new Error(`Operations not in the OpenAPI document: ${operationId}`);
    const { path, method, pathItem, op } = where;
    const byKey = new Map<string, Parameter>();
    for (const p of [...((pathItem.parameters as Json[]) ?? []), ...((op.parameters as Json[]) ?? [])]) {
      const param = resolve(p, 'parameters') as unknown as Parameter;
      byKey.set(`${param.in}:${param.name}`, param);
    }
    const params = [...byKey.values()];
    const objectOf = (where: 'path' | 'query' | 'header') => {
      const list = params.filter((p) => p.in === where);
      const name = (p: Parameter) => (where === 'header' ? p.name.toLowerCase() : p.name);
      return {
        type: 'object',
        properties: Object.fromEntries(list.map((p) => [name(p), toJsonSchema(p.schema ?? {}, 'request')])),
        required: list.filter((p) => p.required || where === 'path').map(name),
      };
    };
    const requestBody = resolve(op.requestBody, 'requestBodies');
    const bodies = new Map<string, BodyCheck>();
    for (const [mediaType, content] of Object.entries((requestBody.content ?? {}) as JsonObject)) {
      const schema = isObject(content) ? content.schema : undefined;
      if (schema === undefined) continue;
      let validator: ValidateFunction | undefined;
      bodies.set(mediaType, {
        schema,
        validate: () => {
          validator ??= ready(mediaType === FORM_TYPE ? ajvForm : ajvBody).compile(
            toJsonSchema(schema, 'request') as object,
          );
          return validator;
        },
      });
    }
    // Response validators are compiled when first asked for (tests): the simulators never need them.
    const responses = new Map<string, () => ValidateFunction | null>();
    for (const [status, response] of Object.entries((op.responses ?? {}) as JsonObject)) {
      let validator: ValidateFunction | null | undefined;
      responses.set(status, () => {
        if (validator === undefined) {
          const content = resolve(response, 'responses').content as JsonObject | undefined;
          const schema = (content?.[JSON_TYPE] as JsonObject | undefined)?.schema;
          validator = schema
            ? ready(ajvResponse, 'response').compile(toJsonSchema(schema, 'response') as object)
            : null;
        }
        return validator;
      });
    }
    return {
      info: { operationId, method: method.toUpperCase(), path },
      params,
      validatePath: compileParams(objectOf('path')),
      validateQuery: compileParams(objectOf('query')),
      validateHeaders: compileParams(objectOf('header')),
      bodies,
      takesBody: op.requestBody !== undefined,
      bodyRequired: requestBody.required === true,
      responses,
    };
  };
  const operation = (operationId: string) => {
    let op = compiled.get(operationId);
    if (!op) {
      op = compile(operationId);
      compiled.set(operationId, op);
    }
    return op;
  };

  const missing = operationIds.filter((id) => !located.has(id));
  if (missing.length > 0) throw new Error(`Operations not in the OpenAPI document: ${missing.join(', ')}`);
  for (const id of operationIds) for (const body of operation(id).bodies.values()) body.validate();
  return {
    schemas: (components.schemas ?? {}) as JsonObject,
    routes,
    operation,
    componentValidator: (name) =>
      ready(ajvResponse, 'response').getSchema(`${DOC_ID}-response#/components/schemas/${name}`),
  };
}

const issue = (where: ContractIssue['in'], keyword: string, message: string, pointer = ''): ContractIssue => ({
  in: where,
  field: pointerToField(pointer),
  pointer,
  keyword,
  message,
});

export function openApiContract({
  load,
  operationIds = [],
  refuseUndeclared = false,
}: OpenApiContractOptions): OpenApiContract {
  let document: LoadedDocument | undefined;
  const open = () => {
    document ??= loadDocument(load, operationIds);
    return document;
  };
  const get = (operationId: string) => open().operation(operationId);

  return {
    operation: (operationId) => get(operationId).info,
    match(method, path) {
      const upper = method.toUpperCase();
      for (const route of open().routes) {
        const m = route.method === upper ? route.pattern.exec(path) : null;
        if (!m) continue;
        const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(m[i + 1]!)]));
        return { operation: get(route.operationId).info, params };
      }
      return undefined;
    },
    checkRequest(operationId, request) {
      const op = get(operationId);
      const issues: ContractIssue[] = [];
      const path = { ...(request.params ?? {}) };
      if (!op.validatePath(path)) issues.push(...toIssues('path', op.validatePath.errors));
      const query = prepareQuery(op.params, request.query ?? {});
      if (!op.validateQuery(query)) issues.push(...toIssues('query', op.validateQuery.errors));
      if (refuseUndeclared) {
        const declared = new Set(op.params.filter((p) => p.in === 'query').map((p) => p.name));
        for (const name of Object.keys(query).filter((n) => !declared.has(n))) {
          issues.push(issue('query', 'undeclared', UNDECLARED, `/${name}`));
        }
      }
      const headers = lowerCaseKeys(request.headers);
      if (!op.validateHeaders(headers)) issues.push(...toIssues('header', op.validateHeaders.errors));
      const body = request.body;
      const mediaType = (request.contentType ?? JSON_TYPE).split(';')[0]!.trim().toLowerCase();
      const accepted = op.bodies.get(mediaType);
      if (body === undefined || body === null) {
        if (op.bodyRequired) issues.push(issue('body', 'required', 'body is required'));
      } else if (!op.takesBody) {
        issues.push(issue('body', 'body', 'takes no request body'));
      } else if (!accepted) {
        issues.push(issue('body', 'mediaType', `does not accept ${mediaType}`));
      } else {
        const validate = accepted.validate();
        // Coercion rewrites values in place: a form body is checked as a copy, and kept as it was sent.
        if (!validate(mediaType === FORM_TYPE ? structuredClone(body) : body)) {
          issues.push(...toIssues('body', validate.errors));
        }
        if (refuseUndeclared) {
          for (const pointer of undeclaredKeys(open().schemas, accepted.schema, body, '')) {
            issues.push(issue('body', 'undeclared', UNDECLARED, pointer));
          }
        }
      }
      return issues.length > 0 ? { ok: false, issues } : { ok: true, query, body };
    },
    checkResponse(operationId, status, body) {
      const op = get(operationId);
      const validate = (op.responses.get(String(status)) ?? op.responses.get('default'))?.();
      if (validate === undefined) return [issue('body', 'status', `status ${status} is not documented`)];
      if (validate === null) {
        const empty = body === undefined || body === null || body === '';
        return empty ? [] : [issue('body', 'status', `no JSON body is documented for status ${status}`)];
      }
      return validate(body) ? [] : toIssues('body', validate.errors);
    },
    checkSchema(component, value) {
      const validate = open().componentValidator(component);
      if (!validate) return [issue('body', 'schema', `no component schema ${component}`)];
      return validate(value) ? [] : toIssues('body', validate.errors);
    },
  };
}

const UNDECLARED = 'is not a parameter of the contract';

/** A component schema with its references followed, for walking it by hand. */
function deref(schemas: JsonObject, schema: Json | undefined): JsonObject | undefined {
  let node = schema;
  for (let hops = 0; hops < 32 && isObject(node) && typeof node.$ref === 'string'; hops++) {
    node = schemas[node.$ref.replace('#/components/schemas/', '')];
  }
  return isObject(node) ? node : undefined;
}

/** Keys of the value its schema does not declare, as JSON pointers (see refuseUndeclared). */
function undeclaredKeys(schemas: JsonObject, schemaOrRef: Json | undefined, value: unknown, pointer: string): string[] {
  const schema = deref(schemas, schemaOrRef);
  if (!schema || value === null || value === undefined) return [];
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (alternatives) {
    const kind = kindOf(value);
    const fitting = alternatives
      .map((alternative) => deref(schemas, alternative))
      .filter((alternative): alternative is JsonObject => !!alternative && typesOf(alternative).includes(kind));
    if (fitting.length === 0) return [];
    // The value is fine if one alternative declares all of it.
    const results = fitting.map((alternative) => undeclaredKeys(schemas, alternative, value, pointer));
    return results.reduce((best, next) => (next.length < best.length ? next : best));
  }
  if (Array.isArray(schema.allOf)) {
    const merged: JsonObject = { type: 'object', properties: { ...((schema.properties as JsonObject) ?? {}) } };
    const merge = (parts: Json[]) => {
      for (const part of parts.map((p) => deref(schemas, p))) {
        if (!part) continue;
        if (Array.isArray(part.allOf)) merge(part.allOf);
        Object.assign(merged.properties as JsonObject, part.properties ?? {});
        if (part.additionalProperties !== undefined) merged.additionalProperties = part.additionalProperties;
      }
    };
    merge(schema.allOf);
    return undeclaredKeys(schemas, merged, value, pointer);
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => undeclaredKeys(schemas, schema.items, item, `${pointer}/${index}`));
  }
  if (typeof value !== 'object') return [];
  const properties = (schema.properties ?? {}) as JsonObject;
  const additional = schema.additionalProperties;
  const problems: string[] = [];
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (properties[key]) problems.push(...undeclaredKeys(schemas, properties[key], child, `${pointer}/${key}`));
    else if (isObject(additional)) problems.push(...undeclaredKeys(schemas, additional, child, `${pointer}/${key}`));
    else if (additional !== true && !(schema.properties === undefined && additional === undefined)) {
      problems.push(`${pointer}/${key}`);
    }
  }
  return problems;
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'object' : 'scalar';
}

function typesOf(schema: JsonObject): string[] {
  if (schema.anyOf || schema.oneOf || schema.allOf) return ['object', 'array', 'scalar', 'null'];
  const type = schema.type;
  if (type === 'object' || (type === undefined && schema.properties)) return ['object'];
  if (type === 'array') return ['array'];
  if (type === 'null') return ['null'];
  // Form fields arrive as text whatever their declared scalar type.
  return ['scalar'];
}
