import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCategoryList } from '../../../common/contracts/forum.ts';
import {
  ZAdminCategory,
  ZAdminCategoryList,
  ZAdminIdParams,
  ZAdminMessage,
  ZCategoryOrderRequest,
  ZCreateCategoryRequest,
  ZDeleteCategoryRequest,
  ZUpdateCategoryRequest,
} from '../../../common/contracts/moderation.ts';
import type { Db } from '../../db/client.ts';
import { requireAdmin } from '../../identity/index.ts';
import { createCategory, deleteCategory, listAdminCategories, listCategories, orderCategories, updateCategory } from './service.ts';

/**
 * Categories: the public list (guests may read) and the admin's CRUD and order (docs/API.md "Admin:
 * moderation and categories"; guest 401, member 403 at preValidation, before any input is read).
 */
export const categoryRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const admin = { preValidation: requireAdmin };

  app.get('/api/forum/categories', { schema: { response: { 200: ZCategoryList } } }, async () => listCategories(db));

  app.get('/api/admin/categories', { ...admin, schema: { response: { 200: ZAdminCategoryList } } }, async () => listAdminCategories(db));

  app.post(
    '/api/admin/categories',
    { ...admin, schema: { body: ZCreateCategoryRequest, response: { 201: ZAdminCategory } } },
    async (req, reply) => reply.code(201).send(await createCategory(db, req.user!, req.body)),
  );

  // Static before parametric: /order is never taken for an :id.
  app.put(
    '/api/admin/categories/order',
    { ...admin, schema: { body: ZCategoryOrderRequest, response: { 200: ZAdminCategoryList } } },
    async (req) => orderCategories(db, req.user!, req.body),
  );

  app.patch(
    '/api/admin/categories/:id',
    { ...admin, schema: { params: ZAdminIdParams, body: ZUpdateCategoryRequest, response: { 200: ZAdminCategory } } },
    async (req) => updateCategory(db, req.user!, req.params.id, req.body),
  );

  app.delete(
    '/api/admin/categories/:id',
    { ...admin, schema: { params: ZAdminIdParams, body: ZDeleteCategoryRequest, response: { 200: ZAdminMessage } } },
    async (req) => {
      await deleteCategory(db, req.user!, req.params.id, req.body?.moveTo);
      return { message: 'Category deleted' };
    },
  );
};
