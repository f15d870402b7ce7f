import { type CompiledOperation, FORM_TYPE, JSON_TYPE, type Parameter } from './openapi-document';
import { type ContractIssue, issue, toIssues } from './openapi-issues';
import { isObject, type Json, type JsonObject } from './openapi-json-schema';

/**
 * A request checked against its operation: the path, the query and the headers against their parameters, the body
 * against the schema of its media type, and (for the contract tests) every name the document does not declare.
 */

export type RequestCheck =
  | { ok: true; query: Record<string, unknown>; body: unknown }
  | { ok: false; issues: ContractIssue[] };

export interface RequestParts {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  headers?: Record<string, string | string[] | undefined>;
  body?: unknown;
  /** Media type of the body (parameters such as charset ignored); JSON when not given. */
  contentType?: string;
}

/** Query values arrive as strings: split form-style arrays, so ajv can coerce and check each item. */
export function prepareQuery(params: Parameter[], query: Record<string, unknown>): Record<string, unknown> {
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
export function lowerCaseKeys(headers: RequestParts['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Checks a request against a compiled operation; `schemas` are the document's components, for undeclared names. */
export function checkRequest(
  op: CompiledOperation,
  schemas: JsonObject,
  request: RequestParts,
  refuseUndeclared: boolean,
): RequestCheck {
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
      for (const pointer of undeclaredKeys(schemas, accepted.schema, body, '')) {
        issues.push(issue('body', 'undeclared', UNDECLARED, pointer));
      }
    }
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, query, body };
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
export function undeclaredKeys(
  schemas: JsonObject,
  schemaOrRef: Json | undefined,
  value: unknown,
  pointer: string,
): string[] {
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
