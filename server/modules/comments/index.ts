export { commentRoutes } from './routes.ts';
export { deleteComment } from './service.ts';
