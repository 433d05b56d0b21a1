export { adminReportRoutes } from './admin-routes.ts';
export { reportRoutes } from './routes.ts';
