import zlib from 'node:zlib';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus } from '../../e2e/security/xss-corpus.ts';
import { posts } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { testDatabases } from '../test/databases.ts';
import { addCategory, createComment, createPost, insertPost } from '../test/forum.ts';
import { call, member, type Member } from '../test/members.ts';
import { absoluteLinks, atom, FEED_ITEMS, rss, xmlChars, type Feed } from './feeds.ts';

const { DOMParser } = new JSDOM('').window;
const XSS_CORPUS = corpus();

/** The feed parsed as XML, strictly (jsdom's parser is a conforming one): a malformed feed fails here. */
function parseXml(body: string): Document {
  const doc = new DOMParser().parseFromString(body, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return doc;
}
const child = (el: Element, tag: string) => el.getElementsByTagName(tag)[0]?.textContent ?? null;

/** What RSS 2.0 requires of a channel and its items, and what the site's feeds promise beside it. */
function rssItems(body: string) {
  const doc = parseXml(body);
  const rssEl = doc.documentElement;
  expect(rssEl.tagName).toBe('rss');
  expect(rssEl.getAttribute('version')).toBe('2.0');
  const channel = rssEl.getElementsByTagName('channel')[0]!;
  for (const required of ['title', 'link', 'description']) expect(child(channel, required), required).toBeTruthy();
  const self = channel.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0]!;
  expect(self.getAttribute('rel')).toBe('self');
  return {
    channel,
    self: self.getAttribute('href'),
    items: [...channel.getElementsByTagName('item')].map((item) => {
      const pubDate = child(item, 'pubDate')!;
      expect(Number.isNaN(Date.parse(pubDate)), pubDate).toBe(false);
      expect(pubDate).toMatch(/^\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/);
      expect(item.getElementsByTagName('guid')[0]!.getAttribute('isPermaLink')).toBe('true');
      return {
        title: child(item, 'title'),
        link: child(item, 'link'),
        guid: child(item, 'guid'),
        creator: item.getElementsByTagNameNS('http://purl.org/dc/elements/1.1/', 'creator')[0]?.textContent,
        category: child(item, 'category'),
        html: child(item, 'description'),
        pubDate: new Date(pubDate),
      };
    }),
  };
}

/** What RFC 4287 requires of a feed and its entries. */
function atomEntries(body: string) {
  const doc = parseXml(body);
  const feed = doc.documentElement;
  expect(feed.tagName).toBe('feed');
  expect(feed.namespaceURI).toBe('http://www.w3.org/2005/Atom');
  for (const required of ['id', 'title', 'updated']) expect(child(feed, required), required).toBeTruthy();
  const links = [...feed.children].filter((e) => e.tagName === 'link');
  const self = links.find((l) => l.getAttribute('rel') === 'self')!;
  return {
    self: self.getAttribute('href'),
    alternate: links.find((l) => l.getAttribute('rel') === 'alternate')?.getAttribute('href'),
    entries: [...feed.getElementsByTagName('entry')].map((entry) => {
      for (const required of ['id', 'title', 'updated']) expect(child(entry, required), required).toBeTruthy();
      expect(child(entry, 'updated')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      return {
        id: child(entry, 'id'),
        title: child(entry, 'title'),
        link: entry.getElementsByTagName('link')[0]!.getAttribute('href'),
        author: entry.getElementsByTagName('author')[0]?.getElementsByTagName('name')[0]?.textContent,
        category: entry.getElementsByTagName('category')[0]?.getAttribute('label'),
        html: child(entry, 'content'),
      };
    }),
  };
}

describe('feed documents', () => {
  const feedOf = (items: Feed['items']): Feed => ({
    title: 'Kerbside: latest posts',
    description: 'The newest posts',
    page: 'http://localhost:5000/forum',
    self: 'http://localhost:5000/feeds/latest',
    updated: new Date('2026-11-29T12:00:00Z'),
    items,
  });

  it('every XSS corpus vector as a title, an author, a category and a body stays text in well-formed RSS and Atom', () => {
    const at = new Date('2026-11-29T12:00:00Z');
    const items = XSS_CORPUS.map((v) => ({
      url: `http://localhost:5000/forum/posts/x-${v.id}?a=1&b=<2>`,
      title: v.payload,
      author: v.payload,
      published: at,
      updated: at,
      category: { term: v.payload, label: v.payload },
      summary: v.payload,
      html: `<p>${v.payload}</p>`,
    }));
    const fromRss = rssItems(rss(feedOf(items))).items;
    const fromAtom = atomEntries(atom(feedOf(items))).entries;
    expect(fromRss).toHaveLength(XSS_CORPUS.length);
    XSS_CORPUS.forEach((v, i) => {
      // Each value comes back as it went in, but for the control characters XML cannot hold (next test).
      const text = xmlChars(v.payload);
      expect(fromRss[i]!.title, `vector ${v.id}`).toBe(text);
      expect(fromRss[i]!.creator).toBe(text);
      expect(fromRss[i]!.category).toBe(text);
      expect(fromRss[i]!.html).toBe(`<p>${text}</p>`);
      expect(fromRss[i]!.link).toBe(items[i]!.url);
      expect(fromAtom[i]!.title).toBe(text);
      expect(fromAtom[i]!.author).toBe(text);
      expect(fromAtom[i]!.category).toBe(text);
      expect(fromAtom[i]!.html).toBe(`<p>${text}</p>`);
    });
  });

  it('characters XML cannot hold (controls, half a surrogate pair) are left out, not sent to break the feed', () => {
    const at = new Date('2026-11-29T12:00:00Z');
    const nasty = 'bell\u0007 form\u000C half\uD800 pair\uDE00 ok😀 tab\t';
    const item = { url: 'http://localhost:5000/forum/posts/x', title: nasty, author: nasty, published: at, updated: at, summary: nasty, html: nasty };
    expect(rssItems(rss(feedOf([item]))).items[0]!.title).toBe('bell form half pair ok😀 tab\t');
    expect(atomEntries(atom(feedOf([item]))).entries[0]!.title).toBe('bell form half pair ok😀 tab\t');
  });

  it("the site's own links and images are made absolute; other sites' are left as they are", () => {
    const html = '<p><a href="/profile/sam">@sam</a> <img src="/uploads/a.webp" alt=""> <a href="https://example.org/x">x</a> <a href="//cdn.example/y">y</a></p>';
    expect(absoluteLinks(html, 'https://kerbside.example')).toBe(
      '<p><a href="https://kerbside.example/profile/sam">@sam</a> <img src="https://kerbside.example/uploads/a.webp" alt=""> <a href="https://example.org/x">x</a> <a href="//cdn.example/y">y</a></p>',
    );
  });
});

describe.each(testDatabases)('feeds (%s)', (kind) => {
  let t: TestApp;
  let author: Member;
  let vans: { id: number; slug: string; name: string };
  let tax: { id: number; slug: string; name: string };
  let question: { id: number; slug: string };
  const base = 'http://localhost:5000';

  beforeAll(async () => {
    t = await buildTestApp(kind);
    author = await member(t);
    vans = await addCategory(t.database.db, 'Vans');
    tax = await addCategory(t.database.db, 'Tax & HMRC');
    question = await createPost(t, author.cookie, tax.id, { title: 'Mileage <allowance> & "simplified" expenses?', content: 'Which is better for a **van**, @' + author.username + '?' });
    await createPost(t, author.cookie, vans.id, { title: 'Transit or Vivaro for multi-drop?' });
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  it('the latest posts as RSS 2.0: newest first, each with its link, author, category and body', async () => {
    const res = await get('/feeds/latest.rss');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const { channel, self, items } = rssItems(res.body);
    expect(child(channel, 'title')).toBe('Kerbside: latest posts');
    expect(child(channel, 'link')).toBe(`${base}/forum`);
    expect(self).toBe(`${base}/feeds/latest.rss`);
    expect(items.map((i) => i.title)).toEqual(['Transit or Vivaro for multi-drop?', 'Mileage <allowance> & "simplified" expenses?']);
    const q = items[1]!;
    expect(q.link).toBe(`${base}/forum/posts/${question.slug}`);
    expect(q.guid).toBe(q.link);
    expect(q.creator).toBe(author.username);
    expect(q.category).toBe(tax.name);
    // The body's HTML, as the post page shows it, with the mention's link made absolute.
    expect(q.html).toContain('<strong>van</strong>');
    expect(q.html).toContain(`href="${base}/profile/${author.username}"`);
  });

  it('the same as Atom, with its own address and the page it follows', async () => {
    const res = await get('/feeds/latest.atom');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = atomEntries(res.body);
    expect(feed.self).toBe(`${base}/feeds/latest.atom`);
    expect(feed.alternate).toBe(`${base}/forum`);
    expect(feed.entries.map((e) => e.title)).toEqual(['Transit or Vivaro for multi-drop?', 'Mileage <allowance> & "simplified" expenses?']);
    expect(feed.entries[1]).toMatchObject({ id: `${base}/forum/posts/${question.slug}`, link: `${base}/forum/posts/${question.slug}`, author: author.username, category: tax.name });
  });

  it("a category's feed holds its posts alone, by date (a pinned post is not put first), at most a page of them", async () => {
    const pinned = await insertPost(t.database.db, { categoryId: vans.id, authorId: author.id, createdAt: new Date(Date.now() - 30 * 86_400_000) });
    await t.database.db.update(posts).set({ isPinned: true }).where(eq(posts.id, pinned.id));
    for (let i = 0; i < FEED_ITEMS; i++) await insertPost(t.database.db, { categoryId: vans.id, authorId: null, createdAt: new Date(Date.now() - (i + 1) * 3_600_000) });
    // Written behind the API's back: this category's feed is read here for the first time, so not from the cache.
    const res = await get(`/feeds/categories/${vans.slug}.rss`);
    expect(res.statusCode).toBe(200);
    const { channel, items } = rssItems(res.body);
    expect(child(channel, 'title')).toBe(`Kerbside: ${vans.name}`);
    expect(child(channel, 'link')).toBe(`${base}/forum?category=${vans.slug}`);
    expect(items).toHaveLength(FEED_ITEMS);
    expect(items.every((i) => i.category === vans.name)).toBe(true);
    expect(items.map((i) => i.title)).not.toContain(pinned.title);
    const dates = items.map((i) => i.pubDate.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // A post whose author's account is gone is 'Anonymous'.
    expect(items.some((i) => i.creator === 'Anonymous')).toBe(true);
  });

  it("a post's replies, newest first, each linked in context; a deleted reply is left out", async () => {
    const first = await createComment(t, author.cookie, question.id, { content: 'Simplified is 45p a mile for the first 10,000.' });
    const second = await createComment(t, author.cookie, question.id, { content: 'Keep <b>receipts</b> either way.' });
    const gone = await createComment(t, author.cookie, question.id, { content: 'I was wrong, ignore me.' });
    expect((await call(t, 'DELETE', `/api/forum/comments/${gone.id}`, { cookie: author.cookie })).statusCode).toBe(200);
    const res = await get(`/feeds/posts/${question.slug}.rss`);
    expect(res.statusCode).toBe(200);
    const { channel, items } = rssItems(res.body);
    expect(child(channel, 'title')).toBe('Replies to “Mileage <allowance> & "simplified" expenses?”');
    expect(items.map((i) => i.link)).toEqual([`${base}/forum/posts/${question.slug}#comment-${second.id}`, `${base}/forum/posts/${question.slug}#comment-${first.id}`]);
    expect(items[0]!.title).toBe('Re: Mileage <allowance> & "simplified" expenses?');
    // Member HTML is what the page shows: sanitised, the <b> as text.
    expect(items[0]!.html).toContain('&lt;b&gt;receipts&lt;/b&gt;');
    const entries = atomEntries((await get(`/feeds/posts/${question.slug}.atom`)).body).entries;
    expect(entries.map((e) => e.id)).toEqual(items.map((i) => i.link));
  });

  it('a write reaches the feeds at once: a new post is in the next read, a deleted one gone', async () => {
    expect((await get('/feeds/latest.rss')).statusCode).toBe(200); // now kept in the guest cache
    const fresh = await createPost(t, author.cookie, vans.id, { title: 'Brand new: ULEZ charge on a Saturday?' });
    expect(rssItems((await get('/feeds/latest.rss')).body).items[0]!.title).toBe('Brand new: ULEZ charge on a Saturday?');
    expect((await get(`/feeds/posts/${fresh.slug}.rss`)).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/forum/posts/${fresh.id}`, { cookie: author.cookie })).statusCode).toBe(200);
    expect(rssItems((await get('/feeds/latest.rss')).body).items.map((i) => i.title)).not.toContain('Brand new: ULEZ charge on a Saturday?');
    expect((await get(`/feeds/posts/${fresh.slug}.rss`)).statusCode).toBe(404);
  });

  it('a reader polling with its ETag hears 304; one that takes brotli gets it compressed', async () => {
    const first = await get('/feeds/latest.atom');
    expect(first.headers.etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('/feeds/latest.atom', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const br = await get('/feeds/latest.atom', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
  });

  it('the same feed for a member as for a guest: nothing of the reader in it', async () => {
    const guest = await get(`/feeds/categories/${tax.slug}.rss`);
    const signedIn = await call(t, 'GET', `/feeds/categories/${tax.slug}.rss`, { cookie: author.cookie });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toBe(guest.body);
  });

  it('an unknown category or post, or another extension, is a 404 {message}', async () => {
    for (const url of ['/feeds/categories/no-such-category.rss', '/feeds/posts/no-such-post.atom', `/feeds/categories/${vans.slug}.json`, `/feeds/posts/${question.slug}`, '/feeds/categories/.rss']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Not found' });
    }
  });

  it('fuzz: any name before .rss or .atom, escaped or not, is a feed, a 404 or a 400, always with JSON {message} when not a feed', async () => {
    const names = fc.oneof(
      fc.constantFrom('%', '%25', '%zz', '%00', 'a%00b', '%ED%A0%80', '..', '%2F', '$&', '__proto__', 'x'.repeat(5000), vans.slug, question.slug),
      fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponent),
      fc.string({ unit: 'binary', maxLength: 20 }).map(encodeURIComponent),
    );
    await fc.assert(
      fc.asyncProperty(names, fc.constantFrom('rss', 'atom'), fc.constantFrom('categories', 'posts'), async (name, ext, kind) => {
        const res = await get(`/feeds/${kind}/${name}.${ext}`);
        expect([200, 400, 404, 414]).toContain(res.statusCode);
        if (res.statusCode === 200) parseXml(res.body);
        else expect(typeof res.json().message).toBe('string');
      }),
      { seed: 33_04, numRuns: 150 },
    );
  });
});
