import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
      secureCookies: false,
    });
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
});
