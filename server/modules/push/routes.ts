import type { FastifyPluginAsync } from 'fastify';
import { getPushPublicKey, subscribePush, unsubscribePush } from '../../../common/contracts/push.ts';
import { requireUser, requireVerified } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import { memberLimit } from '../../plugins/rate-limits.ts';
import type { PushService } from './service.ts';

/**
 * Web Push (docs/API.md "Push"). Turning push on needs a verified member, as every other way of being
 * notified does; turning it off needs only a signed-in one (whatever became of the account since).
 * Authorisation at preValidation, so a guest hears 401 before any validation.
 */
export const pushRoutes: FastifyPluginAsync<{ push: PushService }> = async (app, { push }) => {
  // Retries waiting in the sender's timers would keep a closing process alive.
  app.addHook('onClose', async () => push.close());

  route(app, getPushPublicKey, {}, async (_req, reply) => {
    // Always asked afresh: a browser that subscribed with an old key must learn of a new one.
    reply.header('Cache-Control', 'no-cache');
    return { publicKey: await push.publicKey() };
  });

  // MEMBER_LIMITS.pushSubscription: one allowance for both, per member, after validation.
  const limit = memberLimit(app, 'pushSubscription');

  route(app, subscribePush, { preValidation: requireVerified, preHandler: limit }, async (req, reply) =>
    reply.code(201).send(await push.subscribe({ userId: req.user!.id, sessionTokenHash: req.sessionTokenHash! }, req.body)),
  );

  route(app, unsubscribePush, { preValidation: requireUser, preHandler: limit }, async (req, reply) => {
    await push.unsubscribe(req.user!.id, req.body.endpoint);
    return reply.code(204).send();
  });
};
