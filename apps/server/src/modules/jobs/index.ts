export { registerJobs } from './jobs.plugin';
export {
  countQueuedJobs,
  enqueueJob,
  findJob,
  hasSucceededJob,
  type JobHandler,
  type JobRetention,
  type JobRow,
  PermanentJobError,
  RetryLaterError,
  waitForJob,
} from './jobs.service';
