import { DEFAULT_TOOL, TOOLS, type ToolValue } from '@dpp/shared/constants';
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
  workspaceTitle: string;
  /** Says what the workspace step lists when its title names something else. */
  workspaceHint?: string;
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
    workspaceTitle: 'Select Team',
    // Asana's teams live inside a workspace: this step lists the workspaces, the next one their teams.
    workspaceHint: 'Your Asana workspaces are listed below. Choose the one to upload into; you choose its team next.',
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
    workspaceTitle: 'Select Space',
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
    workspaceTitle: 'Select Space',
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
