export { siteConfigRoutes } from './routes.ts';
