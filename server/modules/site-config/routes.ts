import type { FastifyPluginAsync } from 'fastify';
import { getSiteConfig } from '../../../common/contracts/site-config.ts';
import type { Config } from '../../config.ts';
import { route } from '../../lib/route.ts';

/** GET /api/site-config: the public part of the configuration (tag manager and AdSense ids, the photo size limit). */
export const siteConfigRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  route(app, getSiteConfig, {}, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { appName: config.appName, gtmId: config.gtmId ?? null, adsenseClient: config.adsenseClient ?? null, uploadMaxBytes: config.uploadMaxBytes };
  });
};
