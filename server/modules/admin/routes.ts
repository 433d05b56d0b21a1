import type { FastifyPluginAsync } from 'fastify';
import { getDashboard, listAuditLog } from '../../../common/contracts/admin.ts';
import { requireAdmin } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import type { AuditService } from './audit-service.ts';
import type { DashboardService } from './dashboard-service.ts';

/** The admin dashboard and the audit log screen (docs/API.md "Admin: dashboard, members, audit log"): admins only. */
export const adminRoutes: FastifyPluginAsync<{ dashboard: DashboardService; audit: AuditService }> = async (app, { dashboard, audit }) => {
  // Members' counts and actions: never kept by a shared cache.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  route(app, getDashboard, { preValidation: requireAdmin }, async () => dashboard.get());

  route(app, listAuditLog, { preValidation: requireAdmin }, async (req) => audit.list(req.query));
};
