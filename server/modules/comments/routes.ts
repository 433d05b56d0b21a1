import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FORUM_MSG,
  ZComment,
  ZCommentList,
  ZCreateCommentRequest,
  ZListCommentsQuery,
  ZUpdateCommentRequest,
} from '../../../common/contracts/forum.ts';
import { ZTargetParams } from '../../../common/contracts/forum-engagement.ts';
import type { Db } from '../../db/client.ts';
import type { Events } from '../../events.ts';
import { requireVerified } from '../../identity/index.ts';
import { memberLimit } from '../../plugins/rate-limits.ts';
import { createComment, deleteComment, listComments, updateComment } from './service.ts';

const ZMessage = z.object({ message: z.string() });

/** Comments (docs/API.md "Posts and comments"). Authorisation at preValidation: a guest hears 401 first. */
export const commentRoutes: FastifyPluginAsync<{ db: Db; events: Events }> = async (base, { db, events }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const commentLimit = memberLimit(base, 'comment');

  app.get(
    '/api/forum/posts/:id/comments',
    { schema: { params: ZTargetParams, querystring: ZListCommentsQuery, response: { 200: ZCommentList } } },
    async (req) => listComments(db, req.params.id, req.user, req.query),
  );

  app.post(
    '/api/forum/posts/:id/comments',
    {
      preValidation: requireVerified,
      preHandler: commentLimit, // MEMBER_LIMITS.comment: per member, after validation
      schema: { params: ZTargetParams, body: ZCreateCommentRequest, response: { 201: ZComment } },
    },
    async (req, reply) => reply.code(201).send(await createComment(db, events, req.user!, req.params.id, req.body)),
  );

  app.patch(
    '/api/forum/comments/:id',
    { preValidation: requireVerified, schema: { params: ZTargetParams, body: ZUpdateCommentRequest, response: { 200: ZComment } } },
    async (req) => updateComment(db, req.user!, req.params.id, req.body),
  );

  app.delete(
    '/api/forum/comments/:id',
    { preValidation: requireVerified, schema: { params: ZTargetParams, response: { 200: ZMessage } } },
    async (req) => {
      await deleteComment(db, req.user!, req.params.id);
      return { message: FORUM_MSG.commentDeleted };
    },
  );
};
