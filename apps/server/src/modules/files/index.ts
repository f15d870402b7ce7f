export { filesRoutes } from './files.routes';
export { claimUpload, type PlanSheetWork } from './files.service';
