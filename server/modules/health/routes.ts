import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';

/** /healthz: the process answers. /readyz: and its database does too (for a load balancer). */
export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await database.ping();
      return { status: 'ok', database: database.kind };
    } catch (err) {
      app.log.error({ err }, 'readiness check failed');
      return reply.code(503).send({ message: 'Database unreachable' });
    }
  });
};
