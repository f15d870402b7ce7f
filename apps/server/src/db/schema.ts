/** Every table, for drizzle-kit and the typed client. Each module owns its own tables. */
export * from '../adapters/mail/mail.schema';
export * from '../modules/clients/clients.schema';
export * from '../modules/countries/countries.schema';
export * from '../modules/identity/identity.schema';
export * from '../modules/permissions/permissions.schema';
export * from '../modules/plans/plans.schema';
export * from '../modules/templates/templates.schema';
