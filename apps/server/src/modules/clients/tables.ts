// Tables-only surface: what other modules' tables reference by foreign key, without the module's routes.
// Billing, integrations and the planner keep rows per client.
export { clients } from './clients.tables';
