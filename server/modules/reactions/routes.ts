import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZReactionRequest,
  ZReactionSummary,
  ZReactionToggleResponse,
  ZTargetParams,
  ZUserReactions,
} from '../../../common/contracts/forum-engagement.ts';
import type { Db } from '../../db/client.ts';
import { requireUser } from '../../identity/index.ts';
import { memberLimit } from '../../plugins/rate-limits.ts';
import { getReactionSummary, getUserReactions, toggleReaction, type ReactionTarget } from './service.ts';

/**
 * Spec §7 reactions. Summaries are public; a member's own reactions and toggling need a signed-in
 * member (401 'Authentication required' otherwise, which the client turns into spec §8's prompt).
 * The auth check runs before validation so a guest is told to sign in whatever the body.
 */
export const reactionRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // MEMBER_LIMITS.reaction: one allowance for reactions on posts and on comments.
  const reactionLimit = memberLimit(base, 'reaction');

  for (const kind of ['post', 'comment'] as const satisfies ReactionTarget[]) {
    const path = `/api/forum/${kind}s/:id/reactions`;

    app.get(path, { schema: { params: ZTargetParams, response: { 200: ZReactionSummary } } }, async (req) =>
      getReactionSummary(db, kind, req.params.id),
    );

    app.post(
      path,
      {
        preValidation: requireUser,
        preHandler: reactionLimit,
        schema: { params: ZTargetParams, body: ZReactionRequest, response: { 200: ZReactionToggleResponse } },
      },
      async (req) => toggleReaction(db, kind, req.params.id, req.user!.id, req.body.emoji),
    );
  }

  app.get(
    '/api/forum/posts/:id/user-reactions',
    { preValidation: requireUser, schema: { params: ZTargetParams, response: { 200: ZUserReactions } } },
    async (req, reply) => {
      // Personal: never kept by a shared cache.
      reply.header('Cache-Control', 'no-store');
      return getUserReactions(db, req.user!.id, req.params.id);
    },
  );
};
