import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdminBulletin,
  ZAdminBulletinList,
  ZBulletinCreateRequest,
  ZBulletinList,
  ZBulletinUpdateRequest,
  ZIdParams,
} from '../../../common/contracts/bulletins.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAdmin } from '../../identity/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createBulletin, deleteBulletin, listActiveBulletins, listAllBulletins, updateBulletin } from './service.ts';

/**
 * Bulletins (docs/API.md "Bulletins"): GET /api/bulletins for the forum list, and the admin's
 * create/edit/delete under /api/admin/bulletins (401 for guests, 403 for members, audited).
 */
export const bulletinRoutes: FastifyPluginAsync<{ config: Config; db: Db; mailer: Mailer }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/bulletins', { schema: { response: { 200: ZBulletinList } } }, async (req, reply) => {
    // The answer depends on the cookie (members-only bulletins): never stored by a shared cache.
    reply.header('cache-control', 'private, no-cache');
    return listActiveBulletins(db, !!req.user);
  });

  app.get('/api/admin/bulletins', { preValidation: requireAdmin, schema: { response: { 200: ZAdminBulletinList } } }, async () =>
    listAllBulletins(db),
  );

  app.post(
    '/api/admin/bulletins',
    { preValidation: requireAdmin, schema: { body: ZBulletinCreateRequest, response: { 201: ZAdminBulletin } } },
    async (req, reply) => {
      const created = await createBulletin(db, req.user!.id, req.body);
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/admin/bulletins/:id',
    { preValidation: requireAdmin, schema: { params: ZIdParams, body: ZBulletinUpdateRequest, response: { 200: ZAdminBulletin } } },
    async (req) => updateBulletin(db, req.user!.id, req.params.id, req.body),
  );

  app.delete(
    '/api/admin/bulletins/:id',
    { preValidation: requireAdmin, schema: { params: ZIdParams } },
    async (req, reply) => {
      await deleteBulletin(db, req.user!.id, req.params.id);
      return reply.code(204).send();
    },
  );
};
