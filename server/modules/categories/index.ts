export { categoryRoutes } from './routes.ts';
export { createCategoryService, type CategoryService } from './service.ts';
