import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { call } from '../test/members.ts';
import { renderPage } from './pages.ts';

// The Courier Pay Index's public pages (issue 19): their heads, structured data and sitemap entries.

describe('the index pages\' heads (server/seo)', () => {
  const config = { appName: 'Kerbside', appUrl: 'https://kerbside.test' } as Parameters<typeof renderPage>[1];
  const services = {} as Parameters<typeof renderPage>[0]; // the pay pages read no service

  it('/pay/{network}: its own title and description, Dataset JSON-LD with the CSV and licence; an unknown network is a 404', async () => {
    const page = await renderPage(services, config, '/pay/evri', '');
    expect(page.status).toBe(200);
    expect(page.head.title).toBe('Evri pay: what couriers really earn | Kerbside');
    expect(page.head.description).toContain('What Evri couriers and drivers really earn');
    expect(page.head.canonical).toBe('https://kerbside.test/pay/evri');
    expect(page.head.structuredData).toContainEqual(
      expect.objectContaining({
        '@type': 'Dataset',
        license: 'https://creativecommons.org/licenses/by/4.0/',
        distribution: [expect.objectContaining({ contentUrl: 'https://kerbside.test/pay/index.csv', encodingFormat: 'text/csv' })],
      }),
    );
    expect((await renderPage(services, config, '/pay/hermes', '')).status).toBe(404);
    const index = await renderPage(services, config, '/pay', '');
    expect(index.head.title).toBe('Courier Pay Index: what UK couriers really earn | Kerbside');
    expect(index.head.robots).toBe('index, follow');
    expect((await renderPage(services, config, '/pay/report', '')).head.robots).toBe('noindex');
    expect((await renderPage(services, config, '/pay/mine', '')).head.robots).toBe('noindex');
  });

  it('the sitemap lists /pay and every network page', async () => {
    const t = await buildTestApp('pglite');
    try {
      const res = await call(t, 'GET', '/sitemap.xml');
      expect(res.body).toContain('<loc>http://localhost:5000/pay</loc>');
      expect(res.body).toContain('/pay/amazon-flex</loc>');
      expect(res.body).not.toContain('/pay/mine');
    } finally {
      await t.close();
    }
  });
});
