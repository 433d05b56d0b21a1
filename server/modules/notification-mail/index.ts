export { notificationMailRoutes } from './routes.ts';
export { createNotificationMailService, emailSwitchOn, type NotificationMailService } from './service.ts';
export {
  createUnsubscribeService,
  signUnsubscribeToken,
  unsubscribeHeaders,
  unsubscribeSecret,
  unsubscribeToken,
  unsubscribeUrl,
  type UnsubscribeService,
} from './unsubscribe.ts';
