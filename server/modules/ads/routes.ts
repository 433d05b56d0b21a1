import type { FastifyPluginAsync } from 'fastify';
import type { Mailer } from '../../mail/mailer.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';

/** Ad slots: GET /api/ads/slots and /api/admin/ads (being built). */
export const adRoutes: FastifyPluginAsync<{ config: Config; db: Db; mailer: Mailer }> = async () => {};
