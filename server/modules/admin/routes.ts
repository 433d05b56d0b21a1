import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAuditPage, ZAuditQuery, ZDashboard } from '../../../common/contracts/admin.ts';
import type { Db } from '../../db/client.ts';
import { requireAdmin } from '../../identity/index.ts';
import { listAudit } from './audit-service.ts';
import { buildDashboard, type MaintenanceReader } from './dashboard-service.ts';

/** The admin dashboard and the audit log screen (docs/API.md "Admin: dashboard, members, audit log"): admins only. */
export const adminRoutes: FastifyPluginAsync<{ db: Db; maintenance: MaintenanceReader }> = async (base, { db, maintenance }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // Members' counts and actions: never kept by a shared cache.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  app.get('/api/admin/dashboard', { preValidation: requireAdmin, schema: { response: { 200: ZDashboard } } }, async () => buildDashboard(db, maintenance));

  app.get(
    '/api/admin/audit-log',
    { preValidation: requireAdmin, schema: { querystring: ZAuditQuery, response: { 200: ZAuditPage } } },
    async (req) => listAudit(db, req.query),
  );
};
