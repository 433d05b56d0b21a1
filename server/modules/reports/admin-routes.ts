import type { FastifyPluginAsync } from 'fastify';
import { dismissReport, listReports, resolveReport } from '../../../common/contracts/moderation.ts';
import { requireModerator } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import type { ReportService } from './service.ts';

/** The reports queue (docs/API.md "Admin: moderation and categories"), for admins and moderators (issue 18): guest 401, member 403 at preValidation. */
export const adminReportRoutes: FastifyPluginAsync<{ reports: ReportService }> = async (app, { reports }) => {
  const admin = { preValidation: requireModerator };

  route(app, listReports, admin, async (req) => reports.list(req.query));

  route(app, resolveReport, admin, async (req) => {
    await reports.close(req.user!, req.params.id, { status: 'resolved', resolution: req.body.resolution, action: req.body.action });
    return { message: 'Report resolved' };
  });

  route(app, dismissReport, admin, async (req) => {
    await reports.close(req.user!, req.params.id, { status: 'dismissed', resolution: req.body.resolution });
    return { message: 'Report dismissed' };
  });
};
