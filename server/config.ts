import { createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

// The only reader of process.env. A wrong value stops start-up with one clear line per problem.
const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const url = (protocols: string[]) =>
  z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);

/** One proxy in TRUST_PROXY: an address, a CIDR, or a range name proxy-addr (Fastify's) knows. */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
function isProxyEntry(entry: string) {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Whose X-Forwarded-For to believe. Unset: nobody's (req.ip is the TCP peer). A hop count: that many
 * proxies in front. A list: only these proxies. Never `true`, which lets any client choose its address.
 */
const trustProxy = z
  .string()
  .transform((v, ctx): number | string[] => {
    if (/^\d{1,2}$/.test(v.trim())) return Number(v.trim());
    const entries = v.split(',').map((s) => s.trim());
    if (entries.every((e) => e && isProxyEntry(e))) return entries;
    ctx.addIssue({
      code: 'custom',
      message: 'must be a hop count like 1, or comma-separated proxy addresses or CIDRs like 10.0.0.5,10.1.0.0/16 (or loopback)',
    });
    return z.NEVER;
  });

/** The push services' hosts (PUSH_ENDPOINT_HOSTS' default): Chrome's, Firefox's, Safari's, Edge's. */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', '*.notify.windows.com'];

/**
 * PUSH_ENDPOINT_HOSTS: the hosts the server may post Web Push messages to, since members give it the
 * URLs. A host name, or `*.` and a name of two labels or more (any host under it).
 */
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const PUSH_HOST = new RegExp(`^(?:\\*\\.)?${LABEL}(?:\\.${LABEL})+$`);
const pushEndpointHosts = z.string().transform((v, ctx): string[] => {
  const hosts = v.split(',').map((s) => s.trim().toLowerCase());
  if (hosts.every((h) => PUSH_HOST.test(h))) return hosts;
  ctx.addIssue({ code: 'custom', message: 'must be comma-separated host names like fcm.googleapis.com or *.notify.windows.com' });
  return z.NEVER;
});

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(5000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: url(['http:', 'https:']).optional(),
  APP_NAME: z.string().min(1).max(60).default('Kerbside'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  ADMIN_EMAILS: z.string().default(''),
  SEED_DEMO: flag.optional(),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  GTM_ID: z.string().regex(/^GTM-[A-Z0-9]+$/, 'must look like GTM-XXXXXXX').optional(),
  ADSENSE_CLIENT: z.string().regex(/^ca-pub-\d+$/, 'must look like ca-pub-0000000000000000').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_REQUEST_SAMPLE: z.coerce.number().min(0).max(1).default(0.01),
  TRUST_PROXY: trustProxy.optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  METRICS_TOKEN: z.string().regex(/^\S{16,}$/, 'must be at least 16 characters, with no spaces').optional(),
  // VAPID (RFC 8292), base64url as web-push's generate-vapid-keys prints them: an uncompressed P-256 point, a scalar.
  VAPID_PUBLIC_KEY: z.string().regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a P-256 public key: 65 bytes (uncompressed point) in base64url').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key: 32 bytes in base64url').optional(),
  VAPID_SUBJECT: z
    .string()
    .refine((v) => /^mailto:[^@\s]+@[^@\s]+$/.test(v) || (URL.canParse(v) && v.startsWith('https://')), 'must be a mailto: address or an https:// URL')
    .optional(),
  PUSH_ENDPOINT_HOSTS: pushEndpointHosts.optional(),
  NOTIFY_EMAIL_DELAY_S: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(900),
  UPLOAD_MAX_MB: z.coerce.number().min(1).max(100).default(10),
  DISK_RESERVE_MB: z.coerce.number().int().min(0).max(1_000_000).default(200),
  DISK_RESERVE_PERCENT: z.coerce.number().min(0).max(100).default(5),
  UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  UPLOAD_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lower-case letters, digits, dots and hyphens)').optional(),
  S3_ENDPOINT: url(['http:', 'https:']).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: url(['http:', 'https:']).optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  appName: string;
  databaseUrl?: string;
  dataDir: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  adminEmails: string[];
  seedDemo: boolean;
  webConcurrency: number;
  /**
   * SHUTDOWN_DRAIN_MS: after SIGTERM, how long /readyz answers 503 while requests are still served, so
   * a proxy's health check takes this process out before it stops listening (server/shutdown.ts).
   * Default 3 s on PostgreSQL (other processes can take over), 0 on the embedded database and in tests.
   */
  shutdownDrainMs: number;
  gtmId?: string;
  adsenseClient?: string;
  logLevel: string;
  /** LOG_REQUEST_SAMPLE: the share of routine answers (fast successful reads) logged (plugins/request-log.ts). */
  logRequestSample: number;
  secureCookies: boolean;
  /** TRUST_PROXY: false (believe no X-Forwarded-For), a hop count, or the proxies' addresses (fastifyTrustProxy). */
  trustProxy: false | number | string[];
  /** BACKUP_KEEP: how many backups `$DATA_DIR/backups` keeps (the oldest go after each new one). */
  backupKeep: number;
  /** METRICS_TOKEN: a bearer token that opens GET /metrics to callers beyond this machine. */
  metricsToken?: string;
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url); unset: made once and kept in the database (modules/push/vapid.ts). */
  vapidKeys?: { publicKey: string; privateKey: string };
  /** VAPID_SUBJECT: who the push services may contact; default APP_URL when https, else mailto: MAIL_FROM's address. */
  vapidSubject: string;
  /** PUSH_ENDPOINT_HOSTS: where push subscriptions may point (exact, or `*.` for any host under a name). */
  pushEndpointHosts: string[];
  /** NOTIFY_EMAIL_DELAY_S: how long a member is away (no socket, no request) before news is mailed. */
  notifyEmailDelayS: number;
  /** UPLOAD_MAX_MB in bytes: the largest photo file accepted. */
  uploadMaxBytes: number;
  /**
   * DISK_RESERVE_MB and DISK_RESERVE_PERCENT: API writes answer 507 once DATA_DIR's disk has less free
   * than the smaller of the two (db/disk-space.ts; 0 in either turns it off).
   */
  diskReserveMb: number;
  diskReservePercent: number;
  /** UPLOAD_CONCURRENCY: photos processed at once (each on one of libuv's threads). */
  uploadConcurrency: number;
  /** UPLOAD_QUEUE: photos that may wait their turn beyond those; one more is answered 429 before its file is read. */
  uploadQueue: number;
  /**
   * S3_*: an S3-compatible bucket for photos, shared by several machines; unset: files in
   * `$DATA_DIR/uploads`. `publicUrl` (S3_PUBLIC_URL) is where browsers fetch them; without it this
   * server reads them from the bucket and serves them under /uploads itself.
   */
  s3?: { bucket: string; endpoint: string; region: string; accessKeyId: string; secretAccessKey: string; publicUrl?: string };
};

/** SHUTDOWN_DRAIN_MS's default on PostgreSQL: three of the health checks docs/DEPLOY.md sets (every 1 s). */
export const DEFAULT_SHUTDOWN_DRAIN_MS = 3000;

export class ConfigError extends Error {}

/**
 * TRUST_PROXY as Fastify's trustProxy. A hop count becomes a function: Fastify ignores a bare number
 * (it cannot check the peer), but one that is set on purpose means "believe that many proxies".
 */
export function fastifyTrustProxy(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset" so that `FOO= npm start` behaves like no FOO.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.WEB_CONCURRENCY > 1 && (!e.DATABASE_URL || !e.REDIS_URL)) {
    throw new ConfigError('Invalid configuration:\n  WEB_CONCURRENCY: above 1 needs DATABASE_URL and REDIS_URL');
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const mailFrom = e.MAIL_FROM ?? `${e.APP_NAME} <no-reply@${new URL(appUrl).hostname}>`;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    appName: e.APP_NAME,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    webConcurrency: e.WEB_CONCURRENCY,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.DATABASE_URL && e.NODE_ENV !== 'test' ? DEFAULT_SHUTDOWN_DRAIN_MS : 0),
    gtmId: e.GTM_ID,
    adsenseClient: e.ADSENSE_CLIENT,
    logLevel: e.LOG_LEVEL,
    logRequestSample: e.LOG_REQUEST_SAMPLE,
    secureCookies: appUrl.startsWith('https:'),
    trustProxy: e.TRUST_PROXY || false, // 0 hops is "trust nothing" too
    backupKeep: e.BACKUP_KEEP,
    metricsToken: e.METRICS_TOKEN,
    vapidKeys: vapidKeys(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY),
    // Push services write to the subject when a sender misbehaves: the site itself, or its mail address.
    vapidSubject: e.VAPID_SUBJECT ?? (appUrl.startsWith('https:') ? appUrl : `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()}`),
    pushEndpointHosts: e.PUSH_ENDPOINT_HOSTS ?? DEFAULT_PUSH_ENDPOINT_HOSTS,
    notifyEmailDelayS: e.NOTIFY_EMAIL_DELAY_S,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    diskReserveMb: e.DISK_RESERVE_MB,
    diskReservePercent: e.DISK_RESERVE_PERCENT,
    uploadConcurrency: e.UPLOAD_CONCURRENCY,
    uploadQueue: e.UPLOAD_QUEUE,
    s3: s3Config(e),
  };
}

/** S3_BUCKET turns the bucket on, and then its endpoint and keys must be set too. */
function s3Config(e: z.infer<typeof EnvSchema>): Config['s3'] {
  if (!e.S3_BUCKET) return undefined;
  const missing = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
  if (missing.length) throw new ConfigError(`Invalid configuration:\n  ${missing.map((k) => `${k}: must be set with S3_BUCKET`).join('\n  ')}`);
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT!.replace(/\/+$/, ''),
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

/** Both VAPID keys or neither, and the public one must be the private one's: a wrong pair signs what no push service accepts. */
function vapidKeys(publicKey: string | undefined, privateKey: string | undefined): Config['vapidKeys'] {
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey) {
    throw new ConfigError(`Invalid configuration:\n  ${publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: must be set with ${publicKey ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'} (or leave both unset)`);
  }
  let derived: string | undefined;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    derived = ecdh.getPublicKey().toString('base64url');
  } catch {
    // Not a valid P-256 scalar (zero, or not below the group order): reported as a mismatch below.
  }
  if (derived !== publicKey) throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY');
  return { publicKey, privateKey };
}
