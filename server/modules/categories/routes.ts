import type { FastifyPluginAsync } from 'fastify';
import { listCategories } from '../../../common/contracts/forum.ts';
import {
  createCategory,
  deleteCategory,
  listAdminCategories,
  orderCategories,
  updateCategory,
} from '../../../common/contracts/moderation.ts';
import { requireAdmin } from '../../identity/index.ts';
import { loadJson, sendCached, type GuestCache } from '../../lib/guest-cache.ts';
import { route } from '../../lib/route.ts';
import type { CategoryService } from './service.ts';

/**
 * Categories: the public list (guests may read) and the admin's CRUD and order (docs/API.md "Admin:
 * moderation and categories"; guest 401, member 403 at preValidation, before any input is read).
 */
export const categoryRoutes: FastifyPluginAsync<{ categories: CategoryService; cache: GuestCache }> = async (app, { categories, cache }) => {
  const admin = { preValidation: requireAdmin };

  // The public list is the same for everyone (nothing in it is the reader's), so members get the
  // guest cache's answer too.
  route(app, listCategories, {}, async (req, reply) =>
    sendCached(req, reply, await cache.answer('categories', () => loadJson(reply, () => categories.listCategories()))),
  );

  route(app, listAdminCategories, admin, async () => categories.listAdminCategories());

  route(app, createCategory, admin, async (req, reply) => reply.code(201).send(await categories.createCategory(req.user!, req.body)));

  // Static before parametric: /order is never taken for an :id.
  route(app, orderCategories, admin, async (req) => categories.orderCategories(req.user!, req.body));

  route(app, updateCategory, admin, async (req) => categories.updateCategory(req.user!, req.params.id, req.body));

  route(app, deleteCategory, admin, async (req) => {
    await categories.deleteCategory(req.user!, req.params.id, req.body?.moveTo);
    return { message: 'Category deleted' };
  });
};
