export { voteRoutes } from './routes.ts';
export { createVoteService, type VoteService } from './service.ts';
