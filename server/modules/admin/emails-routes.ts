import type { FastifyPluginAsync } from 'fastify';
import type { Mailer } from '../../mail/mailer.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';

/** Admin outbox and announcements, and the unsubscribe link (being built). */
export const adminEmailRoutes: FastifyPluginAsync<{ config: Config; db: Db; mailer: Mailer }> = async () => {};
