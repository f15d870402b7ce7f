import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { CORE_SCHEMA, load as loadYaml } from 'js-yaml';
import { DOC_ID, isObject, type Json, type JsonObject, toJsonSchema } from './openapi-json-schema';

// ajv-formats is CommonJS with a default export; under ESM interop the function can sit one level down.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv,
) => Ajv;

/**
 * A vendor's OpenAPI document read and compiled: every operation's route, and its parameters, bodies and responses
 * as ajv validators, each compiled on first use.
 */

export interface OperationInfo {
  operationId: string;
  method: string;
  path: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonObject;
  style?: string;
  explode?: boolean;
}

export interface BodyCheck {
  schema: Json;
  validate: () => ValidateFunction;
}

export interface CompiledOperation {
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

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
export const JSON_TYPE = 'application/json';
export const FORM_TYPE = 'application/x-www-form-urlencoded';

/** Loads a YAML or JSON OpenAPI file. */
export function readOpenApiFile(file: string): () => object {
  return () => {
    const text = readFileSync(file, 'utf8');
    // The core schema: no YAML timestamps or other types JSON does not have.
    return (file.endsWith('.json') ? JSON.parse(text) : loadYaml(text, { schema: CORE_SCHEMA })) as JsonObject;
  };
}

export interface Route {
  method: string;
  operationId: string;
  pattern: RegExp;
  names: string[];
  /** Fixed segments: the more, the more specific. */
  statics: number;
}

/** `/things/{thing_gid}` → a pattern with one group per parameter, and the parameters' names. */
export function routeOf(method: string, operationId: string, template: string): Route {
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
export interface LoadedDocument {
  /** The component schemas as written, for walking them by hand. */
  schemas: JsonObject;
  /** Every operation by method and path, the most specific paths first. */
  routes: Route[];
  operation(operationId: string): CompiledOperation;
  componentValidator(name: string): ValidateFunction | undefined;
}

export function loadDocument(load: () => object, operationIds: readonly string[]): LoadedDocument {
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
