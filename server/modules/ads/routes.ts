import type { FastifyPluginAsync } from 'fastify';
import { createAdSlot, deleteAdSlot, listAdminAdSlots, listAdSlots, updateAdSlot } from '../../../common/contracts/ads.ts';
import { CACHE_MS } from '../../../common/rules/site.ts';
import { requireAdmin } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import type { AdService } from './service.ts';

/**
 * Ad slots (docs/API.md "Ad slots"): GET /api/ads/slots for the pages that show ads, and the
 * admin's create/edit/delete under /api/admin/ads (401 for guests, 403 for members, audited).
 */
export const adRoutes: FastifyPluginAsync<{ ads: AdService }> = async (app, { ads }) => {
  route(app, listAdSlots, {}, async (req, reply) => {
    // Spec §9: ad slots are cached 5 minutes; the same for everyone, so shared caches may keep them.
    reply.header('cache-control', `public, max-age=${CACHE_MS.adSlots / 1000}`);
    return ads.listFor(req.query.location, req.query.device);
  });

  const admin = { preValidation: requireAdmin };
  route(app, listAdminAdSlots, admin, async () => ads.listAll());
  route(app, createAdSlot, admin, async (req, reply) => reply.code(201).send(await ads.create(req.user!.id, req.body)));
  route(app, updateAdSlot, admin, async (req) => ads.update(req.user!.id, req.params.id, req.body));
  route(app, deleteAdSlot, admin, async (req, reply) => {
    await ads.remove(req.user!.id, req.params.id);
    return reply.code(204).send();
  });
};
