/**
 * The three task tools a plan can be uploaded into; the connectionType path segment
 * (docs/product-rules.md, Plan upload).
 */
export const TASK_TOOLS = ['asana', 'clickup', 'monday'] as const;
export type TaskToolName = (typeof TASK_TOOLS)[number];

/**
 * The one OAuth client the local simulators know (/sandbox/<tool>), and the adapters use while a tool has no
 * client id configured. Defined here, with the adapters, so that the product never imports the sandbox.
 */
export const SANDBOX_OAUTH_CLIENT = { clientId: 'dpp-sandbox', clientSecret: 'dpp-sandbox-secret' } as const;

/** A tool's OAuth app at the vendor. */
export interface VendorApp {
  clientId: string;
  clientSecret: string;
}

/** Where a tool lives: the vendor's hosts, or the simulator under PUBLIC_URL/sandbox/<tool>. */
export interface ToolEndpoints {
  apiBase: string;
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** True when talking to the local simulator. */
  local: boolean;
}

export interface ToolAccount {
  email: string;
  gid: string;
}

export interface TokenSet {
  accessToken: string;
  refreshToken?: string | undefined;
  expiresAt?: Date | undefined;
  account: ToolAccount;
}

export interface Named {
  id: string;
  name: string;
  /** What the place belongs to, where the tool nests them (a ClickUp space's Workspace). */
  group?: string;
}

/** The plan as every adapter uploads it: ordered, each item with a stable key for the upload ledger. */
export interface UploadSubtask {
  key: string;
  name: string;
  description: string;
}
/** How much a task matters, as a member's copy says it; templates' tasks have none. */
export type UploadPriority = 'none' | 'low' | 'medium' | 'high';
/** A priority as a person reads it in a tool: the label of monday's column, the line of Asana's notes. */
export const PRIORITY_LABELS: Record<Exclude<UploadPriority, 'none'>, string> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};
export interface UploadTask {
  key: string;
  name: string;
  description: string;
  /** YYYY-MM-DD; null for a task without a due date (a member's copy may have one), sent without it. */
  dueOn: string | null;
  /**
   * YYYY-MM-DD the work starts; null for none (every template task). Absent, like `priority`, from the payload of
   * an upload queued before sending carried them: read as null and 'none'.
   */
  startOn?: string | null;
  priority?: UploadPriority;
  /** The id the plan's source gives the task (a member's copy does), kept with the sending; no tool receives it. */
  sourceId?: string;
  /**
   * The `sourceId`s of the tasks of this plan it waits on (finish-to-start): each becomes a link in the tool once both
   * tasks exist there. Absent, like `milestone`, from uploads queued before sending carried them: none, and false.
   */
  dependsOn?: string[];
  /** A moment (its due day, no start): the tool's milestone where it has one. */
  milestone?: boolean;
  subtasks: UploadSubtask[];
}
export interface UploadSection {
  key: string;
  name: string;
  description: string;
  tasks: UploadTask[];
}
export interface UploadPlan {
  key: string;
  name: string;
  description: string;
  sections: UploadSection[];
}

/**
 * What an upload has already created remotely (local item key → remote id). An adapter records each
 * object as soon as the tool confirms it, and skips every key already recorded, so running the same
 * upload again continues where it stopped.
 */
export interface UploadLedger {
  get(key: string): string | undefined;
  /** Whether a remote id is already recorded for some item of this upload. */
  holds(remoteId: string): boolean;
  /**
   * True when an earlier run of this upload stopped (its worker died or gave up): its last request may have
   * created an object whose id never reached the ledger, so the first create of this run looks for it first.
   */
  resumed: boolean;
  record(entries: { key: string; remoteId: string }[]): Promise<void>;
  /** Aborted when the job is no longer ours: stop before sending anything else. */
  signal: AbortSignal;
}

export interface UploadTarget {
  /** Asana workspace gid, ClickUp space id, monday workspace id. */
  workspaceId: string;
  /** Asana team gid. */
  teamId?: string | undefined;
}

/** Gives the current access token, and a fresh one after the tool answered 401. */
export interface TokenSource {
  current(): Promise<string>;
  refreshed(): Promise<string | null>;
}

/** One task of an uploaded project as the tool holds it now. */
export interface RemoteTaskState {
  /** The tool's id of the task: the one the upload ledger recorded for it. */
  remoteId: string;
  done: boolean;
  /** YYYY-MM-DD, or null: the task has no due date in the tool. */
  dueOn: string | null;
}

/** The tasks of an uploaded project now, or 'gone' when the tool no longer has the project. */
export type RemoteProgress = { tasks: RemoteTaskState[] } | 'gone';

/** What of the plan a tool did not receive, told to the member with the sending: the task it concerns, and why. */
export interface UploadSkip {
  task: string;
  message: string;
}

/** What an upload ends with: the project's id in the tool, and what the tool did not receive (links it refused). */
export interface UploadOutcome {
  projectId: string;
  skipped: UploadSkip[];
}

export interface TaskToolAdapter {
  readonly tool: TaskToolName;
  readonly usesPkce: boolean;
  authorizeUrl(params: { state: string; redirectUri: string; codeChallenge?: string }): string;
  exchangeCode(params: { code: string; redirectUri: string; codeVerifier?: string }): Promise<TokenSet>;
  /** Only for tools whose tokens expire. */
  refresh?(refreshToken: string): Promise<TokenSet>;
  /** Asana workspaces, ClickUp spaces (of every authorized team), monday workspaces. */
  listWorkspaces(token: TokenSource): Promise<Named[]>;
  /** Asana only: the teams of a workspace. */
  listTeams?(token: TokenSource, workspaceId: string): Promise<Named[]>;
  /** monday only. */
  createWorkspace?(token: TokenSource, name: string): Promise<Named>;
  /** The account a token acts for: a call that succeeds only while the member's grant to us stands. */
  account(token: TokenSource): Promise<ToolAccount>;
  /**
   * Where a person opens an uploaded project, as the tool itself gives it (Asana's `permalink_url`, monday's
   * `Board.url`; ClickUp's folder address from its Workspace), read once the upload is complete. Null when the
   * tool gives none.
   */
  projectUrl(token: TokenSource, projectId: string, target: UploadTarget, signal?: AbortSignal): Promise<string | null>;
  /**
   * The tasks of an uploaded project with whether each is done and its due date, read with the fewest requests
   * the tool's API allows (its list calls, a page at a time; never a request per task).
   */
  readProgress(token: TokenSource, projectId: string, signal?: AbortSignal): Promise<RemoteProgress>;
  upload(token: TokenSource, plan: UploadPlan, target: UploadTarget, ledger: UploadLedger): Promise<UploadOutcome>;
}

/** A failed call to a task tool, with what the job needs to decide: retry, wait, or give up. */
export class UpstreamError extends Error {
  constructor(
    readonly tool: TaskToolName,
    readonly status: number,
    message: string,
    /** Worth trying again later (5xx, dropped connection, rate limit). */
    readonly retryable: boolean,
    /** For rate limits longer than we wait inline: when to try again. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}
