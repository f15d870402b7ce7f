// The signed-in user's session as the rest of the app sees it: the shell provides and keeps it, features and
// shared code read it and start or end it. The store's internals stay in this folder.

export { forgetRememberedRoute, REMEMBERS_PAGE, readRememberedRoute, rememberRedirect } from './remembered-route';
export { useRouteAccess } from './route-access';
export {
  SessionKeeper,
  SessionProvider,
  type SessionUser,
  useSession,
} from './session';
export {
  keepPageWhenSessionEnds,
  pageStaysAfterSessionEnd,
  refreshClientRecord,
  setClientRecord,
  setIdentity,
  setPermissions,
  signOut,
  startSession,
} from './session-store';
export { readStorage, readStoredJson, removeStorage, STORAGE_KEYS, tabStorage, writeStorage } from './storage-keys';
