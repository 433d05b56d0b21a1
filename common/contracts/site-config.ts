import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** What the client needs to know of the server's configuration (nothing secret). */
export const ZSiteConfig = z.object({
  appName: z.string(),
  /** Google Tag Manager container, loaded only with analytics consent. */
  gtmId: z.string().nullable(),
  /** AdSense publisher id, used only with marketing consent. */
  adsenseClient: z.string().nullable(),
  /** The largest photo file the server takes (UPLOAD_MAX_MB): the client downscales below it. */
  uploadMaxBytes: z.number(),
});
export type TSiteConfig = z.infer<typeof ZSiteConfig>;

/** The public part of the configuration (tag manager and AdSense ids, the photo size limit). */
export const getSiteConfig = endpoint({
  method: 'GET',
  path: '/api/site-config',
  responses: { 200: ZSiteConfig },
  errors: [400],
});
