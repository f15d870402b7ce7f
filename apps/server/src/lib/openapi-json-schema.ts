/**
 * An OpenAPI 3.0 schema said as JSON Schema, the way ajv checks it (openapi-document.ts compiles what this gives).
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** The id ajv holds the document's component schemas under, with `-request` or `-response` after it. */
export const DOC_ID = 'openapi-document';

/** Keys that only document or that ajv does not know; dropping them keeps ajv strict about the rest. */
const ANNOTATIONS = new Set(['example', 'examples', 'description', 'summary', 'externalDocs', 'xml', 'deprecated']);

export const isObject = (value: Json | undefined): value is JsonObject =>
  !!value && typeof value === 'object' && !Array.isArray(value);
const isNullable = (schema: Json) => isObject(schema) && schema.nullable === true;

/**
 * OpenAPI 3.0 schema → JSON Schema ajv accepts: annotations and x- extensions dropped, refs made absolute, and
 * `nullable` said the JSON Schema way where ajv cannot read it (beside an enum, or without a type). In request
 * mode, readOnly properties are not checked (OpenAPI: they are not part of a request).
 */
export function toJsonSchema(node: Json, mode: 'request' | 'response'): Json {
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
