import type { FastifyPluginAsync } from 'fastify';
import { sharePost } from '../../../common/contracts/forum-engagement.ts';
import { ENGAGEMENT_MSG } from '../../../common/rules/forum.ts';
import { route } from '../../lib/route.ts';
import { perIpLimit } from '../../plugins/rate-limits.ts';
import type { ShareService } from './service.ts';

/** Per client address: well above what a person sharing posts does, low enough to keep counts honest. */
export const SHARES_PER_MINUTE = 30;

/** Spec §7 POST /api/forum/posts/share: anyone may record a share (the client ignores failures). */
export const shareRoutes: FastifyPluginAsync<{ shares: ShareService }> = async (app, { shares }) => {
  route(app, sharePost, { config: perIpLimit(SHARES_PER_MINUTE, '1 minute', ENGAGEMENT_MSG.shareLimited) }, async (req, reply) =>
    reply.code(201).send(await shares.recordShare(req.body, req.user?.id ?? null)),
  );
};
