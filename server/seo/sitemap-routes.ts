import { and, asc, count, gt, isNull, like, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ROUTES } from '../../common/routes.ts';
import { PAY_NETWORKS } from '../../common/rules/pay.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { categories, labelCounts, posts, tags } from '../db/schema/index.ts';
import { escapeHtml } from '../lib/html.ts';

/** The sitemap protocol's limit of URLs per file; above it /sitemap.xml becomes an index. */
export const SITEMAP_MAX_URLS = 50_000;

// Public pages with their own content (aliases like /privacy-policy and /forum/post/:slug are left
// out: their canonical twins are listed).
const STATIC_PATHS = ['/', '/forum', ...ROUTES.filter((r) => r.access === 'public' && !r.path.includes(':') && r.path !== '/forum' && r.path !== '/privacy-policy').map((r) => r.path)];

type Url = { loc: string; lastmod?: Date };

const urlset = (urls: Url[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((u) => `<url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''}</url>`)
    .join('\n')}\n</urlset>\n`;

const sitemapIndex = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs
    .map((l) => `<sitemap><loc>${escapeHtml(l)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;

/**
 * /robots.txt and /sitemap.xml (categories, posts, content pages). Past `maxUrls` the sitemap is an
 * index of /sitemaps/pages.xml and /sitemaps/posts-N.xml files of `maxUrls` posts each.
 */
export const sitemapRoutes: FastifyPluginAsync<{ config: Config; db: Db; maxUrls?: number }> = async (app, { config, db, maxUrls = SITEMAP_MAX_URLS }) => {
  const base = config.appUrl;
  const livePosts = isNull(posts.deletedAt);

  async function pageUrls(): Promise<Url[]> {
    const cats = await db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.position), asc(categories.id));
    const tagRows = await db.select({ slug: tags.slug }).from(tags).orderBy(asc(tags.slug));
    const areaRows = await db
      .select({ label: labelCounts.label })
      .from(labelCounts)
      .where(and(like(labelCounts.label, 'area:%'), gt(labelCounts.postCount, 0)))
      .orderBy(asc(labelCounts.label));
    return [
      ...STATIC_PATHS.map((p) => ({ loc: `${base}${p}` })),
      ...cats.map((c) => ({ loc: `${base}/forum?category=${encodeURIComponent(c.slug)}` })),
      // The Courier Pay Index's network pages (/pay itself is a static path).
      ...PAY_NETWORKS.map((n) => ({ loc: `${base}/pay/${n.slug}` })),
      // Issue 32: every tag's page, and the postcode areas that have posts about them.
      ...tagRows.map((t) => ({ loc: `${base}/tags/${encodeURIComponent(t.slug)}` })),
      ...areaRows.map((a) => ({ loc: `${base}/areas/${a.label.slice('area:'.length)}` })),
    ];
  }

  async function postUrls(offset: number, limit: number): Promise<Url[]> {
    const rows = await db
      .select({ slug: posts.slug, lastmod: sql<Date>`coalesce(${posts.editedAt}, ${posts.createdAt})`.mapWith(posts.createdAt) })
      .from(posts)
      .where(and(livePosts))
      .orderBy(asc(posts.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({ loc: `${base}/forum/posts/${encodeURIComponent(r.slug)}`, lastmod: r.lastmod }));
  }

  const xml = (reply: FastifyReply, body: string) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(body);

  app.get('/robots.txt', async (_req, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /admin',
          'Disallow: /inbox',
          'Disallow: /profile',
          'Disallow: /dashboard',
          'Disallow: /onboarding',
          'Disallow: /forum/new',
          'Disallow: /directory/',
          'Disallow: /*?*404=',
          '',
          `Sitemap: ${base}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', async (_req, reply) => {
    const pages = await pageUrls();
    const [{ n }] = await db.select({ n: count() }).from(posts).where(livePosts);
    if (pages.length + n <= maxUrls) return xml(reply, urlset([...pages, ...(await postUrls(0, n))]));
    const files = Math.ceil(n / maxUrls);
    return xml(reply, sitemapIndex([`${base}/sitemaps/pages.xml`, ...Array.from({ length: files }, (_, i) => `${base}/sitemaps/posts-${i + 1}.xml`)]));
  });

  app.get('/sitemaps/pages.xml', async (_req, reply) => xml(reply, urlset(await pageUrls())));

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (req, reply) => {
    const m = /^posts-([1-9]\d{0,5})\.xml$/.exec(req.params.file);
    const urls = m ? await postUrls((Number(m[1]) - 1) * maxUrls, maxUrls) : [];
    if (!urls.length) return reply.code(404).send({ message: 'Not found' });
    return xml(reply, urlset(urls));
  });
};
