export { searchRoutes } from './routes.ts';
export { createSearchService, type SearchService } from './service.ts';
