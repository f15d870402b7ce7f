export { aiPlanSource } from './planner.plan-source';
export { plannerRoutes } from './planner.routes';
export { assertAiDownloadAllowed } from './planner.service';
