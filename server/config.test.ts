import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, fastifyTrustProxy, loadConfig } from './config.ts';

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working defaults for a fresh clone', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      port: 5000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:5000',
      appName: 'Kerbside',
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      redisUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Kerbside <no-reply@localhost>',
      adminEmails: [],
      seedDemo: true,
      webConcurrency: 1,
      logLevel: 'info',
      logRequestSample: 0.01,
      secureCookies: false,
      trustProxy: false,
    });
  });

  it('reads TRUST_PROXY as a hop count or the proxies\' addresses, and trusts nothing without it', () => {
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,fd00::/8' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8']);
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual(['loopback', 'uniquelocal']);
    // Fastify ignores a bare hop count, so it is handed over as "trust the first n hops".
    const hops = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => hops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(false)).toBe(false);
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses, in one line', () => {
    for (const bad of ['true', 'yes', '*', '1,2', '10.0.0.300', '10.0.0.0/33', '::1/129', '10.0.0.1/8/8', 'proxy.internal', '10.0.0.5,,10.0.0.6', '-1', '100']) {
      const message = configError({ TRUST_PROXY: bad });
      expect(message).toBe(
        'Invalid configuration:\n  TRUST_PROXY: must be a hop count like 1, or comma-separated proxy addresses or CIDRs like 10.0.0.5,10.1.0.0/16 (or loopback)',
      );
    }
  });

  it('derives APP_URL from PORT and seeds demo content only on the embedded database', () => {
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/k' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/k', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('reads the public origin, admins and cookies security from APP_URL and ADMIN_EMAILS', () => {
    const c = loadConfig({ APP_URL: 'https://kerbside.example/', ADMIN_EMAILS: ' Boss@Example.com, ,ops@example.com' });
    expect(c.appUrl).toBe('https://kerbside.example');
    expect(c.secureCookies).toBe(true);
    expect(c.mailFrom).toBe('Kerbside <no-reply@kerbside.example>');
    expect(c.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
  });

  it('reads LOG_REQUEST_SAMPLE as a share from 0 to 1', () => {
    expect(loadConfig({ LOG_REQUEST_SAMPLE: '1' }).logRequestSample).toBe(1);
    expect(loadConfig({ LOG_REQUEST_SAMPLE: '0' }).logRequestSample).toBe(0);
    expect(loadConfig({ LOG_REQUEST_SAMPLE: '0.25' }).logRequestSample).toBe(0.25);
    for (const bad of ['2', '-0.1', 'all']) expect(configError({ LOG_REQUEST_SAMPLE: bad })).toMatch(/^Invalid configuration:\n {2}LOG_REQUEST_SAMPLE: /);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 5000, databaseUrl: undefined });
  });

  it('names the variable of a wrong value in one clear line', () => {
    expect(configError({ PORT: 'abc' })).toMatch(/^Invalid configuration:\n {2}PORT: /);
    expect(configError({ PORT: '70000' })).toMatch(/\n {2}PORT: /);
    expect(configError({ DATABASE_URL: 'mysql://x' })).toContain(
      'DATABASE_URL: must be a URL starting with postgres:// or postgresql://',
    );
    expect(configError({ REDIS_URL: 'localhost:6379' })).toContain('REDIS_URL: must be a URL starting with redis:// or rediss://');
    expect(configError({ NODE_ENV: 'staging' })).toMatch(/\n {2}NODE_ENV: /);
    expect(configError({ GTM_ID: 'UA-1' })).toContain('GTM_ID: must look like GTM-XXXXXXX');
  });

  it('reports every problem at once, one line each', () => {
    const message = configError({ PORT: 'abc', SMTP_URL: 'http://mail', SEED_DEMO: 'yes' });
    const lines = message.split('\n').slice(1);
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => l.trim().split(':')[0]).sort()).toEqual(['PORT', 'SEED_DEMO', 'SMTP_URL']);
  });

  it('refuses several worker processes without a shared database and Redis', () => {
    expect(configError({ WEB_CONCURRENCY: '2' })).toContain('WEB_CONCURRENCY: above 1 needs DATABASE_URL and REDIS_URL');
    expect(
      loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://u@db/k', REDIS_URL: 'redis://cache:6379' }).webConcurrency,
    ).toBe(2);
  });
  it('keeps photos on disk by default, and takes an S3 bucket only with its endpoint and keys', () => {
    const plain = loadConfig({});
    expect(plain.uploadMaxBytes).toBe(10 * 1024 * 1024);
    expect(plain.s3).toBeUndefined();
    expect(loadConfig({ UPLOAD_MAX_MB: '2' }).uploadMaxBytes).toBe(2 * 1024 * 1024);
    expect(configError({ UPLOAD_MAX_MB: '0' })).toContain('UPLOAD_MAX_MB:');
    expect(configError({ S3_BUCKET: 'photos' })).toContain('S3_ENDPOINT: must be set with S3_BUCKET');
    expect(configError({ S3_BUCKET: 'Not A Bucket' })).toContain('S3_BUCKET: must be an S3 bucket name');
    expect(configError({ S3_BUCKET: 'photos', S3_ENDPOINT: 'minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toContain(
      'S3_ENDPOINT: must be a URL starting with http:// or https://',
    );
    const s3 = loadConfig({ S3_BUCKET: 'photos', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_PUBLIC_URL: 'https://cdn.example.com/' }).s3;
    expect(s3).toEqual({ bucket: 'photos', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', publicUrl: 'https://cdn.example.com' });
  });
});
