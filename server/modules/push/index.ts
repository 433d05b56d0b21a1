export { pushRoutes } from './routes.ts';
export { createPushService, type PushService, type SendToDevices } from './service.ts';
export { pushTopic } from './sender.ts';
export type { PushMessage, PushSenderStats, PushSenderOptions, PushSendOptions, PushUrgency } from './sender.ts';
