import type { FastifyPluginAsync } from 'fastify';
import type { Mailer } from '../../mail/mailer.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';

/** Admin dashboard, members and audit log (being built). */
export const adminMemberRoutes: FastifyPluginAsync<{ config: Config; db: Db; mailer: Mailer }> = async () => {};
