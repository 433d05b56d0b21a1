// The review queue and watched words' public face (issue 28): app.ts creates the queue (with the
// forum's publish paths) and the watched words' admin, and registers the routes. The gate that holds
// a write and the matcher live in the core (server/trust), where the posts, comments, chat and
// members services read them.
export { reviewRoutes } from './routes.ts';
export { createReviewQueue, type Publish, type ReviewQueue } from './queue-service.ts';
export { createWatchedWordAdmin, type WatchedWordAdmin } from './words-service.ts';
