export { mentionRoutes } from './routes.ts';
export { createMentionService, type MentionService } from './service.ts';
