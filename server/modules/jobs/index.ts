export { jobRoutes } from './routes.ts';
export { createJobAdmin, type JobAdmin } from './service.ts';
