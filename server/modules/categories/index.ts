export { categoryRoutes } from './routes.ts';
export { listCategories } from './service.ts';
