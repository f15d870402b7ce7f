import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { CORE_SCHEMA, load as loadYaml } from 'js-yaml';

// ajv-formats is CommonJS with a default export; under ESM interop the function can sit one level down.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv,
) => Ajv;

/**
 * Checks requests (and, for tests, responses) against an OpenAPI 3.0 document. Only the operations
 * named are compiled, on first use: a vendor's document can hold hundreds of operations and
 * megabytes of examples we never need.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface ContractIssue {
  /** Where: 'path', 'query' or 'body'. */
  in: 'path' | 'query' | 'body';
  /** Dotted location inside that part, e.g. 'data.name' or 'opt_fields'. */
  field: string;
  /** ajv keyword that failed: 'required', 'type', 'enum', 'format', ... */
  keyword: string;
  message: string;
}

export type RequestCheck =
  | { ok: true; query: Record<string, unknown>; body: unknown }
  | { ok: false; issues: ContractIssue[] };

export interface RequestParts {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface OperationInfo {
  operationId: string;
  method: string;
  path: string;
}

export interface OpenApiContract {
  operation(operationId: string): OperationInfo;
  checkRequest(operationId: string, request: RequestParts): RequestCheck;
  /** Issues of a response body against the documented schema of that status (none when it fits). */
  checkResponse(operationId: string, status: number, body: unknown): ContractIssue[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonObject;
  style?: string;
  explode?: boolean;
}

interface CompiledOperation {
  info: OperationInfo;
  params: Parameter[];
  validatePath: ValidateFunction;
  validateQuery: ValidateFunction;
  validateBody?: ValidateFunction;
  bodyRequired: boolean;
  responses: Map<string, () => ValidateFunction | null>;
}

const DOC_ID = 'openapi-document';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Keys that only document or that ajv does not know; dropping them keeps ajv strict about the rest. */
const ANNOTATIONS = new Set(['example', 'examples', 'description', 'summary', 'externalDocs', 'xml', 'deprecated']);

/**
 * OpenAPI 3.0 schema → JSON Schema ajv accepts: annotations and x- extensions dropped, `nullable`
 * without `type` dropped, refs made absolute. In request mode, readOnly properties are not
 * checked (OpenAPI: they are not part of a request) and not required.
 */
function toJsonSchema(node: Json, mode: 'request' | 'response'): Json {
  if (Array.isArray(node)) return node.map((n) => toJsonSchema(n, mode));
  if (!node || typeof node !== 'object') return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-') || ANNOTATIONS.has(key)) continue;
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = value.startsWith('#/') ? `${DOC_ID}-${mode}${value}` : value;
    } else if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
      const props: JsonObject = {};
      for (const [name, schema] of Object.entries(value)) {
        const readOnly = !!schema && typeof schema === 'object' && !Array.isArray(schema) && schema.readOnly === true;
        props[name] = mode === 'request' && readOnly ? {} : toJsonSchema(schema, mode);
      }
      out.properties = props;
    } else {
      out[key] = toJsonSchema(value, mode);
    }
  }
  if (out.type === undefined) delete out.nullable;
  // OAS 3.0 writes "this $ref, or null" as allOf: [{ $ref }, { nullable: true }]; JSON Schema needs it said.
  if (Array.isArray(out.allOf) && node.allOf && (node.allOf as Json[]).some((m) => isNullable(m))) {
    return { anyOf: [{ type: 'null' }, out] };
  }
  if (out.readOnly !== undefined) delete out.readOnly;
  if (out.writeOnly !== undefined) delete out.writeOnly;
  return out;
}

const isNullable = (schema: Json) =>
  !!schema && typeof schema === 'object' && !Array.isArray(schema) && schema.nullable === true;

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
    return { in: where, field, keyword: e.keyword, message: e.message ?? 'is invalid' };
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

export interface OpenApiContractOptions {
  /** Reads the document (parsed JSON or YAML); called once, on the first check. */
  load: () => object;
  operationIds: readonly string[];
}

/** Loads a YAML or JSON OpenAPI file. */
export function readOpenApiFile(file: string): () => object {
  return () => {
    const text = readFileSync(file, 'utf8');
    // The core schema: no YAML timestamps or other types JSON does not have.
    return (file.endsWith('.json') ? JSON.parse(text) : loadYaml(text, { schema: CORE_SCHEMA })) as JsonObject;
  };
}

export function openApiContract({ load, operationIds }: OpenApiContractOptions): OpenApiContract {
  let compiled: Map<string, CompiledOperation> | undefined;

  const compile = (): Map<string, CompiledOperation> => {
    const doc = load() as JsonObject;
    const components = (doc.components ?? {}) as JsonObject;
    // The vendor's schemas are trusted as written: checking them against the meta-schema costs seconds.
    const options = { strict: false, allErrors: true, logger: false, validateSchema: false } as const;
    const ajvBody = new Ajv(options);
    const ajvQuery = new Ajv({ ...options, coerceTypes: 'array' });
    addFormats(ajvBody);
    addFormats(ajvQuery);
    const addComponents = (ajv: Ajv, mode: 'request' | 'response') =>
      ajv.addSchema({ components: { schemas: toJsonSchema(components.schemas ?? {}, mode) } }, `${DOC_ID}-${mode}`);
    addComponents(ajvBody, 'request');
    let responseComponents = false;
    // Parameters rarely refer to component schemas; when one does, it is checked with them at hand.
    let queryComponents = false;
    const queryAjv = (schema: object) => {
      if (!queryComponents && JSON.stringify(schema).includes(`"${DOC_ID}-request#`)) {
        addComponents(ajvQuery, 'request');
        queryComponents = true;
      }
      return ajvQuery;
    };
    const resolveParam = (p: Json): Parameter => {
      const ref = (p as JsonObject).$ref;
      if (typeof ref === 'string') {
        const name = ref.replace('#/components/parameters/', '');
        return (components.parameters as JsonObject)[name] as unknown as Parameter;
      }
      return p as unknown as Parameter;
    };

    const result = new Map<string, CompiledOperation>();
    const wanted = new Set(operationIds);
    for (const [path, item] of Object.entries((doc.paths ?? {}) as JsonObject)) {
      const pathItem = item as JsonObject;
      for (const method of METHODS) {
        const op = pathItem[method] as JsonObject | undefined;
        if (!op || typeof op.operationId !== 'string' || !wanted.has(op.operationId)) continue;
        const byKey = new Map<string, Parameter>();
        for (const p of [...((pathItem.parameters as Json[]) ?? []), ...((op.parameters as Json[]) ?? [])]) {
          const param = resolveParam(p);
          byKey.set(`${param.in}:${param.name}`, param);
        }
        const params = [...byKey.values()];
        const objectOf = (where: 'path' | 'query') => {
          const list = params.filter((p) => p.in === where);
          return {
            type: 'object',
            properties: Object.fromEntries(list.map((p) => [p.name, toJsonSchema(p.schema ?? {}, 'request')])),
            required: list.filter((p) => p.required || where === 'path').map((p) => p.name),
          };
        };
        const requestBody = op.requestBody as JsonObject | undefined;
        const bodySchema = ((requestBody?.content as JsonObject | undefined)?.['application/json'] as JsonObject)
          ?.schema;
        // Response validators are compiled when first asked for (tests): the simulators never need them.
        const responses = new Map<string, () => ValidateFunction | null>();
        for (const [status, response] of Object.entries((op.responses ?? {}) as JsonObject)) {
          let validator: ValidateFunction | null | undefined;
          responses.set(status, () => {
            if (validator !== undefined) return validator;
            let resolved = response as JsonObject;
            if (typeof resolved.$ref === 'string') {
              resolved = (components.responses as JsonObject)[
                resolved.$ref.replace('#/components/responses/', '')
              ] as JsonObject;
            }
            const schema = ((resolved.content as JsonObject | undefined)?.['application/json'] as JsonObject)?.schema;
            if (schema && !responseComponents) {
              addComponents(ajvBody, 'response');
              responseComponents = true;
            }
            validator = schema ? ajvBody.compile(toJsonSchema(schema, 'response') as object) : null;
            return validator;
          });
        }
        result.set(op.operationId, {
          info: { operationId: op.operationId, method: method.toUpperCase(), path },
          params,
          validatePath: queryAjv(objectOf('path')).compile(objectOf('path')),
          validateQuery: queryAjv(objectOf('query')).compile(objectOf('query')),
          ...(bodySchema && { validateBody: ajvBody.compile(toJsonSchema(bodySchema, 'request') as object) }),
          bodyRequired: requestBody?.required === true,
          responses,
        });
      }
    }
    const missing = operationIds.filter((id) => !result.has(id));
    if (missing.length > 0) throw new Error(`Operations not in the OpenAPI document: ${missing.join(', ')}`);
    return result;
  };

  const get = (operationId: string): CompiledOperation => {
    compiled ??= compile();
    const op = compiled.get(operationId);
    if (!op) throw new Error(`Operation ${operationId} was not compiled`);
    return op;
  };

  return {
    operation: (operationId) => get(operationId).info,
    checkRequest(operationId, request) {
      const op = get(operationId);
      const issues: ContractIssue[] = [];
      const path = { ...(request.params ?? {}) };
      if (!op.validatePath(path)) issues.push(...toIssues('path', op.validatePath.errors));
      const query = prepareQuery(op.params, request.query ?? {});
      if (!op.validateQuery(query)) issues.push(...toIssues('query', op.validateQuery.errors));
      const body = request.body;
      if (body === undefined || body === null) {
        if (op.bodyRequired) issues.push({ in: 'body', field: '', keyword: 'required', message: 'body is required' });
      } else if (op.validateBody && !op.validateBody(body)) {
        issues.push(...toIssues('body', op.validateBody.errors));
      }
      return issues.length > 0 ? { ok: false, issues } : { ok: true, query, body };
    },
    checkResponse(operationId, status, body) {
      const op = get(operationId);
      const validate = (op.responses.get(String(status)) ?? op.responses.get('default'))?.();
      if (validate === undefined) {
        return [{ in: 'body', field: '', keyword: 'status', message: `status ${status} is not documented` }];
      }
      if (validate === null || validate(body)) return [];
      return toIssues('body', validate.errors);
    },
  };
}
