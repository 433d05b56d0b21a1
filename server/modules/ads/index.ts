export { adRoutes } from './routes.ts';
