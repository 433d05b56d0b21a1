import type { FastifyPluginAsync } from 'fastify';
import type { Mailer } from '../../mail/mailer.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';

/** Admin moderation: posts, comments, reports queue, categories (being built). */
export const adminModerationRoutes: FastifyPluginAsync<{ config: Config; db: Db; mailer: Mailer }> = async () => {};
