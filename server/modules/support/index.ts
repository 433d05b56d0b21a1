export { supportRoutes } from './routes.ts';
export { createSupportService, type SupportService } from './service.ts';
