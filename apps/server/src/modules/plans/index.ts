export { findPriceByStripeId, planNames } from './plans.repository';
export { plansRoutes } from './plans.routes';
// Permissions reference plans by foreign key and join them to their permissions; billing joins a price to
// its plan.
export { planPrices, plans } from './plans.tables';
