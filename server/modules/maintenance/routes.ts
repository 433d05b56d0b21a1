import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { getMaintenance } from './service.ts';

export const maintenanceRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/api/maintenance/status', async () => getMaintenance(db));
};
