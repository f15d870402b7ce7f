// Tables-only surface: what other modules' tables reference by foreign key, without the module's routes.
// Billing records purchases of a project plan.
export { projectPlans } from './templates.tables';
