import type { FastifyPluginAsync } from 'fastify';
import { searchPosts } from '../../../common/contracts/forum-search.ts';
import { route } from '../../lib/route.ts';
import type { SearchService } from './service.ts';

/** GET /api/forum/search (spec §7): anyone may search; request.user only adds userVote. */
export const searchRoutes: FastifyPluginAsync<{ search: SearchService }> = async (app, { search }) => {
  route(app, searchPosts, {}, async (req) => search.searchPosts(req.query, req.user?.id ?? null));
};
