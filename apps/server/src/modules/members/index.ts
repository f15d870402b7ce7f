export { memberAdminRoutes } from './members.admin.routes';
export { crmRoutes } from './members.crm.routes';
export { membersRoutes } from './members.routes';
export { supportRoutes } from './members.support.routes';
