import { ADMIN_EMAIL, ADMIN_PASSWORD } from './admin-account';

/** The administrator the browser tests' server starts with (a throwaway database, never a real account). */
export const E2E_ADMIN = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } as const;
