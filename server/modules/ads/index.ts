export { adRoutes } from './routes.ts';
export { createAdService, type AdService } from './service.ts';
export { adImageOriginsOf, createAdImageOrigins, type AdImageOrigins } from './image-origins.ts';
