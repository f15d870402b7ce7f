export { findPlan, findPrice, findPriceByStripeId, type PriceRow, planNames } from './plans.repository';
export { plansRoutes } from './plans.routes';
// Permissions reference plans by foreign key and join them to their permissions.
export { plans } from './plans.tables';
