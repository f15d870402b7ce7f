/** The first administrator the e2e server creates at start (global-setup passes these to it). */
export const ADMIN_EMAIL = 'admin@e2e.example.com';
export const ADMIN_PASSWORD = 'Admin#Journey2026';
