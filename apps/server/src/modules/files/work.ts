// What this module gives the worker pool (work/tasks.ts): only the plan sheet's reader, so that a worker thread
// loads it and not the module's routes and database.
export { readPlanSheetTask } from './files.plan-sheet';
