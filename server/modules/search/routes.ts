import type { FastifyPluginAsync } from 'fastify';
import { searchPosts } from '../../../common/contracts/forum-search.ts';
import { loadJson, revalidateOwnAnswer, sendCached, type GuestCache } from '../../lib/guest-cache.ts';
import { route } from '../../lib/route.ts';
import type { SearchService } from './service.ts';

/**
 * GET /api/forum/search (spec §7): anyone may search; request.user only adds userVote. A guest's answer
 * comes from the guest cache (server/lib/guest-cache.ts), keyed on the validated query; a member's is
 * made for them, with an ETag of its own bytes.
 */
export const searchRoutes: FastifyPluginAsync<{ search: SearchService; cache: GuestCache }> = async (app, { search, cache }) => {
  route(app, searchPosts, { onSend: revalidateOwnAnswer }, async (req, reply) => {
    if (req.user) return search.searchPosts(req.query, req.user.id);
    const { q, profession, page, limit, sortBy, category, tag, area } = req.query;
    const key = `search:${JSON.stringify([q, profession, page, limit, sortBy, category, tag, area])}`;
    return sendCached(req, reply, await cache.answer(key, () => loadJson(reply, () => search.searchPosts(req.query, null))));
  });
};
