import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENGAGEMENT_MSG, ZShareEvent, ZShareResponse } from '../../../common/contracts/forum-engagement.ts';
import type { Db } from '../../db/client.ts';
import { tooManyRequests } from '../../http-errors.ts';
import { recordShare } from './share-service.ts';

/** Per client address: well above what a person sharing posts does, low enough to keep counts honest. */
export const SHARES_PER_MINUTE = 30;

/** Spec §7 POST /api/forum/posts/share: anyone may record a share (the client ignores failures). */
export const shareRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/forum/posts/share',
    {
      schema: { body: ZShareEvent, response: { 201: ZShareResponse } },
      config: {
        rateLimit: {
          max: SHARES_PER_MINUTE,
          timeWindow: '1 minute',
          errorResponseBuilder: (_req, ctx) => tooManyRequests(ENGAGEMENT_MSG.shareLimited, ctx.ttl / 1000),
        },
      },
    },
    async (req, reply) => reply.code(201).send(await recordShare(db, req.body, req.user?.id ?? null)),
  );
};
