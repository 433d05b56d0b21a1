export { commentRoutes } from './routes.ts';
export { createCommentService, deleteComment, type CommentService } from './service.ts';
// Flags hide (issue 28): the reports module hides, restores and upholds a flagged comment with these.
export { hideComment, restoreComment, upholdComment, type HiddenComment } from './hide.ts';
