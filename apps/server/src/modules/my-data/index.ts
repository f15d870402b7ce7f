export { myDataRoutes, registerMyData } from './my-data.routes';
