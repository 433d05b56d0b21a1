export { adRoutes } from './routes.ts';
export { createAdService, type AdService } from './service.ts';
export { adImageOriginsOf, createAdImageOrigins } from './image-origins.ts';
