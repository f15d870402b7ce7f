export { filesRoutes } from './files.routes';
export { claimUpload } from './files.service';
