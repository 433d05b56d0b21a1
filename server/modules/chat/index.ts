export { createPresence, type Presence } from './presence.ts';
export { chatPushMessage, createChatPush } from './push.ts';
export { chatRoutes } from './routes.ts';
export { createChatService, messagesOf, type ChatPhotos, type ChatService } from './service.ts';
