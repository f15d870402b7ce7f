export {
  authoritiesOf,
  type ClientRow,
  ensureClient,
  findClientByEmail,
  findClientById,
  findClientByUsername,
  grantAuthority,
  updateClient,
} from './clients.repository';
export { clientsRoutes } from './clients.routes';
// Other modules' tables reference clients by foreign key; billing and lifetime deals write a client's
// membership columns, and the planner's gate reads them in the same query as the session.
export { clients } from './clients.tables';
