/** Every table, for drizzle-kit and the typed client. Each module owns its own tables. */

export * from '../adapters/crm/crm.schema';
export * from '../adapters/mail/mail.schema';
export * from '../adapters/payments/payments.local.schema';
export * from '../adapters/social-sign-in/social.schema';
export * from '../lib/rate-limit.schema';
export * from '../modules/audit/audit.schema';
export * from '../modules/billing/billing.schema';
export * from '../modules/clients/clients.schema';
export * from '../modules/countries/countries.schema';
export * from '../modules/identity/identity.schema';
export * from '../modules/integrations/integrations.schema';
export * from '../modules/jobs/jobs.schema';
export * from '../modules/lifetime-deal/lifetime-deal.schema';
export * from '../modules/permissions/permissions.schema';
export * from '../modules/planner/planner.schema';
export * from '../modules/plans/plans.schema';
export * from '../modules/templates/templates.schema';
export * from '../modules/uploads/uploads.schema';
export * from '../sandbox/sandbox.schema';
