import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { fastifyTrustProxy, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { compressAnswer } from './lib/compression.ts';
import { lazySchemaCompilers } from './lib/lazy-schema-compilers.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import {
  adminEmailRoutes,
  adminRoutes,
  createAnnouncementService,
  createAuditService,
  createDashboardService,
  createOutboxService,
} from './modules/admin/index.ts';
import { adRoutes, createAdImageOrigins, createAdService } from './modules/ads/index.ts';
import { analyticsRoutes, createAnalyticsService } from './modules/analytics/index.ts';
import { authRoutes, createAuthService } from './modules/auth/index.ts';
import { createSignInFactors, signInFactorRoutes } from './modules/sign-in-factors/index.ts';
import { backupRoutes, createBackupService } from './modules/backups/index.ts';
import { bookmarkRoutes, createBookmarkService } from './modules/bookmarks/index.ts';
import { createLabelService, labelRoutes } from './modules/labels/index.ts';
import { createVerificationService, verificationRoutes } from './modules/verification/index.ts';
import { blockRoutes, createBlockService } from './modules/blocks/index.ts';
import { bulletinRoutes, createBulletinService } from './modules/bulletins/index.ts';
import { categoryRoutes, createCategoryService } from './modules/categories/index.ts';
import { chatRoutes, createChatPush, createChatService, createPresence } from './modules/chat/index.ts';
import { commentRoutes, createCommentService } from './modules/comments/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { createJobAdmin, jobRoutes } from './modules/jobs/index.ts';
import { createMaintenanceService, maintenanceRoutes, type MaintenanceService } from './modules/maintenance/index.ts';
import { createMentionService, mentionRoutes } from './modules/mentions/index.ts';
import { adminMemberRoutes, createDirectoryService, createMemberAdminService, createMembersService, memberRoutes } from './modules/members/index.ts';
import {
  createNotificationMailService,
  createUnsubscribeService,
  notificationMailRoutes,
  type NotificationMailService,
} from './modules/notification-mail/index.ts';
import { createNotificationService, notificationRoutes } from './modules/notifications/index.ts';
import { createPostService, postRoutes } from './modules/posts/index.ts';
import { createPayService, payRoutes, type PayService } from './modules/pay/index.ts';
import { createPushService, pushRoutes, type PushSenderOptions, type PushService } from './modules/push/index.ts';
import { registerLivePosts } from './modules/live-posts/index.ts';
import { createReactionService, reactionRoutes } from './modules/reactions/index.ts';
import { adminReportRoutes, createReportService, reportRoutes } from './modules/reports/index.ts';
import { createReviewQueue, createWatchedWordAdmin, reviewRoutes } from './modules/review/index.ts';
import { createRetentionService } from './modules/retention/index.ts';
import { createSearchService, searchRoutes } from './modules/search/index.ts';
import { createShareService, shareRoutes } from './modules/shares/index.ts';
import { siteConfigRoutes } from './modules/site-config/index.ts';
import { createSupportService, supportRoutes } from './modules/support/index.ts';
import { createUploadService, uploadRoutes } from './modules/uploads/index.ts';
import { createVoteService, voteRoutes } from './modules/votes/index.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { diskSpacePlugin } from './plugins/disk-space.ts';
import { createDiskSpace, type DiskSpace } from './db/disk-space.ts';
import { createJobMetrics, metricsPlugin } from './plugins/metrics.ts';
import { originCheckPlugin } from './plugins/origin-check.ts';
import { RequestLog } from './plugins/request-log.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionPlugin } from './plugins/session.ts';
import { storableTextPlugin } from './plugins/storable-text.ts';
import { DEFAULT_CLIENT_DIR, webPlugin } from './plugins/web.ts';
import { loadRenderer, type Renderer } from './seo/render.ts';
import { feedRoutes } from './seo/feeds.ts';
import { sitemapRoutes } from './seo/sitemap-routes.ts';
import { systemClock, type Clock, type Core } from './core.ts';
import { createIdentity } from './identity/index.ts';
import { createTrustService, createWatchedWords, type TrustService } from './trust/index.ts';
import { createGuestCache, guestCachePlugin } from './lib/guest-cache.ts';
import { createMemberCache, type MemberCache } from './lib/member-cache.ts';
import { createEvents } from './events.ts';
import { trackCommits } from './db/after-commit.ts';
import { createJobRunner, type JobRunner } from './jobs/runner.ts';
import { createEventBus, type EventBus } from './realtime/bus.ts';
import { createRedisHealth } from './lib/redis.ts';
import { redisOrLocalStore } from './plugins/rate-limit-store.ts';
import { realtimePlugin } from './realtime/gateway.ts';
import { createLifecycle, lifecyclePlugin, type Lifecycle } from './plugins/lifecycle.ts';

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
  /** The server-side React renderer; by default the one built beside the client (dist/ssr), if any. */
  renderer?: Renderer | null;
  /** The services' clock; the system's by default (tests move it). */
  clock?: Clock;
  /** The Web Push sender's options; tests give it an agent that reaches their own push service. */
  push?: PushSenderOptions;
  /**
   * In tests (by default) a request answers once the jobs its change queued are done, so the test reads
   * what they did; false answers after commit as in production (the runner is then started).
   */
  settleJobs?: boolean;
  /** Where the log goes (stdout by default); a test that reads the log gives one, and gets it under NODE_ENV=test too. */
  logStream?: { write(line: string): void };
  /** How long the guest and member caches keep an answer; 0 keeps none (the bench's uncached paths). GUEST_CACHE_TTL_MS by default. */
  guestCacheTtlMs?: number;
};

export type App = FastifyInstance & {
  deps: Required<Omit<AppDeps, 'redis' | 'clientDir' | 'bus' | 'clock' | 'renderer' | 'push' | 'settleJobs' | 'logStream' | 'guestCacheTtlMs'>> & { redis?: Redis };
  /** The job runner: tests call runDue() and settled(). */
  jobs: JobRunner;
  /** DATA_DIR's free space as the write guard last read it: tests call refresh() after filling a disk. */
  diskSpace: DiskSpace;
  /** The app's maintenance switch, for browser tests that switch it as an admin does. */
  maintenance: MaintenanceService;
  /** Web Push to members' devices. */
  push: PushService;
  /** The notification mail and weekly digest: tests call its runOnce(now). */
  notificationMail: NotificationMailService;
  /** The trust model's job and visit recorder: tests call runOnce() and visits.flush(). */
  trust: TrustService;
  /** The Courier Pay Index: tests compute the day's snapshot with pay.runOnce(). */
  pay: PayService;
  /** Serving, draining (/readyz 503) or closing: server/shutdown.ts's stopServing moves it on. */
  lifecycle: Lifecycle;
  /** Members' kept sessions and answers: tests that write behind the API's back drop it, as time would. */
  memberCache: MemberCache;
  /** Empties the guests' and the members' kept answers and sessions, in every process, as any write does. */
  forgetKept(): Promise<void>;
};

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
  // Commits are tracked so the outbox's rows wake the runner, and per-process handlers run, once committed.
  const db = trackCommits(database.db);
  const app = Fastify({
    logger:
      config.env === 'test' && !deps.logStream
        ? false
        : {
            level: config.logLevel,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
            serializers: {
              // Reset links carry their token in the query string: keep it out of the logs.
              req: (req) => ({ method: req.method, url: req.url.replace(/([?&]token=)[^&]*/g, '$1[redacted]'), reqId: req.id }),
            },
          },
    // One line per request instead of Fastify's two, routine reads sampled (plugins/request-log.ts).
    logController: new RequestLog({ sample: config.logRequestSample }),
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
    // Zod compiles every schema (set just below): Fastify's own compilers load only if ever needed.
    schemaController: { compilersFactory: lazySchemaCompilers },
    // A request that reaches a closing server (on a keep-alive connection it already had) is answered
    // as usual, with Connection: close, not with Fastify's 503: a proxy passes a 503 on to the member.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every route's answer goes out compressed as the client accepts (lib/compression.ts): its hook
  // runs after the route's own onSend, so an ETag is of the bytes as made and a 304 is decided first.
  app.addHook('onRoute', (route) => {
    route.onSend = [...[route.onSend ?? []].flat(), compressAnswer];
  });

  const full = app as unknown as App;
  full.lifecycle = createLifecycle();
  // The one job runner (issue 29): the outbox of domain events, push, mail and every periodic task.
  // Started once the app is ready (not in tests: a job still runs once its transaction commits, and a
  // test's request answers once its jobs are done, so a test reads what they did; tests run the rest).
  // Its metrics are made first: /metrics (registered below) adds them to the app's registry.
  const jobMetrics = createJobMetrics();
  const jobs = createJobRunner({ db, log: app.log, embedded: database.kind === 'pglite', metrics: jobMetrics });
  full.jobs = jobs;
  if (config.env === 'test' && deps.settleJobs !== false) app.addHook('onSend', async () => jobs.settled());
  else app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.close());
  const clock = deps.clock ?? systemClock;
  const mailer = deps.mailer ?? createMailer({ config, db, log: app.log, jobs, clock });
  full.deps = { config, database, mailer, serveClient: deps.serveClient ?? false, redis: deps.redis };

  // The app's services, created once: domain events over the bus (published after commit; the
  // realtime gateway uses the same bus and closes it with the app).
  // Redis's connections (issue 29): an outage is logged once, and /metrics shows kerbside_redis_up.
  const redisHealth = deps.redis || config.redisUrl ? createRedisHealth(app.log) : undefined;
  if (deps.redis) redisHealth?.watch(deps.redis);
  const bus = deps.bus ?? createEventBus({ redisUrl: config.redisUrl, redis: deps.redis, log: app.log, health: redisHealth });
  const events = createEvents({ db, jobs, bus, log: app.log });
  // The service container: every module's services are created from it once, below.
  const core: Core = { config, db, events, jobs, mailer, clock, log: app.log, redis: deps.redis };
  // The maintenance switch: its routes, the dashboard and the chat socket read the one cache it keeps.
  const maintenance = createMaintenanceService(core);
  full.maintenance = maintenance;
  // The trust model (issue 28): visits and post reads recorded, every member's level recomputed hourly
  // by the runner (tests call trust.runOnce()).
  const trust = createTrustService(core);
  full.trust = trust;
  // Sessions, sign-in throttles and password checks, for the session plugin and the account modules.
  const identity = createIdentity({ ...core, visits: trust.visits });
  // Analytics rows wait in this buffer: its routes fill it, /metrics reports how many wait.
  const analytics = createAnalyticsService(core);
  // Guests' forum answers, kept a few seconds and dropped by any write, here or (over the bus) elsewhere.
  const guestCache = createGuestCache(core, { bus, ttlMs: deps.guestCacheTtlMs });
  // Members' sessions and their own answers, kept a few seconds and dropped by any write (ADR 0019).
  const memberCache = createMemberCache(core, { bus, ttlMs: deps.guestCacheTtlMs });
  full.memberCache = memberCache;
  full.forgetKept = async () => {
    await Promise.all([guestCache.invalidate(), memberCache.invalidate()]);
  };
  // Every page carries the maintenance banner's state: a switch, however made, drops the kept pages, guests' and members'.
  await events.onEveryProcess('maintenance.changed', full.forgetKept);

  // Web Push to members' devices: push.sendToUser(userId, {title, body, url, tag}, options, tx) queues a job.
  const push = createPushService(core, deps.push);
  full.push = push;
  // Members' photos: stored on disk or in the S3 bucket; posts, comments, chat and accounts use them.
  const uploads = createUploadService(core);
  // The CSP's img-src names the ads' image origins: read at start, again whenever an ad is written.
  const adImageOrigins = await createAdImageOrigins(core);
  // Watched words (issue 28): one matcher per process, compiled before the server answers and again
  // whenever the list changes; posts, comments, chat and members screen what members write with it.
  const words = await createWatchedWords(core);

  // DATA_DIR's free space, read every few seconds: below its reserve, API writes answer 507 and
  // /readyz 503; with the embedded database in DATA_DIR, its ballast is kept there (issue 29).
  const disk = createDiskSpace({
    dataDir: database.dataDir ?? config.dataDir,
    reserveMb: config.diskReserveMb,
    reservePercent: config.diskReservePercent,
    ballast: database.dataDir !== undefined,
    log: app.log,
  });
  full.diskSpace = disk;

  // Layer 1: cross-cutting plugins.
  await app.register(lifecyclePlugin, { lifecycle: full.lifecycle });
  await app.register(errorsPlugin, { appName: config.appName });
  // Early, so its timing hook covers every route registered after it.
  await app.register(metricsPlugin, {
    token: config.metricsToken,
    database,
    bus,
    sockets: () => app.gateway.socketCount(),
    analyticsBuffered: () => analytics.buffer.pending(),
    pushStats: () => push.stats(),
    redisUp: redisHealth && (() => redisHealth.up),
    disk: () => disk.status(),
    jobMetrics,
  });
  await app.register(securityHeadersPlugin, { config, adImageOrigins });
  await app.register(cookie);
  await app.register(originCheckPlugin, { config });
  await app.register(diskSpacePlugin, { disk }); // before the session and every body: a refused write reads nothing
  // Counted in Redis across processes; in this process while Redis is away (plugins/rate-limit-store.ts).
  await app.register(rateLimit, { global: false, ...(deps.redis ? { store: redisOrLocalStore(deps.redis, 'kerbside-rl:') } : {}) });
  await app.register(sessionPlugin, { config, identity, members: memberCache });
  await app.register(storableTextPlugin);
  await app.register(guestCachePlugin, { cache: guestCache, members: memberCache }); // before the modules: it hooks their write routes

  // Layer 2: feature modules.
  await app.register(realtimePlugin, { config, db, clock: core.clock, redis: deps.redis, bus }); // /ws and app.gateway, before their users
  // The gateway closes an ended session's sockets in every process itself (over the bus).
  events.on('session.ended', 'sockets', ({ userId }) => app.gateway.closeEndedSessions(userId));
  await app.register(healthRoutes, { database, lifecycle: full.lifecycle, disk });
  await app.register(siteConfigRoutes, { config });
  await app.register(sitemapRoutes, { config, db });
  await app.register(feedRoutes, { config, db, cache: guestCache }); // RSS and Atom, kept and emptied with the guests' lists
  await app.register(maintenanceRoutes, { config, events, maintenance }); // after the session plugin: its write hook needs req.user
  // The forum's posts and categories are read by the server-written pages too (webPlugin, below).
  const categories = createCategoryService(core);
  const posts = createPostService({ ...core, uploads, reads: trust.visits, words });
  await app.register(categoryRoutes, { categories, cache: guestCache });
  await app.register(searchRoutes, { search: createSearchService(core), cache: guestCache });
  await app.register(postRoutes, { posts, cache: guestCache, members: memberCache });
  const comments = createCommentService({ ...core, uploads, words });
  await app.register(commentRoutes, { comments });
  await app.register(voteRoutes, { votes: createVoteService(core) });
  await app.register(reactionRoutes, { reactions: createReactionService(core) });
  // Live threads: sockets follow open posts; comments, edits and counts reach them from every process.
  await registerLivePosts({ gateway: app.gateway, events, db, clock: core.clock });
  await app.register(shareRoutes, { shares: createShareService(core) });
  await app.register(bookmarkRoutes, { bookmarks: createBookmarkService(core) });
  const labels = createLabelService(core);
  await app.register(labelRoutes, { labels });
  await app.register(verificationRoutes, { verification: createVerificationService(core) });
  await app.register(pushRoutes, { push });
  // Notifications and chat messages reach members' sockets in every process through the gateway, and
  // their devices by Web Push: a chat message only when they have no socket open in any process.
  const notifications = createNotificationService({
    ...core,
    sendToUser: (userId, frame) => app.gateway.sendToUser(userId, frame),
    sendToDevices: push.sendToUser,
  });
  await app.register(notificationRoutes, { notifications, events });
  const presence = await createPresence({ bus, socketCount: (userId) => app.gateway.socketCount(userId), log: app.log });
  app.addHook('onClose', async () => presence.close());
  const chatPush = createChatPush({ db: core.db, jobs: core.jobs, presence, sendToDevices: push.sendToUser });
  const chat = createChatService({ ...core, notify: (frames) => app.gateway.sendToUsers(frames), alert: chatPush.newMessage, maintenance, uploads, words });
  // Blocks: their own routes, and the chat's /api/chat/blocks aliases call the same service.
  const blocks = createBlockService(core);
  await app.register(blockRoutes, { blocks });
  await app.register(chatRoutes, { chat, blocks, events, appName: config.appName, writable: () => disk.status().writable });
  // Mail to members who are away (no socket in any process: the chat's presence), every minute in one
  // process; and the unsubscribe link of every mail a member can switch off.
  const notificationMail = createNotificationMailService({ ...core, online: presence.online });
  full.notificationMail = notificationMail;
  await app.register(notificationMailRoutes, { config, unsubscribe: createUnsubscribeService(core) });
  // Passkeys and the second step (issue 33): signing in with them is the auth routes', setting them up the member's settings'.
  const factors = createSignInFactors({ ...core, identity });
  await app.register(authRoutes, { config, auth: createAuthService({ ...core, identity, words, factors }), factors, members: memberCache });
  await app.register(signInFactorRoutes, { factors });
  await app.register(memberRoutes, {
    config,
    members: createMembersService({ ...core, identity, uploads, trust, words }),
    directory: createDirectoryService(core),
  });
  // The composers' @autocomplete (issue 18).
  await app.register(mentionRoutes, { mentions: createMentionService(core) });
  await app.register(bulletinRoutes, { bulletins: createBulletinService(core) });
  // The Courier Pay Index: members' pay reports and the published aggregates (/api/pay-index, /pay/index.csv).
  // Its figures are a snapshot computed once a day in one process (at start-up when today has none; tests
  // call pay.runOnce()).
  const pay = createPayService(core);
  full.pay = pay;
  await app.register(payRoutes, { pay });
  await app.register(adRoutes, { ads: createAdService(core) });
  await app.register(uploadRoutes, { config, uploads });
  await app.register(analyticsRoutes, { analytics });
  await app.register(supportRoutes, { support: createSupportService(core) });
  const reports = createReportService({ ...core, uploads });
  await app.register(reportRoutes, { reports });
  // Every /api/admin/* route answers 401 to guests and 403 to members (requireAdmin on each).
  // Timed suspensions are lifted at their end by a sweep every minute (issue 18).
  await app.register(adminMemberRoutes, { memberAdmin: createMemberAdminService({ ...core, identity, uploads }) });
  await app.register(adminRoutes, { dashboard: createDashboardService({ ...core, maintenance, disk }), audit: createAuditService(core) });
  await app.register(adminReportRoutes, { reports });
  // The review queue beside the reports (issue 28): approving publishes through the forum's own create path.
  const reviewQueue = createReviewQueue({ ...core, publish: { post: posts.publishHeld, comment: comments.publishHeld } });
  await app.register(reviewRoutes, { db, queue: reviewQueue, words: createWatchedWordAdmin(core) });
  await app.register(adminEmailRoutes, { outbox: createOutboxService(core), announcements: createAnnouncementService({ ...core, sendToDevices: push.sendToUser }) });
  // The daily backup (and the admin's "Back up now") into $DATA_DIR/backups, whichever the database.
  await app.register(backupRoutes, { backups: createBackupService({ ...core, database, writable: () => disk.status().writable }) });
  // The runner's failed (dead) jobs and counts on the dashboard, for admins to see and retry.
  await app.register(jobRoutes, { jobs: createJobAdmin(core) });
  // The privacy policy's retention periods, carried out hourly.
  createRetentionService(core);

  // Last: the built client and the SPA fallback (its not-found handler also answers unknown /api paths).
  if (deps.serveClient) {
    // Not awaited: the renderer loads while the server starts listening; the first page waits for it.
    const renderer = deps.renderer !== undefined ? Promise.resolve(deps.renderer) : loadRenderer(deps.clientDir ?? DEFAULT_CLIENT_DIR);
    await app.register(webPlugin, { clientDir: deps.clientDir, renderer, pages: { config, services: { posts, categories, labels }, cache: guestCache, members: memberCache } });
  }

  app.addHook('onClose', async () => {
    await mailer.close();
  });
  return full;
}
