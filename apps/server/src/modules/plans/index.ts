export { findPlan, findPrice, findPriceByStripeId, type PriceRow, planNames } from './plans.repository';
export { plansRoutes } from './plans.routes';
// Permissions join plans to their permissions (their foreign key goes through ./tables.ts).
export { plans } from './plans.tables';
