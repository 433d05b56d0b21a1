import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createPost, deletePost, getPost, listPosts, lockPost, pinPost, updatePost } from '../../../common/contracts/forum.ts';
import { listAdminPosts, movePost } from '../../../common/contracts/moderation.ts';
import { FORUM_MSG } from '../../../common/rules/forum.ts';
import { requireAdmin, requireVerified } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import type { PostService } from './service.ts';
import { viewerKey, type ViewCounter } from './view-counter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Post view counting of this app instance (flushed on close; tests flush it by hand). */
    viewCounter: ViewCounter;
  }
}

/**
 * Posts: the list (spec §7; guests may read, request.user only adds userVote), the post page, writing
 * posts (docs/API.md "Posts and comments") and the admin posts tool (find, move). Wrapped with fastify-plugin only so
 * `viewCounter` is reachable from the app (tests, shutdown); it adds no hooks that reach other routes.
 * Authorisation runs at preValidation so a guest hears 401, not a validation message.
 */
const postRoutesPlugin: FastifyPluginAsync<{ posts: PostService }> = async (app, { posts }) => {
  app.decorate('viewCounter', posts.views);
  app.addHook('onClose', () => posts.views.close());
  const verified = { preValidation: requireVerified };
  // The admin posts tool: guest 401, member 403 at preValidation, before any input is read.
  const admin = { preValidation: requireAdmin };

  route(app, listPosts, {}, async (req) => posts.listPosts(req.query, req.user?.id ?? null));

  route(app, getPost, {}, async (req) => posts.viewPost(req.params.idOrSlug, req.user, viewerKey(req)));

  route(app, createPost, verified, async (req, reply) => reply.code(201).send(await posts.createPost(req.user!, req.body)));

  route(app, updatePost, verified, async (req) => posts.updatePost(req.user!, req.params.id, req.body));

  route(app, deletePost, verified, async (req) => {
    await posts.deletePost(req.user!, req.params.id);
    return { message: FORUM_MSG.postDeleted };
  });

  route(app, pinPost, admin, async (req) => posts.moderatePost(req.user!, req.params.id, { isPinned: req.body.pinned }));

  route(app, lockPost, admin, async (req) => posts.moderatePost(req.user!, req.params.id, { isLocked: req.body.locked }));

  route(app, listAdminPosts, admin, async (req) => ({ posts: await posts.findPosts(req.query.q) }));

  route(app, movePost, admin, async (req) => posts.movePost(req.user!, req.params.id, req.body.categoryId));
};

export const postRoutes = fp(postRoutesPlugin, { name: 'forum-posts' });
