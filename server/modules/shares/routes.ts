import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENGAGEMENT_MSG, ZShareEvent, ZShareResponse } from '../../../common/contracts/forum-engagement.ts';
import type { Db } from '../../db/client.ts';
import { perIpLimit } from '../../plugins/rate-limits.ts';
import { recordShare } from './service.ts';

/** Per client address: well above what a person sharing posts does, low enough to keep counts honest. */
export const SHARES_PER_MINUTE = 30;

/** Spec §7 POST /api/forum/posts/share: anyone may record a share (the client ignores failures). */
export const shareRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/forum/posts/share',
    {
      schema: { body: ZShareEvent, response: { 201: ZShareResponse } },
      config: perIpLimit(SHARES_PER_MINUTE, '1 minute', ENGAGEMENT_MSG.shareLimited),
    },
    async (req, reply) => reply.code(201).send(await recordShare(db, req.body, req.user?.id ?? null)),
  );
};
