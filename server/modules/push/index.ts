export { pushRoutes } from './routes.ts';
export { createPushService, type PushService } from './service.ts';
export { pushTopic } from './sender.ts';
export type { PushMessage, PushSenderStats, PushSenderOptions, PushSendOptions, PushUrgency } from './sender.ts';
