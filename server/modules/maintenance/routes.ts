import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { getMaintenanceStatus, setMaintenanceMode } from '../../../common/contracts/maintenance.ts';
import { MAINTENANCE_MSG, MAINTENANCE_RETRY_AFTER_S } from '../../../common/rules/maintenance.ts';
import type { Config } from '../../config.ts';
import type { Events } from '../../events.ts';
import { HttpError } from '../../http-errors.ts';
import { requireAdmin } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import type { MaintenanceService } from './service.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes that still work while maintenance is on: signing in and out (so an admin can get in to
 * switch it off), and the consent-gated analytics and vitals beacons, which change nothing a member
 * sees and would otherwise only fill the browser's retry queue.
 */
const OPEN_DURING_MAINTENANCE = ['/api/auth/login', '/api/logout', '/api/analytics/', '/api/metrics/vitals'];

export function isWritePausedFor(req: Pick<FastifyRequest, 'method' | 'url' | 'user'>): boolean {
  if (!WRITES.has(req.method) || !req.url.startsWith('/api/')) return false;
  if (req.user?.isAdmin) return false;
  const path = req.url.split('?', 1)[0];
  return !OPEN_DURING_MAINTENANCE.some((open) => (open.endsWith('/') ? path.startsWith(open) : path === open));
}

/**
 * Maintenance mode (docs/API.md "Maintenance"): the status the banner polls, the admin's switch,
 * and the hook that answers every other write by a non-admin with 503 while it is on. Not
 * encapsulated, so the hook covers every route; registered after the session plugin so that
 * req.user is known when it runs.
 */
export const maintenanceRoutes = fp(
  async (app: FastifyInstance, { config, events, maintenance }: { config: Config; events: Events; maintenance: MaintenanceService }) => {
    // This process uses a change once it commits; every other process as soon as the bus brings it.
    await events.onEveryProcess('maintenance.changed', (status) => maintenance.remember(status));

    app.addHook('onRequest', async (req) => {
      if (!isWritePausedFor(req)) return;
      // Reads are free: the switch is kept in memory for at most 2 s.
      const { maintenanceMode } = await maintenance.cached();
      // `maintenance: true` tells the client this 503 is the pause, not a fault: it shows the words as they are.
      if (maintenanceMode) throw new HttpError(503, MAINTENANCE_MSG.writesPaused(config.appName), { maintenance: true }, MAINTENANCE_RETRY_AFTER_S);
    });

    route(app, getMaintenanceStatus, {}, async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return maintenance.cached();
    });

    route(app, setMaintenanceMode, { preValidation: requireAdmin }, async (req) =>
      maintenance.set(req.user!.id, { maintenanceMode: req.body.maintenanceMode, message: req.body.message }),
    );
  },
  { name: 'maintenance' },
);
