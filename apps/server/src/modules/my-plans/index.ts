// The team module ends a removed teammate's access to the owner's copies in its own transaction (app.ts hands it).
export { endTeammateAccess } from './my-plans.access';
export { myPlansRoutes, registerMyPlans } from './my-plans.routes';
