export { chatRoutes } from './routes.ts';
export { messagesOf } from './service.ts';
