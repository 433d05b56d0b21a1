export { voteRoutes } from './routes.ts';
