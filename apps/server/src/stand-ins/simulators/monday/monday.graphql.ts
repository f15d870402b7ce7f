import { readFileSync } from 'node:fs';
import {
  buildSchema,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
  validate,
} from 'graphql';
import { contractFile } from '../contract-file';

/** The API version of contracts/monday/schema.graphql (see its SOURCE.md). */
export const MONDAY_API_VERSION = '2026-10';
/** monday's cap for a single query or mutation request. */
export const MONDAY_MAX_QUERY_COMPLEXITY = 5_000_000;
/** monday documents create_item at 10,000 points; the simulator charges every mutation that. */
export const MONDAY_MUTATION_COMPLEXITY = 10_000;

let schema: GraphQLSchema | undefined;

/** monday's schema, built once on first use (the SDL is 385 kB). */
export function mondaySchema(): GraphQLSchema {
  schema ??= buildSchema(readFileSync(contractFile('monday/schema.graphql'), 'utf8'));
  return schema;
}

export const SUPPORTED_QUERIES = new Set([
  'me',
  'workspaces',
  'complexity',
  'boards',
  'items',
  'next_items_page',
  '__typename',
  '__schema',
  '__type',
]);
/** Root mutations the simulator runs; graphql-js `execute` runs them one after another, in document order. */
export const SUPPORTED_MUTATIONS = new Set([
  'create_workspace',
  'create_board',
  'create_group',
  'create_column',
  'create_status_column',
  'create_item',
  'create_subitem',
  'change_multiple_column_values',
  'delete_board',
  'complexity',
  '__typename',
]);

export type Parsed =
  | { ok: true; document: DocumentNode; operation: OperationDefinitionNode }
  | { ok: false; errors: GraphQLError[] };

/** Parses and validates a request against monday's schema, as graphql-js does for any GraphQL server. */
export function parseAndValidate(query: unknown, operationName?: unknown): Parsed {
  if (typeof query !== 'string' || query.trim() === '') {
    return { ok: false, errors: [new GraphQLError('No query string was present')] };
  }
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    return { ok: false, errors: [error as GraphQLError] };
  }
  const errors = validate(mondaySchema(), document);
  if (errors.length > 0) return { ok: false, errors: [...errors] };
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation =
    typeof operationName === 'string'
      ? operations.find((o) => o.name?.value === operationName)
      : operations.length === 1
        ? operations[0]
        : undefined;
  if (!operation) {
    return {
      ok: false,
      errors: [
        new GraphQLError(
          typeof operationName === 'string'
            ? `Unknown operation named "${operationName}".`
            : 'Must provide operation name if query contains multiple operations.',
        ),
      ],
    };
  }
  if (operation.operation === 'subscription') {
    return { ok: false, errors: [new GraphQLError('Subscriptions are not supported')] };
  }
  return { ok: true, document, operation };
}

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  return new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
}

/** The top-level fields of an operation, through fragments and inline fragments. */
export function rootFields(document: DocumentNode, operation: OperationDefinitionNode): FieldNode[] {
  const fragments = fragmentsOf(document);
  const out: FieldNode[] = [];
  const walk = (set: SelectionSetNode) => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) out.push(s);
      else if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet);
      else {
        const fragment = fragments.get(s.name.value);
        if (fragment) walk(fragment.selectionSet);
      }
    }
  };
  walk(operation.selectionSet);
  return out;
}

/**
 * The simulator's cost model. monday publishes the budget and create_item's 10,000 points, not its
 * formula: every mutation (create or change) costs 10,000; a read costs 10 per field selected, times the page
 * size (`limit`, 25 by default) for the list fields the simulator serves.
 */
export function complexityOf(document: DocumentNode, operation: OperationDefinitionNode): number {
  const fragments = fragmentsOf(document);
  const LISTS = new Set(['workspaces', 'boards', 'groups', 'items', 'subitems', 'columns']);
  // A page of items (items_page, next_items_page) costs its limit times the items it holds.
  const PAGES = new Set(['items_page', 'next_items_page']);
  const cost = (set: SelectionSetNode | undefined, depth: number, inPage = false): number => {
    if (!set) return 0;
    let total = 0;
    for (const s of set.selections) {
      if (s.kind === Kind.INLINE_FRAGMENT) total += cost(s.selectionSet, depth, inPage);
      else if (s.kind === Kind.FRAGMENT_SPREAD) total += cost(fragments.get(s.name.value)?.selectionSet, depth, inPage);
      else if (s.name.value === 'complexity' || s.name.value.startsWith('__')) continue;
      else if (depth === 0 && operation.operation === 'mutation') {
        total += MONDAY_MUTATION_COMPLEXITY + cost(s.selectionSet, depth + 1);
      } else {
        const limitArg = s.arguments?.find((a) => a.name.value === 'limit');
        const limit = limitArg?.value.kind === Kind.INT ? Number(limitArg.value.value) : 25;
        const isPage = PAGES.has(s.name.value);
        const multiplier = isPage || (LISTS.has(s.name.value) && !inPage) ? limit : 1;
        total += 10 + multiplier * cost(s.selectionSet, depth + 1, isPage);
      }
    }
    return total;
  };
  return cost(operation.selectionSet, 0);
}

/** An application error in monday's shape: message plus extensions { code, error_data, status_code }. */
export function mondayError(message: string, code: string, statusCode = 400, errorData: object = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, error_data: errorData, status_code: statusCode } });
}
