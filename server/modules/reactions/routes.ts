import type { FastifyPluginAsync } from 'fastify';
import {
  getCommentReactions,
  getPostReactions,
  getUserReactions,
  reactToComment,
  reactToPost,
} from '../../../common/contracts/forum-engagement.ts';
import { requireUser } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import { memberLimit } from '../../plugins/rate-limits.ts';
import type { ReactionService } from './service.ts';

/**
 * Spec §7 reactions. Summaries are public; a member's own reactions and toggling need a signed-in
 * member (401 'Authentication required' otherwise, which the client turns into spec §8's prompt).
 * The auth check runs before validation so a guest is told to sign in whatever the body.
 */
export const reactionRoutes: FastifyPluginAsync<{ reactions: ReactionService }> = async (app, { reactions }) => {
  // MEMBER_LIMITS.reaction: one allowance for reactions on posts and on comments.
  const toggle = { preValidation: requireUser, preHandler: memberLimit(app, 'reaction') };

  route(app, getPostReactions, {}, async (req) => reactions.getReactionSummary('post', req.params.id));
  route(app, getCommentReactions, {}, async (req) => reactions.getReactionSummary('comment', req.params.id));

  route(app, reactToPost, toggle, async (req) => reactions.toggleReaction('post', req.params.id, req.user!.id, req.body.emoji));
  route(app, reactToComment, toggle, async (req) => reactions.toggleReaction('comment', req.params.id, req.user!.id, req.body.emoji));

  route(app, getUserReactions, { preValidation: requireUser }, async (req, reply) => {
    // Personal: never kept by a shared cache.
    reply.header('Cache-Control', 'no-store');
    return reactions.getUserReactions(req.user!.id, req.params.id);
  });
};
