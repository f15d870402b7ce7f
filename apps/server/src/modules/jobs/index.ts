export { registerJobs } from './jobs.plugin';
export {
  enqueueJob,
  findJob,
  type JobHandler,
  type JobRow,
  PermanentJobError,
  RetryLaterError,
} from './jobs.service';
// Integration tables reference jobs by foreign key; metrics and the upload check read the queue.
export { jobs } from './jobs.tables';
