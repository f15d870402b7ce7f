// The stand-ins (docs/architecture.md, "Stand-ins"): what runs instead of an outside service that is not
// configured, and never in production. This file is the folder's only surface: adapters/index.ts builds the
// local adapters from it, app.ts mounts their routes and pages; db/schema.ts reads their tables directly.
export { localMailer } from './providers/mail/mail.local';
export { LocalCardPayments, type PriceCatalog } from './providers/payments/payments.local-cards';
export { LocalOrderPayments } from './providers/payments/payments.local-orders';
export { sandboxClient, sandboxProvider } from './providers/social-sign-in/social.sandbox';
export { registerStandIns, type StandInOptions } from './stand-ins.routes';
