import type { FastifyPluginAsync } from 'fastify';
import { createBulletin, deleteBulletin, listAdminBulletins, listBulletins, updateBulletin } from '../../../common/contracts/bulletins.ts';
import { requireAdmin } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import type { BulletinService } from './service.ts';

/**
 * Bulletins (docs/API.md "Bulletins"): GET /api/bulletins for the forum list, and the admin's
 * create/edit/delete under /api/admin/bulletins (401 for guests, 403 for members, audited).
 */
export const bulletinRoutes: FastifyPluginAsync<{ bulletins: BulletinService }> = async (app, { bulletins }) => {
  route(app, listBulletins, {}, async (req, reply) => {
    // The answer depends on the cookie (members-only bulletins): never stored by a shared cache.
    reply.header('cache-control', 'private, no-cache');
    return bulletins.listActive(!!req.user);
  });

  const admin = { preValidation: requireAdmin };
  route(app, listAdminBulletins, admin, async () => bulletins.listAll());
  route(app, createBulletin, admin, async (req, reply) => reply.code(201).send(await bulletins.create(req.user!.id, req.body)));
  route(app, updateBulletin, admin, async (req) => bulletins.update(req.user!.id, req.params.id, req.body));
  route(app, deleteBulletin, admin, async (req, reply) => {
    await bulletins.remove(req.user!.id, req.params.id);
    return reply.code(204).send();
  });
};
