import type { ValidateFunction } from 'ajv';
import type { CompiledOperation } from './openapi-document';
import { type ContractIssue, issue, toIssues } from './openapi-issues';

/** A response body checked against the schema its operation documents for the status, or a value against a component. */

/** Issues of a response body against the documented schema of that status (none when it fits). */
export function checkResponse(op: CompiledOperation, status: number, body: unknown): ContractIssue[] {
  const validate = (op.responses.get(String(status)) ?? op.responses.get('default'))?.();
  if (validate === undefined) return [issue('body', 'status', `status ${status} is not documented`)];
  if (validate === null) {
    const empty = body === undefined || body === null || body === '';
    return empty ? [] : [issue('body', 'status', `no JSON body is documented for status ${status}`)];
  }
  return validate(body) ? [] : toIssues('body', validate.errors);
}

/** Issues of a value against a component schema of the document, given its validator (none: no such component). */
export function checkSchema(
  validate: ValidateFunction | undefined,
  component: string,
  value: unknown,
): ContractIssue[] {
  if (!validate) return [issue('body', 'schema', `no component schema ${component}`)];
  return validate(value) ? [] : toIssues('body', validate.errors);
}
