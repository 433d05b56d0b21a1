export { notificationRoutes } from './routes.ts';
