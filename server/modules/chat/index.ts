export { createPresence, type Presence } from './presence.ts';
export { createChatPush, type ChatPush } from './push.ts';
export { chatRoutes } from './routes.ts';
export { createChatService, messagesOf, type ChatService } from './service.ts';
