import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { errorsPlugin } from './errors.ts';
import { originCheckPlugin } from './origin-check.ts';

describe('origin check', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    await app.register(originCheckPlugin, { config: loadConfig({ NODE_ENV: 'test', APP_URL: 'https://kerbside.example' }) });
    app.post('/api/things', async () => ({ ok: true }));
    app.get('/api/things', async () => ({ ok: true }));
    await app.ready();
  });

  afterAll(() => app.close());

  const post = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/things', headers });

  it('refuses a state change from another site', async () => {
    const res = await post({ origin: 'http://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site request refused' });
    expect((await post({ referer: 'http://evil.example/page' })).statusCode).toBe(403);
    expect((await post({ origin: 'null' })).statusCode).toBe(403);
  });

  it('lets the site itself through, by APP_URL or by its own host', async () => {
    expect((await post({ origin: 'https://kerbside.example' })).statusCode).toBe(200);
    expect((await post({ referer: 'https://kerbside.example/forum' })).statusCode).toBe(200);
    expect((await post({ origin: 'http://127.0.0.1:5000', host: '127.0.0.1:5000' })).statusCode).toBe(200);
  });

  it('refuses a state change a browser marks as from elsewhere (Sec-Fetch-Site) when it sends no Origin', async () => {
    for (const site of ['cross-site', 'same-site', 'Same-Origin, none', 'unknown']) {
      const res = await post({ 'sec-fetch-site': site });
      expect(res.statusCode, site).toBe(403);
      expect(res.json()).toEqual({ message: 'Cross-site request refused' });
    }
    // A Referer from our own pages does not outweigh the browser's own word that the request came from elsewhere.
    expect((await post({ 'sec-fetch-site': 'cross-site', referer: 'https://kerbside.example/forum' })).statusCode).toBe(403);
    // A safe method is not a state change.
    expect((await app.inject({ url: '/api/things', headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(200);
  });

  it('lets our own pages and typed requests through by Sec-Fetch-Site, and an Origin decides when sent', async () => {
    expect((await post({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await post({ 'sec-fetch-site': 'none' })).statusCode).toBe(200);
    expect((await post({ 'sec-fetch-site': 'same-origin', origin: 'https://kerbside.example' })).statusCode).toBe(200);
    expect((await post({ 'sec-fetch-site': 'same-origin', origin: 'http://evil.example' })).statusCode).toBe(403);
  });

  it('lets requests without Origin or Referer and safe methods through', async () => {
    expect((await post({})).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/things', headers: { origin: 'http://evil.example' } })).statusCode).toBe(200);
  });
});
