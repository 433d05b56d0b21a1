import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdminCategory,
  ZAdminCategoryList,
  ZAdminIdParams,
  ZAdminMessage,
  ZAdminPost,
  ZAdminPostList,
  ZAdminPostsQuery,
  ZAdminReportList,
  ZAdminReportsQuery,
  ZCategoryOrderRequest,
  ZCreateCategoryRequest,
  ZDeleteCategoryRequest,
  ZDismissReportRequest,
  ZMovePostRequest,
  ZResolveReportRequest,
  ZUpdateCategoryRequest,
} from '../../../common/contracts/moderation.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAdmin } from '../../identity/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createCategory, deleteCategory, listAdminCategories, orderCategories, updateCategory } from './categories-service.ts';
import { closeReport, findPosts, listReports, movePost } from './moderation-service.ts';

/**
 * Admin moderation (docs/API.md "Admin: moderation and categories"): the posts tool, the reports
 * queue and categories. Pin, lock and delete of posts and comments are the forum's own routes, which
 * audit an admin's use of them. Every route: guest 401, member 403 (preValidation, before any input is read).
 */
export const adminModerationRoutes: FastifyPluginAsync<{ config: Config; db: Db; mailer: Mailer }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const admin = { preValidation: requireAdmin };

  // ——— Posts ———
  app.get('/api/admin/posts', { ...admin, schema: { querystring: ZAdminPostsQuery, response: { 200: ZAdminPostList } } }, async (req) => ({
    posts: await findPosts(db, req.query.q),
  }));

  app.post(
    '/api/admin/posts/:id/move',
    { ...admin, schema: { params: ZAdminIdParams, body: ZMovePostRequest, response: { 200: ZAdminPost } } },
    async (req) => movePost(db, req.user!, req.params.id, req.body.categoryId),
  );

  // ——— Reports ———
  app.get('/api/admin/reports', { ...admin, schema: { querystring: ZAdminReportsQuery, response: { 200: ZAdminReportList } } }, async (req) =>
    listReports(db, req.query),
  );

  app.post(
    '/api/admin/reports/:id/resolve',
    { ...admin, schema: { params: ZAdminIdParams, body: ZResolveReportRequest, response: { 200: ZAdminMessage } } },
    async (req) => {
      await closeReport(db, req.user!, req.params.id, { status: 'resolved', resolution: req.body.resolution, action: req.body.action });
      return { message: 'Report resolved' };
    },
  );

  app.post(
    '/api/admin/reports/:id/dismiss',
    { ...admin, schema: { params: ZAdminIdParams, body: ZDismissReportRequest, response: { 200: ZAdminMessage } } },
    async (req) => {
      await closeReport(db, req.user!, req.params.id, { status: 'dismissed', resolution: req.body.resolution });
      return { message: 'Report dismissed' };
    },
  );

  // ——— Categories ———
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
