export { auditRoutes, registerAudit } from './audit.plugin';
