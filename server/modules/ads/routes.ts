import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdIdParams,
  ZAdminAdSlot,
  ZAdminAdSlotList,
  ZAdSlotCreateRequest,
  ZAdSlotList,
  ZAdSlotsQuery,
  ZAdSlotUpdateRequest,
} from '../../../common/contracts/ads.ts';
import { CACHE_MS } from '../../../common/constants.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAdmin } from '../../identity/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createSlot, deleteSlot, listAllSlots, listSlotsFor, updateSlot } from './service.ts';

/**
 * Ad slots (docs/API.md "Ad slots"): GET /api/ads/slots for the pages that show ads, and the
 * admin's create/edit/delete under /api/admin/ads (401 for guests, 403 for members, audited).
 */
export const adRoutes: FastifyPluginAsync<{ config: Config; db: Db; mailer: Mailer }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/ads/slots', { schema: { querystring: ZAdSlotsQuery, response: { 200: ZAdSlotList } } }, async (req, reply) => {
    // Spec §9: ad slots are cached 5 minutes; the same for everyone, so shared caches may keep them.
    reply.header('cache-control', `public, max-age=${CACHE_MS.adSlots / 1000}`);
    return listSlotsFor(db, req.query.location, req.query.device);
  });

  app.get('/api/admin/ads', { preValidation: requireAdmin, schema: { response: { 200: ZAdminAdSlotList } } }, async () =>
    listAllSlots(db),
  );

  app.post(
    '/api/admin/ads',
    { preValidation: requireAdmin, schema: { body: ZAdSlotCreateRequest, response: { 201: ZAdminAdSlot } } },
    async (req, reply) => reply.code(201).send(await createSlot(db, req.user!.id, req.body)),
  );

  app.patch(
    '/api/admin/ads/:id',
    { preValidation: requireAdmin, schema: { params: ZAdIdParams, body: ZAdSlotUpdateRequest, response: { 200: ZAdminAdSlot } } },
    async (req) => updateSlot(db, req.user!.id, req.params.id, req.body),
  );

  app.delete('/api/admin/ads/:id', { preValidation: requireAdmin, schema: { params: ZAdIdParams } }, async (req, reply) => {
    await deleteSlot(db, req.user!.id, req.params.id);
    return reply.code(204).send();
  });
};
