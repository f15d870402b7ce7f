// Tables-only surface: what other modules' tables reference by foreign key, without the module's routes.
// Permissions name a plan.
export { plans } from './plans.tables';
