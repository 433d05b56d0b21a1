export { shareRoutes } from './routes.ts';
export { createShareService, type ShareService } from './service.ts';
