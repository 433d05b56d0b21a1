import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSearchQuery } from '../../../common/contracts/forum-search.ts';
import { ZPostList } from '../../../common/contracts/forum.ts';
import type { Db } from '../../db/client.ts';
import { searchPosts, type EstimateCache } from './service.ts';

/** GET /api/forum/search (spec §7): anyone may search; request.user only adds userVote. */
export const searchRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // This app's planner estimates (they only pick a strategy), kept for its lifetime.
  const estimates: EstimateCache = new Map();

  app.get('/api/forum/search', { schema: { querystring: ZSearchQuery, response: { 200: ZPostList } } }, async (req) =>
    searchPosts(db, req.query, req.user?.id ?? null, { estimates }),
  );
};
