import type { FastifyPluginAsync } from 'fastify';
import { bookmarkPost, listBookmarks, unbookmarkPost } from '../../../common/contracts/bookmarks.ts';
import { requireUser } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import type { BookmarkService } from './service.ts';

/**
 * Bookmarks (docs/API.md "Bookmarks"): every call is the signed-in member's own; a guest, or a
 * suspended or deleted account, hears 401 at preValidation, before any input is read. Unverified
 * members may save posts too: nobody else sees a bookmark, so there is nothing to verify them for.
 */
export const bookmarkRoutes: FastifyPluginAsync<{ bookmarks: BookmarkService }> = async (app, { bookmarks }) => {
  const member = { preValidation: requireUser };
  route(app, bookmarkPost, member, async (req) => bookmarks.save(req.user!.id, req.params.id));
  route(app, unbookmarkPost, member, async (req) => bookmarks.remove(req.user!.id, req.params.id));
  route(app, listBookmarks, member, async (req) => bookmarks.list(req.user!.id, req.query));
};
