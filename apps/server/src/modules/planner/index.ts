export { aiPlanSource } from './planner.plan-source';
export { plannerRoutes } from './planner.routes';
