import { type ContractIssue, openApiContract, readOpenApiFile } from '../../../lib/openapi-contract';
import { contractFile } from '../contract-file';

/**
 * The simulated Asana API's contract: the operations it serves, checked against Asana's OpenAPI document, the
 * routes that reach them, and Asana's errors in its own words.
 */

/** The operations the simulator serves, by Asana's operationId. */
const ASANA_OPERATIONS = [
  'getUser',
  'getWorkspaces',
  'getTeamsForWorkspace',
  'getProjectsForTeam',
  'getProject',
  'createProject',
  'createSectionForProject',
  'createTask',
  'createSubtaskForTask',
  'createBatchRequest',
  'getSectionsForProject',
  'getTasksForSection',
  'getSubtasksForTask',
  'getTasksForProject',
  'updateTask',
  'deleteProject',
  'addDependenciesForTask',
  'getDependenciesForTask',
] as const;
type OperationId = (typeof ASANA_OPERATIONS)[number];

/** Parsed once, on the first API call, and shared by every app in the process. */
export const asanaContract = openApiContract({
  load: readOpenApiFile(contractFile('asana/asana_oas.yaml')),
  operationIds: ASANA_OPERATIONS,
});

const ASANA_HELP =
  'For more information on API status codes and how to handle them, read the docs on errors: https://developers.asana.com/docs/errors';

export interface AsanaResult {
  status: number;
  body: unknown;
}

export const asanaError = (status: number, ...messages: string[]): AsanaResult => ({
  status,
  body: { errors: messages.map((message) => ({ message, help: ASANA_HELP })) },
});

const ROUTES: { op: OperationId; method: string; pattern: RegExp; params: string[] }[] = [
  { op: 'getUser', method: 'GET', pattern: /^\/users\/([^/]+)$/, params: ['user_gid'] },
  { op: 'getWorkspaces', method: 'GET', pattern: /^\/workspaces$/, params: [] },
  {
    op: 'getTeamsForWorkspace',
    method: 'GET',
    pattern: /^\/workspaces\/([^/]+)\/teams$/,
    params: ['workspace_gid'],
  },
  { op: 'getProjectsForTeam', method: 'GET', pattern: /^\/teams\/([^/]+)\/projects$/, params: ['team_gid'] },
  { op: 'getProject', method: 'GET', pattern: /^\/projects\/([^/]+)$/, params: ['project_gid'] },
  { op: 'createProject', method: 'POST', pattern: /^\/projects$/, params: [] },
  {
    op: 'createSectionForProject',
    method: 'POST',
    pattern: /^\/projects\/([^/]+)\/sections$/,
    params: ['project_gid'],
  },
  { op: 'createTask', method: 'POST', pattern: /^\/tasks$/, params: [] },
  { op: 'createSubtaskForTask', method: 'POST', pattern: /^\/tasks\/([^/]+)\/subtasks$/, params: ['task_gid'] },
  { op: 'createBatchRequest', method: 'POST', pattern: /^\/batch$/, params: [] },
  {
    op: 'getSectionsForProject',
    method: 'GET',
    pattern: /^\/projects\/([^/]+)\/sections$/,
    params: ['project_gid'],
  },
  { op: 'getTasksForSection', method: 'GET', pattern: /^\/sections\/([^/]+)\/tasks$/, params: ['section_gid'] },
  { op: 'getSubtasksForTask', method: 'GET', pattern: /^\/tasks\/([^/]+)\/subtasks$/, params: ['task_gid'] },
  { op: 'getTasksForProject', method: 'GET', pattern: /^\/projects\/([^/]+)\/tasks$/, params: ['project_gid'] },
  { op: 'updateTask', method: 'PUT', pattern: /^\/tasks\/([^/]+)$/, params: ['task_gid'] },
  { op: 'deleteProject', method: 'DELETE', pattern: /^\/projects\/([^/]+)$/, params: ['project_gid'] },
  {
    op: 'addDependenciesForTask',
    method: 'POST',
    pattern: /^\/tasks\/([^/]+)\/addDependencies$/,
    params: ['task_gid'],
  },
  {
    op: 'getDependenciesForTask',
    method: 'GET',
    pattern: /^\/tasks\/([^/]+)\/dependencies$/,
    params: ['task_gid'],
  },
];

export function matchRoute(method: string, path: string) {
  for (const route of ROUTES) {
    if (route.method !== method.toUpperCase()) continue;
    const m = route.pattern.exec(path);
    if (!m) continue;
    const params = Object.fromEntries(route.params.map((name, i) => [name, decodeURIComponent(m[i + 1]!)]));
    return { op: route.op, params };
  }
  return undefined;
}

/** ajv's findings in Asana's words: "name: Missing input", the field without the `data.` wrapper. */
export function issueMessage(issue: ContractIssue): string {
  const field = issue.field.replace(/^data\./, '') || 'data';
  if (issue.keyword === 'required') return `${field}: Missing input`;
  if (issue.keyword === 'format') return `${field}: Invalid value, ${issue.message}`;
  if (issue.keyword === 'enum') return `${field}: Not one of the allowed values`;
  if (issue.keyword === 'type') return `${field}: Invalid value, ${issue.message}`;
  return `${field}: ${issue.message}`;
}

export const GID = /^\d{1,20}$/;

export type Data = Record<string, unknown>;
export const dataOf = (body: unknown): Data | undefined => {
  const data = (body as { data?: unknown } | undefined)?.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Data) : undefined;
};
