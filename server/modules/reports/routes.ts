import type { FastifyPluginAsync } from 'fastify';
import { createReport } from '../../../common/contracts/reports.ts';
import { REPORT_MSG } from '../../../common/rules/reports.ts';
import { requireVerified } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import type { ReportService } from './service.ts';

/**
 * Members report posts, comments and members (docs/API.md "Reports"); admins work the queue at
 * /api/admin/reports. Authorisation runs at preValidation so a guest hears 401, not a validation message.
 */
export const reportRoutes: FastifyPluginAsync<{ reports: ReportService }> = async (app, { reports }) => {
  route(app, createReport, { preValidation: requireVerified }, async (req, reply) => {
    const { id } = await reports.create(req.user!, req.body);
    return reply.code(201).send({ id, message: REPORT_MSG.sent });
  });
};
