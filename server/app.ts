import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { fastifyTrustProxy, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { adminEmailRoutes, adminRoutes } from './modules/admin/index.ts';
import { adRoutes } from './modules/ads/index.ts';
import { analyticsRoutes } from './modules/analytics/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { bulletinRoutes } from './modules/bulletins/index.ts';
import { categoryRoutes } from './modules/categories/index.ts';
import { chatRoutes } from './modules/chat/index.ts';
import { commentRoutes } from './modules/comments/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { createMaintenance, maintenanceRoutes } from './modules/maintenance/index.ts';
import { adminMemberRoutes, memberRoutes } from './modules/members/index.ts';
import { notificationRoutes } from './modules/notifications/index.ts';
import { postRoutes } from './modules/posts/index.ts';
import { reactionRoutes } from './modules/reactions/index.ts';
import { adminReportRoutes, reportRoutes } from './modules/reports/index.ts';
import { retentionPlugin } from './modules/retention/index.ts';
import { searchRoutes } from './modules/search/index.ts';
import { shareRoutes } from './modules/shares/index.ts';
import { siteConfigRoutes } from './modules/site-config/index.ts';
import { supportRoutes } from './modules/support/index.ts';
import { createVoteService, voteRoutes } from './modules/votes/index.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { originCheckPlugin } from './plugins/origin-check.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionPlugin } from './plugins/session.ts';
import { storableTextPlugin } from './plugins/storable-text.ts';
import { webPlugin } from './plugins/web.ts';
import { sitemapRoutes } from './seo/sitemap-routes.ts';
import { systemClock, type Clock, type Core } from './core.ts';
import { createEvents } from './events.ts';
import { createEventBus, type EventBus } from './realtime/bus.ts';
import { realtimePlugin } from './realtime/gateway.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  /** Defaults to the outbox mailer of `config`. */
  mailer?: Mailer;
  /** Shared store for rate limits (and the event bus) when several processes serve. */
  redis?: Redis;
  /** The event bus; by default in-process, or Redis with REDIS_URL. Tests pass one to listen to it. */
  bus?: EventBus;
  /** Serve the built client from dist/client (production and browser tests). */
  serveClient?: boolean;
  /** Where the built client is (tests point it at a temporary directory); dist/client by default. */
  clientDir?: string;
  /** The services' clock; the system's by default (tests move it). */
  clock?: Clock;
};

export type App = FastifyInstance & { deps: Required<Omit<AppDeps, 'redis' | 'clientDir' | 'bus' | 'clock'>> & { redis?: Redis } };

export function readMalformedEscapesLiterally(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (!path.includes('%')) return url;
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return path.replace(/%/g, '%25') + (q < 0 ? '' : url.slice(q));
  }
}

/** Builds the whole HTTP app from its dependencies; plugins and modules are registered explicitly. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const db = database.db;
  const app = Fastify({
    logger:
      config.env === 'test'
        ? false
        : {
            level: config.logLevel,
            serializers: {
              // Reset links carry their token in the query string: keep it out of the logs.
              req: (req) => ({ method: req.method, url: req.url.replace(/([?&]token=)[^&]*/g, '$1[redacted]'), reqId: req.id }),
            },
          },
    // Whose X-Forwarded-For to believe (TRUST_PROXY); by default nobody's, so req.ip is the TCP peer.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 256 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    routerOptions: { maxParamLength: 300 },
    // A malformed percent-escape (`/forum/posts/%`, `%E0%A4%A`) would fail before routing with
    // Fastify's own 400; read such a path literally instead, so it reaches the routes and answers
    // like any other unknown page, post or id (404, or 400 from validation).
    rewriteUrl: (req) => readMalformedEscapesLiterally(req.url ?? '/'),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer = deps.mailer ?? createMailer({ config, db, log: app.log, retryLoop: config.env !== 'test' });
  const full = app as unknown as App;
  full.deps = { config, database, mailer, serveClient: deps.serveClient ?? false, redis: deps.redis };

  // The app's services, created once: domain events over the bus (published after commit; the
  // realtime gateway uses the same bus and closes it with the app), and the maintenance switch.
  const bus = deps.bus ?? createEventBus({ redisUrl: config.redisUrl, redis: deps.redis, log: app.log });
  const events = createEvents({ bus, log: app.log });
  const maintenance = createMaintenance(db);
  // The service container: every module's services are created from it once, below.
  const core: Core = { config, db, events, mailer, clock: deps.clock ?? systemClock, log: app.log, redis: deps.redis };

  // Layer 1: cross-cutting plugins.
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { config });
  await app.register(cookie);
  await app.register(originCheckPlugin, { config });
  await app.register(rateLimit, { global: false, ...(deps.redis ? { redis: deps.redis, nameSpace: 'kerbside-rl:' } : {}) });
  await app.register(sessionPlugin, { config, db });
  await app.register(storableTextPlugin);

  // Layer 2: feature modules.
  await app.register(realtimePlugin, { config, db, redis: deps.redis, bus }); // /ws and app.gateway, before their users
  // The gateway closes an ended session's sockets in every process itself (over the bus).
  events.on('session.ended', ({ userId }) => app.gateway.closeEndedSessions(userId));
  await app.register(healthRoutes, { database });
  await app.register(siteConfigRoutes, { config });
  await app.register(sitemapRoutes, { config, db });
  await app.register(maintenanceRoutes, { config, db, events, maintenance }); // after the session plugin: its write hook needs req.user
  await app.register(categoryRoutes, { db });
  await app.register(searchRoutes, { db });
  await app.register(postRoutes, { db, events, redis: deps.redis });
  await app.register(commentRoutes, { db, events });
  await app.register(voteRoutes, { votes: createVoteService(core) });
  await app.register(reactionRoutes, { db });
  await app.register(shareRoutes, { db });
  await app.register(notificationRoutes, { db, events });
  await app.register(chatRoutes, { db, appName: config.appName, events, maintenance });
  await app.register(authRoutes, { config, db, mailer, events });
  await app.register(memberRoutes, { config, db, mailer, events });
  await app.register(bulletinRoutes, { config, db, mailer });
  await app.register(adRoutes, { config, db, mailer });
  await app.register(analyticsRoutes, { config, db, mailer });
  await app.register(supportRoutes, { config, db, mailer });
  await app.register(reportRoutes, { config, db, mailer });
  // Every /api/admin/* route answers 401 to guests and 403 to members (requireAdmin on each).
  await app.register(adminMemberRoutes, { config, db, mailer, events });
  await app.register(adminRoutes, { db, maintenance });
  await app.register(adminReportRoutes, { db });
  await app.register(adminEmailRoutes, { config, db, mailer });

  await app.register(retentionPlugin, { db, enabled: config.env !== 'test' });

  // Last: the built client and the SPA fallback (its not-found handler also answers unknown /api paths).
  if (deps.serveClient) await app.register(webPlugin, { clientDir: deps.clientDir, pages: { config, db } });

  app.addHook('onClose', async () => {
    await mailer.close();
  });
  return full;
}
