import { DEFAULT_TOOL, TOOLS, type ToolValue } from '@dpp/shared/constants';
import { UPLOAD_MESSAGES } from '@dpp/shared/messages';
import type { ConnectionType } from '@dpp/shared/schemas/upload';
import { readStorage, removeStorage, STORAGE_KEYS, tabStorage, writeStorage } from '../../shared/session';

/**
 * The task tools (docs/product-rules.md, Plan upload): value, button text, connectionType, workspace title,
 * registration link, upload endpoint.
 */
export interface TaskTool {
  value: Exclude<ToolValue, 4>;
  name: string;
  buttonText: string;
  connectionType: ConnectionType;
  /** The heading of the workspace step, naming what the tool calls the places it lists. */
  workspaceTitle: string;
  /** Says what the workspace step lists and what the plan becomes there. */
  workspaceHint: string;
  registrationLink: string;
  endpoint: 'teams' | 'spaces' | 'workspaces';
  logo: string;
  successPath: string;
}

export const TASK_TOOLS: readonly TaskTool[] = [
  {
    value: TOOLS.ASANA,
    name: 'Asana',
    buttonText: 'Connect with Asana',
    connectionType: 'asana',
    // Asana's teams live inside a workspace: this step lists the workspaces, the next one ('Select Team') their teams.
    workspaceTitle: UPLOAD_MESSAGES.SELECT_WORKSPACE_TITLE,
    workspaceHint: UPLOAD_MESSAGES.ASANA_PLACES_HINT,
    registrationLink: 'https://asana.com/create-account',
    endpoint: 'teams',
    logo: '/images/tools/asana.svg',
    successPath: '/upload-action/asana/upload/success',
  },
  {
    value: TOOLS.CLICKUP,
    name: 'ClickUp',
    buttonText: 'Connect with ClickUp',
    connectionType: 'clickup',
    // The spaces of every Workspace ('team' in ClickUp's API) the member authorized, grouped by Workspace.
    workspaceTitle: UPLOAD_MESSAGES.SELECT_SPACE_TITLE,
    workspaceHint: UPLOAD_MESSAGES.CLICKUP_PLACES_HINT,
    registrationLink: 'https://app.clickup.com/signup',
    endpoint: 'spaces',
    logo: '/images/tools/clickup.svg',
    successPath: '/upload-action/clickup/upload/success',
  },
  {
    value: TOOLS.MONDAY,
    name: 'monday.com',
    buttonText: 'Connect with monday.com',
    connectionType: 'monday',
    // The specification's title for monday.com; the hint under it says these are its workspaces.
    workspaceTitle: UPLOAD_MESSAGES.SELECT_SPACE_TITLE,
    workspaceHint: UPLOAD_MESSAGES.MONDAY_PLACES_HINT,
    registrationLink: 'https://auth.monday.com/users/sign_up_new',
    endpoint: 'workspaces',
    logo: '/images/tools/monday.svg',
    successPath: '/upload-action/upload/success',
  },
];

export const toolByValue = (value: number | null) => TASK_TOOLS.find((t) => t.value === value) ?? null;
export const toolByType = (type: string | undefined) => TASK_TOOLS.find((t) => t.connectionType === type) ?? null;

export function selectedTool(): TaskTool | null {
  const raw = readStorage(STORAGE_KEYS.SELECTED_TOOL);
  return raw === null ? null : toolByValue(Number(raw));
}
export function selectTool(value: number = DEFAULT_TOOL): void {
  writeStorage(STORAGE_KEYS.SELECTED_TOOL, String(value));
}

export const planId = () => readStorage(STORAGE_KEYS.PLAN_ID);
export const paymentDone = () => readStorage(STORAGE_KEYS.PAYMENT_MARKER) === 'done';

export function rememberPlan(id: string | number, title?: string): void {
  writeStorage(STORAGE_KEYS.PLAN_ID, String(id));
  writeStorage(STORAGE_KEYS.PAYMENT_MARKER, 'done');
  if (title) writeStorage(STORAGE_KEYS.PLAN_TITLE, title);
}

/**
 * Where "Done" leads after a sending: back to the plan in the editor when it was one of My Plans (`my-plan-<id>`),
 * where its progress now shows; otherwise to My Plans, where the member's own plans are.
 */
export function sentPlanPath(id: string | null): string {
  const copy = /^my-plan-(\d+)$/.exec(id ?? '');
  return copy ? `/my-plans/${copy[1]}` : '/my-plans';
}

/** Cleared after a successful upload. */
export function forgetPlan(): void {
  removeStorage(STORAGE_KEYS.PAYMENT_MARKER);
  removeStorage(STORAGE_KEYS.PLAN_ID);
}

export interface ConnectionData {
  email: string;
  gid: string;
}

// The connection lives in this tab's storage ('all state persists except the connection state').

export const connectionToken = () => tabStorage()?.getItem(STORAGE_KEYS.TOOL_CONNECTION_TOKEN) ?? null;

export function connectionData(): ConnectionData | null {
  const raw = tabStorage()?.getItem(STORAGE_KEYS.TOOL_CONNECTION_DATA);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as ConnectionData;
  } catch {
    return null;
  }
}

export function storeConnection(token: string, data: ConnectionData | null): void {
  tabStorage()?.setItem(STORAGE_KEYS.TOOL_CONNECTION_TOKEN, token);
  if (data) tabStorage()?.setItem(STORAGE_KEYS.TOOL_CONNECTION_DATA, JSON.stringify(data));
}

export function clearConnection(): void {
  tabStorage()?.removeItem(STORAGE_KEYS.TOOL_CONNECTION_TOKEN);
  tabStorage()?.removeItem(STORAGE_KEYS.TOOL_CONNECTION_DATA);
}
