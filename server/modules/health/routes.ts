import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { DiskSpace } from '../../db/disk-space.ts';
import { OUT_OF_SPACE_MSG } from '../../plugins/errors.ts';
import type { Lifecycle } from '../../plugins/lifecycle.ts';

/**
 * /healthz: the process answers. /readyz: and its database does too, and it is not stopping: a load
 * balancer sends it requests only then (a stop drains with /readyz 503 first: server/shutdown.ts). A
 * process whose DATA_DIR is out of space is not ready for writes either (503 "read-only"), while
 * /healthz stays 200: a restart frees nothing.
 */
export const healthRoutes: FastifyPluginAsync<{ database: Database; lifecycle: Lifecycle; disk: DiskSpace }> = async (app, { database, lifecycle, disk }) => {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    if (lifecycle.state !== 'serving') return reply.code(503).send({ message: 'Shutting down' });
    try {
      await database.ping();
    } catch (err) {
      app.log.error({ err }, 'readiness check failed');
      return reply.code(503).send({ message: 'Database unreachable' });
    }
    const space = disk.status();
    if (!space.writable) {
      return reply.code(503).send({ status: 'read-only', message: OUT_OF_SPACE_MSG, database: database.kind, freeBytes: space.freeBytes, reserveBytes: space.reserveBytes });
    }
    return { status: 'ok', database: database.kind };
  });
};
