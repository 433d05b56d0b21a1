import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REPORT_MSG, ZCreateReportRequest, ZCreateReportResponse } from '../../../common/contracts/reports.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireVerified } from '../../identity/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createReport } from './service.ts';

/**
 * Members report posts, comments and members (docs/API.md "Reports"); admins work the queue at
 * /api/admin/reports. Authorisation runs at preValidation so a guest hears 401, not a validation message.
 */
export const reportRoutes: FastifyPluginAsync<{ config: Config; db: Db; mailer: Mailer }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/reports',
    { preValidation: requireVerified, schema: { body: ZCreateReportRequest, response: { 201: ZCreateReportResponse } } },
    async (req, reply) => {
      const { id } = await createReport(db, req.user!, req.body);
      return reply.code(201).send({ id, message: REPORT_MSG.sent });
    },
  );
};
