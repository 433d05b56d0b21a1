export { supportRoutes } from './routes.ts';
