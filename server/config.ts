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
  GTM_ID: z.string().regex(/^GTM-[A-Z0-9]+$/, 'must look like GTM-XXXXXXX').optional(),
  ADSENSE_CLIENT: z.string().regex(/^ca-pub-\d+$/, 'must look like ca-pub-0000000000000000').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  METRICS_TOKEN: z.string().regex(/^\S{16,}$/, 'must be at least 16 characters, with no spaces').optional(),
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
  gtmId?: string;
  adsenseClient?: string;
  logLevel: string;
  secureCookies: boolean;
  /** TRUST_PROXY: false (believe no X-Forwarded-For), a hop count, or the proxies' addresses (fastifyTrustProxy). */
  trustProxy: false | number | string[];
  /** BACKUP_KEEP: how many backups `$DATA_DIR/backups` keeps (the oldest go after each new one). */
  backupKeep: number;
  /** METRICS_TOKEN: a bearer token that opens GET /metrics to callers beyond this machine. */
  metricsToken?: string;
};

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
    mailFrom: e.MAIL_FROM ?? `${e.APP_NAME} <no-reply@${new URL(appUrl).hostname}>`,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    webConcurrency: e.WEB_CONCURRENCY,
    gtmId: e.GTM_ID,
    adsenseClient: e.ADSENSE_CLIENT,
    logLevel: e.LOG_LEVEL,
    secureCookies: appUrl.startsWith('https:'),
    trustProxy: e.TRUST_PROXY || false, // 0 hops is "trust nothing" too
    backupKeep: e.BACKUP_KEEP,
    metricsToken: e.METRICS_TOKEN,
  };
}
