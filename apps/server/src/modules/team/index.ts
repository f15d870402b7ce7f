export { namesOf, type PersonName } from './team.names';
export { teamRoutes } from './team.routes';
export { type EndTeammateAccess, isTeammate } from './team.service';
// My Plans names a plan's people in one query with its access rows: the teammates' names as their owner wrote them.
export { teammates } from './team.tables';
