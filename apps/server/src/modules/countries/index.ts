export { countriesRoutes } from './countries.routes';
