export { mayUploadTemplate, type PlanSource, registerPlanSource } from './integrations.plan-sources';
export { integrationsRoutes, registerIntegrations } from './integrations.routes';
export { hasUploadedPlan } from './integrations.service';
