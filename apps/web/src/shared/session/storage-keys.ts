/** Keys of what the web app keeps in browser storage, named as the product names them. */
export const STORAGE_KEYS = {
  USER: 'dppUser',
  REDIRECT_URI: 'redirectUri',
  REDIRECT_URI_STATES: 'redirectUriStates',
  PAYMENT_MARKER: 'pymt',
  PLAN_ID: 'planID',
  PLAN_TITLE: 'planTitle',
  SELECTED_TOOL: 'selectedTool',
  USER_ROLE: 'userRole',
  SESSION_EXPIRY: 'sessionExpiry',
  /** The proof of the sign-up made in this browser: its password survives the verification link only with it. */
  SIGN_UP_PROOF: 'signUpProof',
  /** The bearer token of the signed-in user. */
  ACCESS_TOKEN: 'accessToken',
  /** The identity user: username and attributes (names, country, first-login flags). */
  AUTH_USER: 'authUser',
  /** The signed-in user's route and feature permissions. */
  PERMISSIONS: 'permissions',
  /** The task-tool connection handle (never the tool's own token) and its account data (email, gid). */
  TOOL_CONNECTION_TOKEN: 'toolConnectionToken',
  TOOL_CONNECTION_DATA: 'toolConnectionData',
  /** The upload job being followed (its id and tool), so a reload goes on following it. */
  UPLOAD_JOB: 'uploadJob',
  /** Open panels of the membership and course sidebars. */
  MEMBER_PANEL_KEYS: 'membershipPanelKeys',
  COURSE_PANEL_KEYS: 'courseAreaPanelKeys',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode); the app still works without it.
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to remove when storage is disabled.
  }
}

/**
 * The browser holds a signed-in session (it may have expired: the session keeper finds that out). Read without
 * the framework by the page's first script and the islands runtime (ADR 0033).
 */
export const holdsSession = (): boolean => readStorage(STORAGE_KEYS.ACCESS_TOKEN) !== null;

/** Parsed JSON from storage, or null when missing or unreadable. */
export function readStoredJson<T>(key: string): T | null {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** This tab's storage: the task-tool connection and the upload job it runs belong to one tab. */
export function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** What lives in the tab's storage rather than the browser's. */
const TAB_KEYS = [STORAGE_KEYS.TOOL_CONNECTION_TOKEN, STORAGE_KEYS.TOOL_CONNECTION_DATA, STORAGE_KEYS.UPLOAD_JOB];

/** Logout clears everything the app keeps in the browser but a sign-up's proof, which belongs to no session. */
export function clearAppStorage(): void {
  for (const key of Object.values(STORAGE_KEYS)) if (key !== STORAGE_KEYS.SIGN_UP_PROOF) removeStorage(key);
  const tab = tabStorage();
  for (const key of TAB_KEYS) tab?.removeItem(key);
}
