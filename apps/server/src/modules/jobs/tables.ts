// Tables-only surface: what other modules' tables reference by foreign key, without the module's routes.
// Integrations follow an upload through its job.
export { jobs } from './jobs.tables';
