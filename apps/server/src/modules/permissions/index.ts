export { permissionsRoutes } from './permissions.routes';
// My Plans keeps as many copies as the member's plan allows.
export { myPlansLimitOf } from './permissions.service';
