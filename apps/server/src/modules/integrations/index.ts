export {
  type LoadedPlan,
  type PlanSource,
  planForClient,
  registerPlanSource,
  type SentPlan,
  templatePlanSource,
} from './integrations.plan-sources';
export { integrationsRoutes, registerIntegrations } from './integrations.routes';
// The insights count the upload jobs by their kind.
export { hasUploadedPlan, UPLOAD_JOB_KIND } from './integrations.service';
