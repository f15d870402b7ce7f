export { endAllSessions, liftLock, setSignInDisabled } from './identity.admin';
export { hashPassword, randomSecret, sha256 } from './identity.crypto';
export { resolveEncryptionKey, throwAwayEncryptionKey } from './identity.encryption-key';
export { ensureAdmin } from './identity.first-admin';
export { findUserByEmail, isLiveSession, type LiveSession, type UserRow } from './identity.repository';
export { identityRoutes } from './identity.routes';
export { ageMailedCodes } from './identity.sandbox';
export { type AuthenticatedSession, type IdentityService, identityService } from './identity.service';
// The planner's gate reads session, user and client in one query; a lifetime deal creates the user and
// the client in one transaction.
export { sessions, users } from './identity.tables';
