export { createAnnouncementService, type AnnouncementService } from './announcements-service.ts';
export { createAuditService, type AuditService } from './audit-service.ts';
export { createDashboardService, type DashboardService } from './dashboard-service.ts';
export { createOutboxService, type OutboxService } from './emails-service.ts';
export { adminEmailRoutes } from './emails-routes.ts';
export { adminRoutes } from './routes.ts';
