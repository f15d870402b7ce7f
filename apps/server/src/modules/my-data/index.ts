// The members tab of /admin_panel acts on the member a client record belongs to.
export { DELETED_DOMAIN, type Member, memberOfClient } from './my-data.repository';
export { myDataRoutes, registerMyData } from './my-data.routes';
