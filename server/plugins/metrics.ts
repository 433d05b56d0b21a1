import cluster from 'node:cluster';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { count, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import type { DiskStatus } from '../db/disk-space.ts';
import { emails, jobs } from '../db/schema/index.ts';
import type { JobMetrics } from '../jobs/runner.ts';
import { channel, type EventBus } from '../realtime/bus.ts';
import { clusterMetricsOf } from './metrics-cluster.ts';
import type { PushSenderStats } from '../modules/push/index.ts';

// GET /metrics in Prometheus's text format (docs/DEPLOY.md "Metrics"). Each app has its own registry,
// so several apps in one process (tests) never share a metric; with WEB_CONCURRENCY workers the
// answer combines every worker's (metrics-cluster.ts: `aggregator` says how for each gauge).

export const METRICS_PATH = '/metrics';
export const METRICS_REFUSED_MSG = 'Metrics are served to this machine only, or with METRICS_TOKEN as a bearer token';
/** How long a scrape waits for its ping to come back over the bus before counting it lost. */
export const BUS_PING_TIMEOUT_MS = 1000;

/** Each scrape's ping: every process sharing the bus receives it, only the one waiting for its id reads it. */
const BUS_PING = channel<{ id: string }>('kerbside:metrics-ping');

export type MetricsOptions = {
  /** METRICS_TOKEN: opens /metrics to callers that are not on this machine. */
  token?: string;
  /** Its pool's counts on PostgreSQL; PGlite is one connection. */
  database: Pick<Database, 'db' | 'pool'>;
  bus: EventBus;
  /** Open sockets in this process (read at each scrape). */
  sockets: () => number;
  /** Analytics rows waiting in this process's buffer (read at each scrape). */
  analyticsBuffered: () => number;
  /** This process's Web Push sender: its queue and how its deliveries ended (read at each scrape). */
  pushStats: () => PushSenderStats;
  /** With Redis (REDIS_URL): whether every connection of this process to it is up (lib/redis.ts). */
  redisUp?: () => boolean;
  /** DATA_DIR's free space as the write guard last read it (db/disk-space.ts: no system call per scrape). */
  disk?: () => DiskStatus;
  /** What the job runner of this app reports as its jobs finish (createJobMetrics). */
  jobMetrics: JobRunMetrics;
};

/** The job runner's metrics, with the prom-client objects the plugin registers in the app's registry. */
export type JobRunMetrics = JobMetrics & { metrics: [Counter, Histogram] };

/**
 * The job runner's metrics (server/jobs/runner.ts JobMetrics): buildApp makes them before the runner,
 * which exists before this plugin does, and the plugin adds them to its registry (one per app).
 */
export function createJobMetrics(): JobRunMetrics {
  const finishedTotal = new Counter({
    name: 'kerbside_jobs_finished_total',
    help: 'Job runs by job name and how they ended: done, retry (failed, will run again), dead (failed on its last attempt)',
    labelNames: ['name', 'outcome'],
    registers: [],
  });
  const runSeconds = new Histogram({
    name: 'kerbside_jobs_run_seconds',
    help: 'Job runs by job name: time from its claim to its end, failed runs included',
    labelNames: ['name'],
    // From a socket frame or a counter update (ms) to a backup or a digest of mails (minutes).
    buckets: [0.005, 0.025, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [],
  });
  return {
    finished(name, outcome, seconds) {
      finishedTotal.inc({ name, outcome });
      runSeconds.observe({ name }, seconds);
    },
    metrics: [finishedTotal, runSeconds],
  };
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
/** Headers a proxy adds: a request carrying one came from elsewhere, whoever the TCP peer is. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * From this machine: the TCP peer itself (never req.ip, which TRUST_PROXY may take from
 * X-Forwarded-For) is a loopback address, and no proxy forwarded the request. A proxy on the same host
 * connects from loopback too; its forwarding header is what tells its callers apart.
 */
export function isLocalRequest(req: Pick<FastifyRequest, 'socket' | 'headers'>): boolean {
  const peer = req.socket.remoteAddress;
  return peer !== undefined && LOOPBACK.test(peer) && !FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined);
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * One run of `work` shared by every metric that reads it during one scrape: the registry collects
 * all metrics at once, so a second metric waiting on the same query or ping gets the same answer.
 */
function oncePerScrape<T>(work: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () =>
    (running ??= work().finally(() => {
      running = undefined;
    }));
}

/**
 * The request metrics (onResponse, every route), the process's default metrics and gauges read at
 * each scrape: sockets, bus round trip, email outbox, database pool, analytics buffer, jobs; and the job
 * runner's runs (createJobMetrics).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: MetricsOptions) => {
    const registry = new Registry();
    const inCluster = cluster.isWorker ? clusterMetricsOf(registry) : undefined;

    const requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status code: time to answer',
      labelNames: ['method', 'route', 'status_code'],
      registers: [registry],
    });
    // A callback hook, not an async one: it runs on every answer (issue 15: the cached guest path).
    app.addHook('onResponse', (req, reply, done) => {
      // The route's pattern, never the URL (one series per route); the not-found handler (unknown
      // paths and the client's pages) is one series too.
      const route = req.routeOptions.url ?? 'not found';
      requestDuration.observe({ method: req.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
      done();
    });

    new Gauge({
      name: 'kerbside_websocket_connections',
      help: 'Open WebSocket connections',
      registers: [registry],
      aggregator: 'sum',
      collect() {
        this.set(opts.sockets());
      },
    });

    // Bus lag: at each scrape one ping goes out on the bus and the time until it comes back is the
    // lag (Redis round trip and this process's delivery queue; near zero on the in-process bus).
    const pingWaiters = new Map<string, () => void>();
    const unsubscribePing = await opts.bus.subscribe(BUS_PING, (event) => {
      if (typeof event?.id === 'string') pingWaiters.get(event.id)?.();
    });
    const pingsLost = new Counter({
      name: 'kerbside_bus_ping_failures_total',
      help: `Scrape pings that did not come back over the event bus within ${BUS_PING_TIMEOUT_MS} ms`,
      registers: [registry],
      async collect() {
        await ping(); // this scrape's own ping counts
      },
    });
    const ping = oncePerScrape(async () => {
      const id = randomUUID();
      const started = performance.now();
      const delivered = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), BUS_PING_TIMEOUT_MS).unref();
        pingWaiters.set(id, () => {
          clearTimeout(timer);
          resolve(true);
        });
        opts.bus.publish(BUS_PING, { id }).catch(() => {
          clearTimeout(timer);
          resolve(false);
        });
      });
      pingWaiters.delete(id);
      if (!delivered) pingsLost.inc();
      return delivered ? (performance.now() - started) / 1000 : NaN;
    });
    new Gauge({
      name: 'kerbside_bus_lag_seconds',
      help: 'Time for a ping published on the event bus to be delivered back to the process that sent it (NaN: lost)',
      registers: [registry],
      aggregator: 'max',
      async collect() {
        this.set(await ping());
      },
    });

    const { disk } = opts;
    if (disk) {
      // Every worker reads the same DATA_DIR: the lowest reading is the newest bad news.
      new Gauge({
        name: 'kerbside_disk_free_bytes',
        help: "Free space on DATA_DIR's disk (the embedded database's ballast counts as used)",
        registers: [registry],
        aggregator: 'min',
        collect() {
          this.set(disk().freeBytes);
        },
      });
      new Gauge({
        name: 'kerbside_disk_reserve_bytes',
        help: 'Free space kept back on DATA_DIR: API writes answer 507 below it (DISK_RESERVE_MB, DISK_RESERVE_PERCENT), plus the embedded database\'s own room',
        registers: [registry],
        aggregator: 'max',
        collect() {
          const s = disk();
          this.set(s.reserveBytes + s.databaseRoomBytes);
        },
      });
      new Gauge({
        name: 'kerbside_disk_writable',
        help: 'DATA_DIR has room for writes (1), or API writes answer 507 and /readyz 503 (0)',
        registers: [registry],
        aggregator: 'min',
        collect() {
          this.set(disk().writable ? 1 : 0);
        },
      });
    }

    const { redisUp } = opts;
    if (redisUp) {
      new Gauge({
        name: 'kerbside_redis_up',
        help: 'Redis reachable from this process (1) or away (0: rate limits count per process, live updates stay in the process that made them)',
        registers: [registry],
        aggregator: 'min', // any worker without it is an outage
        collect() {
          this.set(redisUp() ? 1 : 0);
        },
      });
    }

    // The outbox: one indexed count per scrape (emails_status_idx); NaN when the database did not answer.
    const outbox = oncePerScrape(async () => {
      try {
        const rows = await opts.database.db
          .select({ status: emails.status, n: count() })
          .from(emails)
          .where(inArray(emails.status, ['pending', 'failed']))
          .groupBy(emails.status);
        const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
        return { pending: of('pending'), failed: of('failed') };
      } catch (err) {
        app.log.warn({ err }, 'metrics: outbox count failed');
        return { pending: NaN, failed: NaN };
      }
    });
    new Gauge({
      name: 'kerbside_email_outbox_pending',
      help: 'Outbox mails waiting to be sent (new, or retrying after a failed attempt)',
      registers: [registry],
      aggregator: 'first', // one table: every worker counts the same rows
      async collect() {
        this.set((await outbox()).pending);
      },
    });
    new Gauge({
      name: 'kerbside_email_outbox_failed',
      help: 'Outbox mails that failed for good (every attempt spent); an admin can retry them',
      registers: [registry],
      aggregator: 'first',
      async collect() {
        this.set((await outbox()).failed);
      },
    });

    const { pool } = opts.database;
    new Gauge({
      name: 'kerbside_db_pool_connections',
      help: 'Database connections open (PGlite: its one connection)',
      registers: [registry],
      aggregator: 'sum',
      collect() {
        this.set(pool ? pool.totalCount : 1);
      },
    });
    if (pool) {
      new Gauge({
        name: 'kerbside_db_pool_idle_connections',
        help: 'Pool connections open and idle',
        registers: [registry],
        aggregator: 'sum',
        collect() {
          this.set(pool.idleCount);
        },
      });
      new Gauge({
        name: 'kerbside_db_pool_waiting_requests',
        help: 'Queries waiting for a pool connection',
        registers: [registry],
        aggregator: 'sum',
        collect() {
          this.set(pool.waitingCount);
        },
      });
    }

    new Gauge({
      name: 'kerbside_analytics_buffered_rows',
      help: 'Analytics rows waiting for their batched write',
      registers: [registry],
      aggregator: 'sum',
      collect() {
        this.set(opts.analyticsBuffered());
      },
    });

    // The job runner: its runs as this process reports them, and the table's pending and dead rows.
    for (const metric of opts.jobMetrics.metrics) registry.registerMetric(metric);
    // One indexed count per scrape (jobs_finished_idx leads with the state). A name keeps its series
    // (at 0) once seen, so a queue that empties reads 0, not a series that vanishes; NaN when the
    // database did not answer.
    const jobNamesSeen = new Set<string>();
    const jobCounts = oncePerScrape(async () => {
      try {
        const rows = await opts.database.db
          .select({
            name: jobs.name,
            pending: sql<string>`count(*) filter (where ${jobs.state} = 'pending')`,
            dead: sql<string>`count(*) filter (where ${jobs.state} = 'dead')`,
          })
          .from(jobs)
          .where(inArray(jobs.state, ['pending', 'dead']))
          .groupBy(jobs.name);
        const counts = new Map([...jobNamesSeen].map((name) => [name, { pending: 0, dead: 0 }]));
        for (const r of rows) {
          jobNamesSeen.add(r.name);
          counts.set(r.name, { pending: Number(r.pending), dead: Number(r.dead) });
        }
        return counts;
      } catch (err) {
        app.log.warn({ err }, 'metrics: job count failed');
        return new Map([...jobNamesSeen].map((name) => [name, { pending: NaN, dead: NaN }]));
      }
    });
    new Gauge({
      name: 'kerbside_jobs_pending',
      help: 'Jobs waiting to run, by job name: new, or retrying after a failed attempt',
      labelNames: ['name'],
      registers: [registry],
      aggregator: 'first', // one table: every worker counts the same rows
      async collect() {
        for (const [name, n] of await jobCounts()) this.set({ name }, n.pending);
      },
    });
    new Gauge({
      name: 'kerbside_jobs_dead',
      help: 'Jobs that failed on every attempt, by job name; an admin can retry them from the dashboard',
      labelNames: ['name'],
      registers: [registry],
      aggregator: 'first',
      async collect() {
        for (const [name, n] of await jobCounts()) this.set({ name }, n.dead);
      },
    });

    // Web Push in this process (its messages wait as jobs: kerbside_jobs_pending{name="push.send"}).
    new Gauge({
      name: 'kerbside_push_pending',
      help: 'Web Push work in this process: requests in flight, deliveries waiting to retry',
      labelNames: ['state'],
      registers: [registry],
      aggregator: 'sum',
      collect() {
        const s = opts.pushStats();
        this.set({ state: 'in_flight' }, s.inFlight);
        this.set({ state: 'retrying' }, s.retrying);
      },
    });
    // The sender counts since its start; the counter takes the difference at each scrape.
    const pushCounted: Record<string, number> = {};
    new Counter({
      name: 'kerbside_push_deliveries_total',
      help: 'Web Push deliveries by how they ended: delivered, gone (subscription removed), failed (given up)',
      labelNames: ['outcome'],
      registers: [registry],
      aggregator: 'sum',
      collect() {
        for (const [outcome, n] of Object.entries(opts.pushStats().ended)) {
          const delta = n - (pushCounted[outcome] ?? 0);
          pushCounted[outcome] = n;
          this.inc({ outcome }, delta);
        }
      },
    });

    // Default metrics (CPU, memory, event loop, GC, handles): their monitors cannot be stopped, so
    // they start at the first scrape (an app nobody scrapes, as in tests, starts none), or at once in
    // a worker (whose scrapes another worker may answer).
    let defaultsStarted = false;
    const startDefaults = () => {
      if (defaultsStarted) return;
      defaultsStarted = true;
      collectDefaultMetrics({ register: registry });
    };
    if (inCluster) startDefaults();

    const expected = opts.token ? digest(opts.token) : undefined;
    const hasToken = (req: FastifyRequest) => {
      const m = expected && /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '');
      // Digests have one length, so the comparison takes the same time whatever was sent.
      return !!m && timingSafeEqual(digest(m[1]), expected);
    };

    app.get(METRICS_PATH, async (req, reply) => {
      if (!isLocalRequest(req) && !hasToken(req)) return reply.code(403).send({ message: METRICS_REFUSED_MSG });
      startDefaults();
      const body = await (inCluster ? inCluster.gather() : registry.metrics());
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
    });

    app.addHook('onClose', async () => {
      inCluster?.stop();
      await unsubscribePing().catch(() => undefined);
      registry.clear();
    });
  },
  { name: 'kerbside-metrics' },
);
