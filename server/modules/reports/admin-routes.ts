import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAdminIdParams, ZAdminMessage, ZAdminReportList, ZAdminReportsQuery, ZDismissReportRequest, ZResolveReportRequest } from '../../../common/contracts/moderation.ts';
import type { Db } from '../../db/client.ts';
import { requireAdmin } from '../../identity/index.ts';
import { closeReport, listReports } from './queue-service.ts';

/** The admin reports queue (docs/API.md "Admin: moderation and categories"): guest 401, member 403 at preValidation. */
export const adminReportRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const admin = { preValidation: requireAdmin };

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
};
