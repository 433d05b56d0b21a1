export { adminEmailRoutes } from './emails-routes.ts';
export { adminRoutes } from './routes.ts';
