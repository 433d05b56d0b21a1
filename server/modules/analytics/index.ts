export { analyticsRoutes } from './routes.ts';
export { createAnalyticsService, type AnalyticsService } from './service.ts';
