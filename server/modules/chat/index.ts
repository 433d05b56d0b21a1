export { chatRoutes } from './routes.ts';
export { createChatService, messagesOf, type ChatService } from './service.ts';
