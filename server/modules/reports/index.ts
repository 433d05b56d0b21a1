export { adminReportRoutes } from './admin-routes.ts';
export { reportRoutes } from './routes.ts';
export { createReportService, type ReportService } from './service.ts';
