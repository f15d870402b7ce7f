import type { ErrorObject } from 'ajv';

/** What a check of a contract finds wrong, in one shape whatever found it: ajv, or a check of this library's own. */

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

export function pointerToField(pointer: string): string {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');
}

export function toIssues(where: ContractIssue['in'], errors: ErrorObject[] | null | undefined): ContractIssue[] {
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

/** A finding of a check of this library's own (not ajv's), at a JSON pointer of the part. */
export const issue = (where: ContractIssue['in'], keyword: string, message: string, pointer = ''): ContractIssue => ({
  in: where,
  field: pointerToField(pointer),
  pointer,
  keyword,
  message,
});
