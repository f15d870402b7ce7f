// What this module gives the worker pool (work/tasks.ts): only the archive's zip, so that a worker thread loads
// it and not the module's routes and database.
export { zipArchive } from './my-data.archive';
