export { keepDepartedFacts } from './insights.repository';
export { insightsRoutes } from './insights.routes';
