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

  route(app, listComments, {}, async (req) => comments.listComments(req.params.id, req.user, req.query));

  route(
    app,
    createComment,
    // MEMBER_LIMITS.comment: per member, after validation
    { ...verified, preHandler: memberLimit(app, 'comment') },
    async (req, reply) => reply.code(201).send(await comments.createComment(req.user!, req.params.id, req.body)),
  );

  route(app, updateComment, verified, async (req) => comments.updateComment(req.user!, req.params.id, req.body));

  route(app, deleteComment, verified, async (req) => {
    await comments.deleteComment(req.user!, req.params.id);
    return { message: FORUM_MSG.commentDeleted };
  });
};
