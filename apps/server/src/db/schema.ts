/** Every table, for drizzle-kit and the typed client. Each module owns its own tables. */
export * from '../modules/countries/countries.schema';
export * from '../modules/plans/plans.schema';
export * from '../modules/templates/templates.schema';
