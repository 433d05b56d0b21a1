import type { FastifyPluginAsync } from 'fastify';
import { createComment, deleteComment, listComments, updateComment } from '../../../common/contracts/forum.ts';
import { FORUM_MSG } from '../../../common/rules/forum.ts';
import { requireVerified } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import { memberLimit } from '../../plugins/rate-limits.ts';
import type { CommentService } from './service.ts';

/** Comments (docs/API.md "Posts and comments"). Authorisation at preValidation: a guest hears 401 first. */
export const commentRoutes: FastifyPluginAsync<{ comments: CommentService }> = async (app, { comments }) => {
  const verified = { preValidation: requireVerified };

  route(app, listComments, {}, async (req, reply) => {
    // A member's page carries their votes and reactions: `private`, as their post page and read are
    // (server/lib/guest-cache.ts), so neither a shared cache nor the service worker keeps it.
    if (req.user) reply.header('cache-control', 'private, no-cache');
    return comments.listComments(req.params.id, req.user, req.query);
  });

  route(
    app,
    createComment,
    // MEMBER_LIMITS.comment: per member, after validation
    { ...verified, preHandler: memberLimit(app, 'comment') },
    // 202 when the review queue holds it (issue 28): a held item, not a comment.
    async (req, reply) => {
      const result = await comments.createComment(req.user!, req.params.id, req.body);
      return reply.code('held' in result ? 202 : 201).send(result);
    },
  );

  route(app, updateComment, verified, async (req) => comments.updateComment(req.user!, req.params.id, req.body));

  route(app, deleteComment, verified, async (req) => {
    await comments.deleteComment(req.user!, req.params.id);
    return { message: FORUM_MSG.commentDeleted };
  });
};
