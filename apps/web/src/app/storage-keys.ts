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
