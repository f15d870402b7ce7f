// What this module gives the worker pool (work/tasks.ts): only the builders, so that a worker thread loads them
// and not the module's routes and database.
export { planDocx, planXlsx } from './planner.documents';
