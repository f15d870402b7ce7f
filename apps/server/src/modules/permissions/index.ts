export { permissionsRoutes } from './permissions.routes';
// My Plans keeps as many copies as the member's plan allows, a team as many teammates.
export { myPlansLimitOf, teammatesLimitOf } from './permissions.service';
