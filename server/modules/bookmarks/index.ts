// Bookmarks (issue 18): a member's saved posts. The posts list and page read a viewer's bookmarks
// themselves (posts/list-service.ts loadUserBookmarks) for their `bookmarked` flag.
export { bookmarkRoutes } from './routes.ts';
export { createBookmarkService, type BookmarkService } from './service.ts';
