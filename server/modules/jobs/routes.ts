import type { FastifyPluginAsync } from 'fastify';
import { getJobsSummary, retryJob } from '../../../common/contracts/jobs.ts';
import { requireAdmin } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import type { JobAdmin } from './service.ts';

/** The dashboard's background jobs card (docs/API.md "Admin: background jobs"): admins only. */
export const jobRoutes: FastifyPluginAsync<{ jobs: JobAdmin }> = async (app, { jobs }) => {
  const admin = { preValidation: requireAdmin };

  route(app, getJobsSummary, admin, async (_req, reply) => {
    // Failed jobs' errors can name members' addresses: never kept by a shared cache.
    reply.header('Cache-Control', 'no-store');
    return jobs.summary();
  });

  route(app, retryJob, admin, async (req, reply) => reply.code(202).send(await jobs.retry(req.user!.id, req.params.id)));
};
