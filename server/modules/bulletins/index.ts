export { bulletinRoutes } from './routes.ts';
export { createBulletinService, type BulletinService } from './service.ts';
