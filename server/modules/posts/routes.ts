import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import {
  FORUM_MSG,
  ZCreatePostRequest,
  ZLockRequest,
  ZPinRequest,
  ZListPostsQuery,
  ZPostDetail,
  ZPostList,
  ZUpdatePostRequest,
} from '../../../common/contracts/forum.ts';
import { ZAdminIdParams, ZAdminPost, ZAdminPostList, ZAdminPostsQuery, ZMovePostRequest } from '../../../common/contracts/moderation.ts';
import { ZTargetParams } from '../../../common/contracts/forum-engagement.ts';
import type { Db } from '../../db/client.ts';
import type { Events } from '../../events.ts';
import { requireAdmin, requireVerified } from '../../identity/index.ts';
import { findPosts, movePost } from './admin-service.ts';
import { listPosts } from './list-service.ts';
import { createPost, deletePost, getPostDetail, moderatePost, updatePost } from './service.ts';
import { createViewCounter, viewerKey, type ViewCounter } from './view-counter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Post view counting of this app instance (flushed on close; tests flush it by hand). */
    viewCounter: ViewCounter;
  }
}

const ZMessage = z.object({ message: z.string() });
const ZIdOrSlugParams = z.object({ idOrSlug: z.string().max(200) });

/**
 * Posts: the list (spec §7; guests may read, request.user only adds userVote), the post page, writing
 * posts (docs/API.md "Posts and comments") and the admin posts tool (find, move). Wrapped with fastify-plugin only so
 * `viewCounter` is reachable from the app (tests, shutdown); it adds no hooks that reach other routes.
 * Authorisation runs at preValidation so a guest hears 401, not a validation message.
 */
const postRoutesPlugin: FastifyPluginAsync<{ db: Db; events: Events; redis?: Redis }> = async (base, { db, events, redis }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const views = createViewCounter({ db, redis, log: app.log });
  app.decorate('viewCounter', views);
  app.addHook('onClose', () => views.close());

  app.get('/api/forum/posts', { schema: { querystring: ZListPostsQuery, response: { 200: ZPostList } } }, async (req) =>
    listPosts(db, req.query, req.user?.id ?? null),
  );

  app.get('/api/forum/posts/:idOrSlug', { schema: { params: ZIdOrSlugParams, response: { 200: ZPostDetail } } }, async (req) => {
    const post = await getPostDetail(db, req.params.idOrSlug, req.user);
    // The reader sees their own view (and any others not yet written) at once.
    return { ...post, viewCount: post.viewCount + (await views.record(post.id, viewerKey(req))) };
  });

  app.post(
    '/api/forum/posts',
    { preValidation: requireVerified, schema: { body: ZCreatePostRequest, response: { 201: ZPostDetail } } },
    async (req, reply) => reply.code(201).send(await createPost(db, events, req.user!, req.body)),
  );

  app.patch(
    '/api/forum/posts/:id',
    { preValidation: requireVerified, schema: { params: ZTargetParams, body: ZUpdatePostRequest, response: { 200: ZPostDetail } } },
    async (req) => updatePost(db, req.user!, req.params.id, req.body),
  );

  app.delete(
    '/api/forum/posts/:id',
    { preValidation: requireVerified, schema: { params: ZTargetParams, response: { 200: ZMessage } } },
    async (req) => {
      await deletePost(db, req.user!, req.params.id);
      return { message: FORUM_MSG.postDeleted };
    },
  );

  app.put(
    '/api/forum/posts/:id/pin',
    { preValidation: requireAdmin, schema: { params: ZTargetParams, body: ZPinRequest, response: { 200: ZPostDetail } } },
    async (req) => moderatePost(db, req.user!, req.params.id, { isPinned: req.body.pinned }),
  );

  app.put(
    '/api/forum/posts/:id/lock',
    { preValidation: requireAdmin, schema: { params: ZTargetParams, body: ZLockRequest, response: { 200: ZPostDetail } } },
    async (req) => moderatePost(db, req.user!, req.params.id, { isLocked: req.body.locked }),
  );

  // The admin posts tool: guest 401, member 403 at preValidation, before any input is read.
  app.get('/api/admin/posts', { preValidation: requireAdmin, schema: { querystring: ZAdminPostsQuery, response: { 200: ZAdminPostList } } }, async (req) => ({
    posts: await findPosts(db, req.query.q),
  }));

  app.post(
    '/api/admin/posts/:id/move',
    { preValidation: requireAdmin, schema: { params: ZAdminIdParams, body: ZMovePostRequest, response: { 200: ZAdminPost } } },
    async (req) => movePost(db, req.user!, req.params.id, req.body.categoryId),
  );
};

export const postRoutes = fp(postRoutesPlugin, { name: 'forum-posts' });
