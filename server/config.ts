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
};

export class ConfigError extends Error {}

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
  };
}
