import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DehydratedState } from '@tanstack/react-query';
import { BOOT_SCRIPT } from '../../common/boot.ts';
import { unpackState } from '../../client/src/lib/page-state.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { testDatabases } from '../test/databases.ts';
import { addCategory, createComment, createPost } from '../test/forum.ts';
import { call, member } from '../test/members.ts';
import { escapeHtml } from '../lib/html.ts';
import { categories } from '../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { sitemapRoutes } from './sitemap-routes.ts';

// The built index.html's shape: Vite puts the module script in <head>; #root holds a loading shell.
const INDEX = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="default" />
    <meta name="robots" content="index, follow" />
    <title>Kerbside</title>
    <script type="module" crossorigin src="/assets/index-x.js"></script>
  </head>
  <body>
    <noscript>Kerbside needs JavaScript</noscript>
    <div id="root">
      <div class="shell"><p>Loading…</p></div>
    </div>
  </body>
</html>
`;

/** The JSON-LD blocks of a page, parsed. */
function structuredData(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}
const meta = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key.replace(/[:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';

describe.each(testDatabases)('server-written pages: head, structured data, readable body (%s)', (kind) => {
  let t: TestApp;
  let dir: string;
  let slug: string;
  let commentId: number;
  let categorySlug: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-seo-'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    t = await buildTestApp(kind, {}, { clientDir: dir });
    const author = await member(t);
    const category = await addCategory(t.database.db, 'Vans & Owner Drivers');
    categorySlug = category.slug;
    const long = `Fuel costs on a multi-drop round </script><b>bold</b> ${'and more words about diesel prices and depots '.repeat(10)}`;
    const post = await createPost(t, author.cookie, category.id, { title: 'Is a 2019 Transit worth it for multi-drop?', content: long });
    slug = post.slug;
    commentId = (await createComment(t, author.cookie, post.id, { content: 'Mine does 38 mpg on the **A-roads**.' })).id;
  });

  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a post page carries its title, excerpt, canonical, Open Graph, Twitter card and JSON-LD in the raw HTML', async () => {
    const res = await t.app.inject({ url: `/forum/post/${slug}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en-GB">/);
    expect(html).toContain('<title>Is a 2019 Transit worth it for multi-drop? | Kerbside</title>');
    const description = meta(html, 'name', 'description')!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.startsWith('Fuel costs on a multi-drop round')).toBe(true);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(meta(html, 'name', 'robots')).toBe('index, follow');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:5000/forum/posts/${slug}" />`);
    expect(meta(html, 'property', 'og:type')).toBe('article');
    expect(meta(html, 'property', 'og:title')).toBe('Is a 2019 Transit worth it for multi-drop? | Kerbside');
    expect(meta(html, 'name', 'twitter:card')).toBe('summary');

    const [org, posting] = structuredData(html);
    expect(org).toMatchObject({ '@type': 'Organization', name: 'Kerbside', foundingDate: '2024', contactPoint: { contactType: 'customer support' } });
    expect(posting).toMatchObject({
      '@type': 'DiscussionForumPosting',
      headline: 'Is a 2019 Transit worth it for multi-drop?',
      commentCount: 1,
      author: { '@type': 'Person' },
      comment: [{ '@type': 'Comment', text: 'Mine does 38 mpg on the **A-roads**.' }],
    });
    expect(posting!.datePublished).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(posting!.interactionStatistic).toContainEqual({ '@type': 'InteractionCounter', interactionType: 'https://schema.org/CommentAction', userInteractionCount: 1 });
    // A member's '</script>' cannot end the JSON-LD block early.
    expect(html).not.toMatch(/<\/script><b>bold/);
  });

  it('every page names its feeds in the head (autodiscovery): the latest posts, and a category or a post its own first', async () => {
    const alternates = (html: string) =>
      [...html.matchAll(/<link rel="alternate" type="application\/(rss|atom)\+xml" title="([^"]*)" href="([^"]*)" \/>/g)].map((m) => `${m[1]} ${m[3]} ${m[2]}`);
    const latest = ['rss http://localhost:5000/feeds/latest.rss Kerbside: latest posts', 'atom http://localhost:5000/feeds/latest.atom Kerbside: latest posts (Atom)'];
    expect(alternates((await t.app.inject({ url: '/' })).body)).toEqual(latest);
    expect(alternates((await t.app.inject({ url: '/forum' })).body)).toEqual(latest);
    expect(alternates((await t.app.inject({ url: '/courier-guide-uk' })).body)).toEqual(latest);
    expect(alternates((await t.app.inject({ url: `/forum?category=${categorySlug}` })).body)).toEqual([
      `rss http://localhost:5000/feeds/categories/${categorySlug}.rss Kerbside: Vans &amp; Owner Drivers ${categorySlug}`,
      `atom http://localhost:5000/feeds/categories/${categorySlug}.atom Kerbside: Vans &amp; Owner Drivers ${categorySlug} (Atom)`,
      ...latest,
    ]);
    expect(alternates((await t.app.inject({ url: `/forum/posts/${slug}` })).body)).toEqual([
      `rss http://localhost:5000/feeds/posts/${slug}.rss Replies to “Is a 2019 Transit worth it for multi-drop?”`,
      `atom http://localhost:5000/feeds/posts/${slug}.atom Replies to “Is a 2019 Transit worth it for multi-drop?” (Atom)`,
      ...latest,
    ]);
    // Each is a feed.
    for (const href of [`/feeds/categories/${categorySlug}.rss`, `/feeds/posts/${slug}.atom`]) expect((await t.app.inject({ url: href })).statusCode).toBe(200);
  });

  it('a post in a Q&A category is a QAPage: the question, its accepted answer and the other replies (issue 33)', async () => {
    const asker = await member(t);
    const helper = await member(t);
    const qa = await addCategory(t.database.db, 'Tax questions');
    await t.database.db.update(categories).set({ isQa: true }).where(eq(categories.id, qa.id));
    const question = await createPost(t, asker.cookie, qa.id, { title: 'Do I need to register for VAT as a courier?', content: 'I turn over about £60k a year on two rounds.' });
    const right = await createComment(t, helper.cookie, question.id, { content: 'Not until you pass the £90k threshold.' });
    const other = await createComment(t, asker.cookie, question.id, { content: 'Thanks, and if I buy a second van?' });
    expect((await call(t, 'PUT', `/api/forum/posts/${question.id}/answer`, { cookie: asker.cookie, body: { commentId: right.id } })).statusCode).toBe(200);
    const html = (await t.app.inject({ url: `/forum/posts/${question.slug}` })).body;
    const url = `http://localhost:5000/forum/posts/${question.slug}`;
    const [, page] = structuredData(html);
    expect(page).toMatchObject({
      '@type': 'QAPage',
      mainEntity: {
        '@type': 'Question',
        name: 'Do I need to register for VAT as a courier?',
        text: 'I turn over about £60k a year on two rounds.',
        answerCount: 2,
        author: { '@type': 'Person', name: asker.username },
        acceptedAnswer: { '@type': 'Answer', url: `${url}#comment-${right.id}`, text: 'Not until you pass the £90k threshold.', author: { name: helper.username } },
        suggestedAnswer: [{ '@type': 'Answer', url: `${url}#comment-${other.id}`, text: 'Thanks, and if I buy a second van?' }],
      },
    });
    // Elsewhere a post stays a DiscussionForumPosting.
    expect(structuredData((await t.app.inject({ url: `/forum/posts/${slug}` })).body)[1]!['@type']).toBe('DiscussionForumPosting');
  });

  it('a browser without JavaScript reads the post, its comments and the forum list in the first HTML', async () => {
    const post = rootOf((await t.app.inject({ url: `/forum/posts/${slug}` })).body);
    expect(post).toMatch(/<h1[^>]*>Is a 2019 Transit worth it for multi-drop\?<\/h1>/);
    expect(post).toContain('<strong>A-roads</strong>');
    expect(post).toContain(`id="comment-${commentId}"`);
    expect(post).not.toContain('Loading…');

    const list = await t.app.inject({ url: '/forum' });
    expect(list.statusCode).toBe(200);
    expect(rootOf(list.body)).toContain(`href="/forum/posts/${slug}"`);
    expect(rootOf(list.body)).toContain('Vans &amp; Owner Drivers');
    expect(list.body).toContain('<link rel="canonical" href="http://localhost:5000/forum" />');
    // The browser hydrates with the answers the server used: the list is in the list page's state,
    // and member text in the post's (a `</script>` in a post) cannot end the state's script early.
    type State = { queries: { queries: Array<{ queryKey: unknown[]; state: { data: { posts?: Array<{ slug: string; category: object }>; content?: string } } }> } };
    const stateOf = (html: string) => JSON.parse(/<script id="kerbside-state" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!) as State;
    const listed = stateOf(list.body).queries.queries.find((q) => q.queryKey[0] === '/api/forum/posts')!;
    expect(listed.state.data.posts!.map((p) => p.slug)).toContain(slug);
    // Packed (client/src/lib/page-state.ts): no listed post's text twice, no category description the
    // page's categories answer has; unpacked as the browser does, the API's own answer.
    expect(listed.state.data.posts!.some((p) => 'content' in p || 'description' in p.category)).toBe(false);
    const [, params] = listed.queryKey as [string, Record<string, string | number>];
    const api = await t.app.inject({ url: `/api/forum/posts?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}` });
    const unpacked = unpackState(stateOf(list.body).queries as unknown as DehydratedState).queries.find((q) => q.queryKey[0] === '/api/forum/posts')!;
    expect(unpacked.state.data).toStrictEqual(api.json());
    const postHtml = (await t.app.inject({ url: `/forum/posts/${slug}` })).body;
    const shown = stateOf(postHtml).queries.queries.find((q) => q.state.data?.content !== undefined)!;
    expect(shown.state.data.content).toContain('</script><b>bold</b>');
    expect(postHtml).not.toContain('</script><b>bold</b>');
  });

  it("guests' pages are kept until a write, compressed, and revalidated; members get their own; views still count", async () => {
    const author = await member(t);
    const category = await addCategory(t.database.db, 'Cache Checks');
    const first = await createPost(t, author.cookie, category.id, { title: 'First kept post on the list', content: 'Body of the first kept post.' });
    const url = `/forum?category=${category.slug}`;
    const a = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(a.rawPayload).toString();
    expect(rootOf(html)).toContain('First kept post on the list');
    // The app starts after the first paint: the page's own starter names its chunk (common/boot.ts), and
    // links the manifest then: nothing but the page is asked for before its first paint.
    expect(html).toContain(`<script type="module" data-app="/assets/index-x.js">${BOOT_SCRIPT}</script>`);
    expect(html).not.toContain('rel="manifest"');
    expect(html).not.toContain('<script type="module" crossorigin src="/assets/index-x.js">');
    const etag = String(a.headers.etag);
    expect((await t.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(html);

    // A member's page is theirs (it offers them New Post), not the guests' kept one.
    const mine = await t.app.inject({ url, headers: { cookie: author.cookie } });
    expect(rootOf(mine.body)).toContain('href="/forum/new"');
    expect(mine.headers.etag).not.toBe(etag);
    // Marked private, a guest's not: no shared cache, nor the service worker's offline copies, keeps a member's page.
    expect(a.headers['cache-control']).toBe('no-cache');
    expect(mine.headers['cache-control']).toBe('private, no-cache');

    // A write through the API is on the next guest's page at once.
    await createPost(t, author.cookie, category.id, { title: 'Second post after a write', content: 'Body of the second post.' });
    const b = await t.app.inject({ url });
    expect(rootOf(b.body)).toContain('Second post after a write');
    expect(b.headers.etag).not.toBe(etag);

    // A maintenance switch, however made, is on the next guest's page (its banner is in every page).
    const admin = await member(t, 'admin');
    const notice = 'Back after the upgrade at ten.';
    await t.app.maintenance.set(admin.id, { maintenanceMode: true, message: notice });
    expect(rootOf((await t.app.inject({ url })).body)).toContain(notice);
    await t.app.maintenance.set(admin.id, { maintenanceMode: false, message: '' });
    expect(rootOf((await t.app.inject({ url })).body)).not.toContain(notice);

    // Every guest reading the kept post page is a view.
    const postUrl = `/forum/posts/${first.slug}`;
    await t.app.viewCounter.flush();
    const before = t.app.viewCounter.pending(first.id);
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await t.app.inject({ url: postUrl, headers: { 'x-forwarded-for': ip } })).statusCode).toBe(200);
    }
    expect(t.app.viewCounter.pending(first.id) - before).toBe(3);
  });

  it("a member's pages are kept for them until a write: their own vote is on the next one, another member's page is theirs", async () => {
    const author = await member(t);
    const reader = await member(t);
    const category = await addCategory(t.database.db, 'Kept Member Pages');
    const post = await createPost(t, author.cookie, category.id, { title: 'Parking tickets at the Leeds depot', content: 'Who pays them?' });
    const url = `/forum?category=${category.slug}`;
    const page = (cookie: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { cookie, ...headers } });
    const first = await page(reader.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    // Kept: the same bytes, and the browser's copy revalidates.
    expect((await page(reader.cookie)).headers.etag).toBe(etag);
    expect((await page(reader.cookie, { 'if-none-match': etag })).statusCode).toBe(304);
    // Another member's page is made for them.
    expect((await page(author.cookie)).headers.etag).not.toBe(etag);
    // The reader's vote (a write) is on their next page at once.
    expect((await call(t, 'POST', `/api/forum/posts/${post.id}/vote`, { cookie: reader.cookie, body: { voteType: 'upvote' } })).statusCode).toBe(200);
    const after = await page(reader.cookie);
    expect(after.headers.etag).not.toBe(etag);
    type Listed = { queryKey: unknown[]; state: { data: { posts?: Array<{ id: number; userVote: string | null }> } } };
    const listed = (JSON.parse(/<script id="kerbside-state" type="application\/json">([\s\S]*?)<\/script>/.exec(after.body)![1]!) as { queries: { queries: Listed[] } }).queries.queries.find((q) => q.queryKey[0] === '/api/forum/posts')!;
    expect(listed.state.data.posts!.find((p) => p.id === post.id)?.userVote).toBe('upvote');
  });

  it('a missing post and an unknown path answer HTTP 404 with a noindex page', async () => {
    for (const url of ['/forum/posts/no-such-post', '/no/such/page', '/forum?404=/old']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(meta(res.body, 'name', 'robots')).toBe('noindex');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(rootOf(res.body)).toContain('Page Not Found');
    }
  });

  // Issue 12 finding 1: `$&`, `$\``, `$'` in member text once copied parts of the document into it.
  it('every $ replacement pattern in a path, title, body or comment is written as text, once', async () => {
    const patterns = ['$&', '$`', "$'", '$$', '$1', '$<x>'];
    const all = patterns.join(' ');
    const author = await member(t);
    const category = await addCategory(t.database.db, 'Dollar Patterns');
    const post = await createPost(t, author.cookie, category.id, { title: `Pay ${all} per drop?`, content: `Body ${all} ${'$`'.repeat(50)} end` });
    await createComment(t, author.cookie, post.id, { content: `Comment ${all}` });
    const pages = [
      await t.app.inject({ url: `/forum/posts/${post.slug}` }),
      await t.app.inject({ url: '/forum' }),
      await t.app.inject({ url: `/nope${encodeURIComponent('$`').repeat(100)}` }),
      await t.app.inject({ url: `/nope/$&/$'/${'$`'.repeat(100)}` }),
    ];
    for (const res of pages) {
      expect(res.body.length, res.body.slice(0, 200)).toBeLessThan(200_000);
      expect(res.body.match(/<!doctype html>/gi)).toHaveLength(1);
      expect(res.body.match(/<title>/g)).toHaveLength(1);
      expect(res.body.match(/<div id="root">/g)).toHaveLength(1);
      for (const block of structuredData(res.body)) expect(block).toBeTypeOf('object');
    }
    const [postPage, list] = pages as [(typeof pages)[0], (typeof pages)[0]];
    expect(meta(postPage.body, 'property', 'og:title')).toBe(escapeHtml(`Pay ${all} per drop? | Kerbside`));
    const posting = structuredData(postPage.body).find((d) => d['@type'] === 'DiscussionForumPosting')!;
    expect(posting.headline).toBe(`Pay ${all} per drop?`);
    expect(rootOf(postPage.body)).toContain("Comment $&amp; $` $' $$ $1 $&lt;x&gt;");
    // Preact's renderer escapes what text needs escaped (& and <) and nothing more.
    expect(rootOf(list.body)).toContain("Pay $&amp; $` $' $$ $1 $&lt;x> per drop?");
  });

  // Issue 12 finding 10: a malformed percent-escape is a missing page or a bad request, never a 500.
  it('malformed percent-escapes answer 404 for pages and 400/404 with a message for the API, never 500', async () => {
    for (const url of ['/forum/posts/%25', '/forum/posts/%', '/forum/posts/%E0%A4%A', '/forum/post/%zz', '/%E0%A4%A', '/forum/%']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(rootOf(res.body), url).toContain('Page Not Found');
    }
    expect((await t.app.inject({ url: '/profile/%' })).statusCode).toBe(200); // any username: the app shows who is there
    const admin = await member(t, 'admin');
    const api = ['/api/forum/posts/%', '/api/forum/posts/%25', '/api/members/%zz', '/api/admin/members/%E0%A4%A'];
    for (const url of api) {
      const res = await t.app.inject({ url, headers: { cookie: admin.cookie } });
      expect([400, 404], `${url}: ${res.body}`).toContain(res.statusCode);
      expect(res.json().message, url).toEqual(expect.any(String));
    }
    // A pasted post address with a broken escape is searched as typed: no match, no error.
    const search = await t.app.inject({ url: `/api/admin/posts?q=${encodeURIComponent('/forum/posts/%E0%A4%A')}`, headers: { cookie: admin.cookie } });
    expect(search.statusCode).toBe(200);
    expect(search.json()).toEqual({ posts: [] });
  });

  // Found by the security fuzz suite: %00 in a post address reached the database and answered 500.
  it('a NUL (%00) in a post address is a missing page, never a 500', async () => {
    for (const url of ['/forum/posts/a%00b', '/forum/post/%00', `/forum/posts/${slug}%00`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(rootOf(res.body), url).toContain('Page Not Found');
    }
  });

  it('private and auth pages are noindex; public pages index, follow', async () => {
    for (const url of ['/admin', '/inbox', '/profile', '/register', '/verify-email']) {
      const res = await t.app.inject({ url });
      expect(meta(res.body, 'name', 'robots'), url).toBe('noindex');
    }
    for (const url of ['/', '/forum', '/terms', '/courier-guide-uk']) {
      const res = await t.app.inject({ url });
      expect(meta(res.body, 'name', 'robots'), url).toBe('index, follow');
      expect(structuredData(res.body)[0]).toMatchObject({ '@type': 'Organization' });
    }
  });

  it('content pages carry their text, a canonical URL and a description in the first HTML', async () => {
    const guide = await t.app.inject({ url: '/courier-guide-uk' });
    expect(guide.statusCode).toBe(200);
    expect(guide.body).toContain('<title>Courier Guide UK | Kerbside</title>');
    expect(rootOf(guide.body)).toContain('Self Assessment');
    expect(rootOf(guide.body)).toMatch(/<h2 id="toc-heading"[^>]*>Contents<\/h2>/);
    const alias = await t.app.inject({ url: '/privacy-policy' });
    expect(alias.body).toContain('<link rel="canonical" href="http://localhost:5000/privacy" />');
    expect(rootOf(alias.body)).toContain('UK GDPR');
    for (const url of ['/terms', '/community-guidelines', '/pay-estimator', '/support']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(meta(res.body, 'name', 'description')!.length, url).toBeLessThanOrEqual(160);
      expect(rootOf(res.body), url).toMatch(/<h1[^>]*>/);
    }
  });

  it('robots.txt points at the sitemap; the sitemap lists content pages, categories and posts', async () => {
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: http://localhost:5000/sitemap.xml');
    expect(robots.body).toContain('Disallow: /admin');

    const map = await t.app.inject({ url: '/sitemap.xml' });
    expect(map.statusCode).toBe(200);
    expect(map.headers['content-type']).toMatch(/application\/xml/);
    expect(map.body).toContain('<urlset');
    for (const loc of ['/courier-guide-uk', '/pay-estimator', '/terms', '/privacy', '/community-guidelines', `/forum?category=${categorySlug}`, `/forum/posts/${slug}`]) {
      expect(map.body).toContain(`<loc>http://localhost:5000${loc.replace('&', '&amp;')}</loc>`);
    }
    expect(map.body).not.toContain('/privacy-policy');
  });

  it('past the per-file limit the sitemap becomes an index of page and post files', async () => {
    const { default: Fastify } = await import('fastify');
    const small = Fastify();
    await small.register(sitemapRoutes, { config: t.app.deps.config, db: t.database.db, maxUrls: 3 });
    const index = await small.inject({ url: '/sitemap.xml' });
    expect(index.body).toContain('<sitemapindex');
    expect(index.body).toContain('<loc>http://localhost:5000/sitemaps/pages.xml</loc>');
    expect(index.body).toContain('<loc>http://localhost:5000/sitemaps/posts-1.xml</loc>');
    const posts = await small.inject({ url: '/sitemaps/posts-1.xml' });
    expect(posts.body).toContain(`/forum/posts/${slug}</loc>`);
    expect((await small.inject({ url: '/sitemaps/posts-9.xml' })).statusCode).toBe(404);
    await small.close();
  });
});
