export {
  authoritiesOf,
  type ClientRow,
  ensureClient,
  findClient,
  findClientByEmail,
  findClientById,
  findClientByUsername,
  grantAuthority,
  holdsRoleAlone,
  revokeAuthorityUnlessLast,
  updateClient,
} from './clients.repository';
export { clientsRoutes } from './clients.routes';
// Billing and lifetime deals write a client's membership columns, and the planner's gate reads them in the same
// query as the session (other modules' foreign keys go through ./tables.ts).
export { clients } from './clients.tables';
