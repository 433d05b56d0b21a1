import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { voteComment, votePost } from '../../../common/contracts/forum-engagement.ts';
import { ENGAGEMENT_MSG } from '../../../common/rules/forum.ts';
import { unauthorized } from '../../http-errors.ts';
import { route } from '../../lib/route.ts';
import { memberLimit } from '../../plugins/rate-limits.ts';
import type { VoteService } from './service.ts';

/**
 * Who may vote: any signed-in member (spec §6 "Member (logged in): … votes"); guests get spec §5's
 * message. Email verification is not checked again here because a session only exists for a verified
 * account (sign-in refuses unverified ones, and verifying is what starts the first session); suspended
 * and deleted accounts have no user on the request, so they are guests (401) like anyone signed out.
 */
async function requireVoter(req: FastifyRequest) {
  if (!req.user) throw unauthorized(ENGAGEMENT_MSG.voteLoginRequired);
}

/** Spec §4/§7 votes on posts and comments: toggle or switch, answer the fresh counts and the voter's vote. */
export const voteRoutes: FastifyPluginAsync<{ votes: VoteService }> = async (app, { votes }) => {
  // MEMBER_LIMITS.vote: one allowance for votes on posts and on comments.
  const hooks = { preValidation: requireVoter, preHandler: memberLimit(app, 'vote') };

  route(app, votePost, hooks, async (req) => votes.votePost(req.params.id, req.user!.id, req.body.voteType));
  route(app, voteComment, hooks, async (req) => votes.voteComment(req.params.id, req.user!.id, req.body.voteType));
};
