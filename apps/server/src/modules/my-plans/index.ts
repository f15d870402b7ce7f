export { myPlansRoutes, registerMyPlans } from './my-plans.routes';
