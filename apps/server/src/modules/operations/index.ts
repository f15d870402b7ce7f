export { operationsRoutes } from './operations.routes';
