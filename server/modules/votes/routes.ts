import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENGAGEMENT_MSG, ZTargetParams, ZVoteRequest, ZVoteResponse } from '../../../common/contracts/forum-engagement.ts';
import type { Db } from '../../db/client.ts';
import { unauthorized } from '../../http-errors.ts';
import { memberLimit } from '../../plugins/rate-limits.ts';
import { voteComment, votePost } from './service.ts';

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
export const voteRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const schema = { params: ZTargetParams, body: ZVoteRequest, response: { 200: ZVoteResponse } };
  // MEMBER_LIMITS.vote: one allowance for votes on posts and on comments.
  const preHandler = memberLimit(base, 'vote');

  app.post('/api/forum/posts/:id/vote', { schema, preValidation: requireVoter, preHandler }, async (req) =>
    votePost(db, req.params.id, req.user!.id, req.body.voteType),
  );

  app.post('/api/forum/comments/:id/vote', { schema, preValidation: requireVoter, preHandler }, async (req) =>
    voteComment(db, req.params.id, req.user!.id, req.body.voteType),
  );
};
