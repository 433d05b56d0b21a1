export { notificationRoutes } from './routes.ts';
export { createNotificationService, type NotificationService } from './service.ts';
