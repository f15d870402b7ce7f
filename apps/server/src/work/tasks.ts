// The worker pool's entry (lib/worker-pool.ts, ADR 0040): each named export is a task a worker thread runs.
// It reaches the modules only through their work-only surfaces (`work.ts`), so that a thread loads the file
// builders and nothing of the server. build.mjs bundles it as dist/heavy-work.js.
export { readPlanSheetTask } from '../modules/files/work';
export { zipArchive } from '../modules/my-data/work';
export { copyDocx, copyXlsx } from '../modules/my-plans/work';
export { planDocx, planXlsx } from '../modules/planner/work';
