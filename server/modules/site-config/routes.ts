import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSiteConfig } from '../../../common/contracts/site-config.ts';
import type { Config } from '../../config.ts';

/** GET /api/site-config: the public part of the configuration (tag manager and AdSense ids). */
export const siteConfigRoutes: FastifyPluginAsync<{ config: Config }> = async (base, { config }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/api/site-config', { schema: { response: { 200: ZSiteConfig } } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { appName: config.appName, gtmId: config.gtmId ?? null, adsenseClient: config.adsenseClient ?? null };
  });
};
