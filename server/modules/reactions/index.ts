// Reaction summaries are part of the post page and comment list (posts/ reads them from here).
export { reactionRoutes } from './routes.ts';
export { createReactionService, loadReactionSummaries, loadUserReactions, type ReactionService } from './service.ts';
