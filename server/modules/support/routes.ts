import type { FastifyPluginAsync } from 'fastify';
import type { Mailer } from '../../mail/mailer.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';

/** Support tickets: POST /api/support and /api/admin/support (being built). */
export const supportRoutes: FastifyPluginAsync<{ config: Config; db: Db; mailer: Mailer }> = async () => {};
