import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { getMentionSuggestions } from '../../../common/contracts/mentions.ts';
import { MENTION_MSG, MENTION_SUGGESTIONS_PER_MINUTE } from '../../../common/rules/mentions.ts';
import { forbidden } from '../../http-errors.ts';
import { requireUser } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import { perIpLimit } from '../../plugins/rate-limits.ts';
import type { MentionService } from './service.ts';

/**
 * The composers' @autocomplete (docs/API.md "Mention suggestions"). Like the directory it lists
 * members to members: a guest (or a suspended account) hears 401 and an unverified one 403 before any
 * validation; each address has MENTION_SUGGESTIONS_PER_MINUTE calls a minute.
 */
export const mentionRoutes: FastifyPluginAsync<{ mentions: MentionService }> = async (app, { mentions }) => {
  const verified = {
    preValidation: async (req: FastifyRequest) => {
      await requireUser(req);
      if (!req.user!.emailVerifiedAt) throw forbidden(MENTION_MSG.verificationRequired);
    },
    config: perIpLimit(MENTION_SUGGESTIONS_PER_MINUTE, '1 minute', MENTION_MSG.tooFast),
  };
  // Members only and personal (who the asker blocked): never kept by a shared cache.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });
  route(app, getMentionSuggestions, verified, async (req) => ({ members: await mentions.suggestions(req.user!.id, req.query.q) }));
};
