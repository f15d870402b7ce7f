/** Every table, for drizzle-kit and the typed client. Each module owns its own tables. */

export * from '../adapters/crm/crm.tables';
export * from '../lib/leases.tables';
export * from '../lib/rate-limit.tables';
export * from '../modules/audit/audit.tables';
export * from '../modules/billing/billing.tables';
export * from '../modules/clients/clients.tables';
export * from '../modules/countries/countries.tables';
export * from '../modules/files/files.tables';
export * from '../modules/identity/identity.tables';
export * from '../modules/insights/insights.tables';
export * from '../modules/integrations/integrations.tables';
export * from '../modules/jobs/jobs.tables';
export * from '../modules/lifetime-deal/lifetime-deal.tables';
export * from '../modules/my-data/my-data.tables';
export * from '../modules/my-plans/my-plans.tables';
export * from '../modules/permissions/permissions.tables';
export * from '../modules/planner/planner.tables';
export * from '../modules/plans/plans.tables';
export * from '../modules/team/team.tables';
export * from '../modules/templates/templates.tables';
export * from '../ports/mail.tables';
export * from '../stand-ins/providers/payments/payments.local.tables';
export * from '../stand-ins/providers/social-sign-in/social.tables';
export * from '../stand-ins/simulators/sandbox.tables';
