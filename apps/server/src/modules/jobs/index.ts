export { registerJobs } from './jobs.plugin';
export {
  countQueuedJobs,
  enqueueJob,
  findJob,
  hasSucceededJob,
  type JobHandler,
  type JobRow,
  PermanentJobError,
  RetryLaterError,
} from './jobs.service';
// Integration tables reference jobs by foreign key.
export { jobs } from './jobs.tables';
