export { commentRoutes } from './routes.ts';
export { createCommentService, deleteComment, type CommentService } from './service.ts';
