export { notificationRoutes } from './routes.ts';
export { createNotificationService, NOTIFICATION_KIND, type NotificationService } from './service.ts';
