import { type LoadedDocument, loadDocument, type OperationInfo } from './openapi-document';
import type { ContractIssue } from './openapi-issues';
import { checkRequest, type RequestCheck, type RequestParts } from './openapi-request-check';
import { checkResponse, checkSchema } from './openapi-response-check';

export { readOpenApiFile } from './openapi-document';
export type { ContractIssue } from './openapi-issues';

/**
 * Checks requests and responses against a vendor's OpenAPI 3.0 document: the simulators check what they are
 * sent, the contract tests what the adapters send and the fixtures they answer. Operations are compiled on first
 * use: a vendor's document can hold hundreds of operations and megabytes of examples we never need.
 */

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
      return checkRequest(get(operationId), open().schemas, request, refuseUndeclared);
    },
    checkResponse(operationId, status, body) {
      return checkResponse(get(operationId), status, body);
    },
    checkSchema(component, value) {
      return checkSchema(open().componentValidator(component), component, value);
    },
  };
}
