export { lifetimeDealRoutes } from './lifetime-deal.routes';
