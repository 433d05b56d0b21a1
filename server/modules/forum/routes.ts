import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCategoryList, ZListPostsQuery, ZPostList } from '../../../common/contracts/forum.ts';
import type { Db } from '../../db/client.ts';
import { listCategories, listPosts } from './service.ts';

/** Forum read API (spec §7): categories and the post list. Guests may read; request.user only adds userVote. */
export const forumRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/forum/categories', { schema: { response: { 200: ZCategoryList } } }, async () => listCategories(db));

  app.get('/api/forum/posts', { schema: { querystring: ZListPostsQuery, response: { 200: ZPostList } } }, async (req) =>
    listPosts(db, req.query, req.user?.id ?? null),
  );
};
