import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { isPostcodeArea } from '../../common/rules/courier.ts';
import { areaLabel, tagLabel } from '../../common/rules/labels.ts';
import { categories, comments, postLabels, posts, tags, users } from '../db/schema/index.ts';
import { notFound } from '../http-errors.ts';
import { loadAnswer, sendCached, type GuestCache } from '../lib/guest-cache.ts';
import { escapeHtml, seoExcerpt } from '../lib/html.ts';

// Feeds (issue 33 item 4; docs/API.md "Feeds"): RSS 2.0 and Atom for the latest posts, each category and
// a post's comments. Only what a guest reads: live posts and comments (a deleted, hidden or held one is
// in no feed, as in no list), authors by username or 'Anonymous'. Each feed is one guest-cache answer,
// so a write empties it with the lists, and a reader's next poll gets an ETag and, mostly, a 304.

/** Items in a feed: a page of the forum. */
export const FEED_ITEMS = 20;

export type FeedFormat = 'rss' | 'atom';

export const FEED_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
};

export type FeedItem = {
  /** The item's page: its link and its permanent id. */
  url: string;
  title: string;
  author: string;
  published: Date;
  updated: Date;
  category?: { term: string; label: string };
  /** Plain text. */
  summary: string;
  /** The sanitised HTML of the body, links made absolute. */
  html: string;
};

export type Feed = {
  title: string;
  description: string;
  /** The page the feed follows. */
  page: string;
  /** The feed's own address, without its extension. */
  self: string;
  /** The newest change among the items, or the thing followed's own date when there are none. */
  updated: Date;
  items: FeedItem[];
};

// XML 1.0 has no place for most control characters, U+FFFE/U+FFFF or half a surrogate pair: one would
// make the whole feed unreadable, so they go (a member's text may hold some; the pages show nothing for them).
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `s` without what XML cannot hold: the text a feed carries of it. */
export const xmlChars = (s: string) => s.replace(NOT_XML, '');

/** Text for an XML element (a parser would read a bare CR as a line end, so it is a reference). */
export const xmlText = (s: string) => escapeHtml(xmlChars(s)).replace(/\r/g, '&#13;');
/** Text for an attribute's value: a parser folds its tabs and line ends into spaces unless they are references. */
const xmlAttr = (s: string) => xmlText(s).replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');

/** RFC 822 dates, as RSS 2.0 asks ("Sun, 29 Nov 2026 21:00:00 GMT"). */
const rfc822 = (d: Date) => d.toUTCString();

export function rss(feed: Feed): string {
  const items = feed.items.map(
    (i) =>
      `<item><title>${xmlText(i.title)}</title><link>${xmlText(i.url)}</link><guid isPermaLink="true">${xmlText(i.url)}</guid>` +
      `<pubDate>${rfc822(i.published)}</pubDate><dc:creator>${xmlText(i.author)}</dc:creator>` +
      (i.category ? `<category>${xmlText(i.category.label)}</category>` : '') +
      `<description>${xmlText(i.html)}</description></item>`,
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">\n<channel>\n` +
    `<title>${xmlText(feed.title)}</title>\n<link>${xmlText(feed.page)}</link>\n<description>${xmlText(feed.description)}</description>\n` +
    `<language>en-GB</language>\n<lastBuildDate>${rfc822(feed.updated)}</lastBuildDate>\n` +
    `<atom:link href="${xmlAttr(`${feed.self}.rss`)}" rel="self" type="application/rss+xml"/>\n` +
    items.map((i) => `${i}\n`).join('') +
    `</channel>\n</rss>\n`
  );
}

export function atom(feed: Feed): string {
  const entries = feed.items.map(
    (i) =>
      `<entry><id>${xmlText(i.url)}</id><title type="text">${xmlText(i.title)}</title><link rel="alternate" type="text/html" href="${xmlAttr(i.url)}"/>` +
      `<published>${i.published.toISOString()}</published><updated>${i.updated.toISOString()}</updated><author><name>${xmlText(i.author)}</name></author>` +
      (i.category ? `<category term="${xmlAttr(i.category.term)}" label="${xmlAttr(i.category.label)}"/>` : '') +
      `<summary type="text">${xmlText(i.summary)}</summary><content type="html">${xmlText(i.html)}</content></entry>`,
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-GB">\n` +
    `<id>${xmlText(`${feed.self}.atom`)}</id>\n<title type="text">${xmlText(feed.title)}</title>\n<subtitle type="text">${xmlText(feed.description)}</subtitle>\n` +
    `<updated>${feed.updated.toISOString()}</updated>\n` +
    `<link rel="self" type="application/atom+xml" href="${xmlAttr(`${feed.self}.atom`)}"/>\n<link rel="alternate" type="text/html" href="${xmlAttr(feed.page)}"/>\n` +
    entries.map((e) => `${e}\n`).join('') +
    `</feed>\n`
  );
}

/**
 * A body's HTML for a reader elsewhere: the site's own links and images (mentions, photos) are written
 * from the root ("/profile/…", "/uploads/…"), which a feed reader would resolve against its own address.
 */
export const absoluteLinks = (html: string, base: string) => html.replace(/(\s(?:href|src)=")\/(?!\/)/g, (_m, attr: string) => `${attr}${base}/`);

/** The autodiscovery links of a page's head: each feed as RSS and as Atom. */
export type FeedLink = { title: string; href: string };
export const feedLinks = (feeds: FeedLink[]) =>
  feeds.flatMap((f) => [
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(f.title)}" href="${escapeHtml(`${f.href}.rss`)}" />`,
    `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(`${f.title} (Atom)`)}" href="${escapeHtml(`${f.href}.atom`)}" />`,
  ]);

/** The site's feeds' addresses (without extension) and titles, for the pages' heads. */
export const siteFeed = (config: Config): FeedLink => ({ title: `${config.appName}: latest posts`, href: `${config.appUrl}/feeds/latest` });
export const categoryFeed = (config: Config, c: { name: string; slug: string }): FeedLink => ({
  title: `${config.appName}: ${c.name}`,
  href: `${config.appUrl}/feeds/categories/${encodeURIComponent(c.slug)}`,
});
export const tagFeed = (config: Config, t: { name: string; slug: string }): FeedLink => ({
  title: `${config.appName}: posts tagged ${t.name}`,
  href: `${config.appUrl}/feeds/tags/${encodeURIComponent(t.slug)}`,
});
export const areaFeed = (config: Config, code: string): FeedLink => ({
  title: `${config.appName}: posts about ${code}`,
  href: `${config.appUrl}/feeds/areas/${encodeURIComponent(code)}`,
});
export const postFeed = (config: Config, p: { title: string; slug: string }): FeedLink => ({
  title: `Replies to “${p.title}”`,
  href: `${config.appUrl}/feeds/posts/${encodeURIComponent(p.slug)}`,
});

/** `{name}.rss` or `{name}.atom` of a path parameter. */
function fileParam(file: string): { name: string; format: FeedFormat } | null {
  const m = /^(.+)\.(rss|atom)$/.exec(file);
  // NUL cannot be in a slug (PostgreSQL text cannot hold it): no feed has it.
  return m && !m[1]!.includes('\0') ? { name: m[1]!, format: m[2] as FeedFormat } : null;
}

export const feedRoutes: FastifyPluginAsync<{ config: Config; db: Db; cache: GuestCache }> = async (app, { config, db, cache }) => {
  const base = config.appUrl;
  const postUrl = (slug: string) => `${base}/forum/posts/${encodeURIComponent(slug)}`;
  const categoryUrl = (slug: string) => `${base}/forum?category=${encodeURIComponent(slug)}`;

  const postColumns = {
    slug: posts.slug,
    title: posts.title,
    excerpt: posts.excerpt,
    html: posts.contentHtml,
    createdAt: posts.createdAt,
    editedAt: posts.editedAt,
    // Issue 32: an anonymous post's label, never its account.
    author: sql<string | null>`coalesce(${posts.anonymousAs}, ${users.username})`,
    categoryName: categories.name,
    categorySlug: categories.slug,
  };
  type PostRow = { slug: string; title: string; excerpt: string; html: string; createdAt: Date; editedAt: Date | null; author: string | null; categoryName: string; categorySlug: string };
  const postItem = (p: PostRow): FeedItem => ({
    url: postUrl(p.slug),
    title: p.title,
    author: p.author ?? 'Anonymous',
    published: p.createdAt,
    updated: p.editedAt ?? p.createdAt,
    category: { term: p.categorySlug, label: p.categoryName },
    summary: p.excerpt,
    html: absoluteLinks(p.html, base),
  });
  const newest = (items: FeedItem[], otherwise: Date) => items.reduce((d, i) => (i.updated > d ? i.updated : d), items.length ? new Date(0) : otherwise);

  /** The newest live posts, of one category or all, newest first (posts_created_idx; a category's by its newest index, pinned or not). */
  async function latestPosts(categoryId?: number): Promise<PostRow[]> {
    const select = () =>
      db
        .select(postColumns)
        .from(posts)
        .innerJoin(categories, eq(categories.id, posts.categoryId))
        .leftJoin(users, eq(users.id, posts.authorId));
    if (categoryId === undefined) {
      return select().where(isNull(posts.deletedAt)).orderBy(desc(posts.createdAt), desc(posts.id)).limit(FEED_ITEMS);
    }
    // The category's index is ordered pinned first: its pinned and its other posts are read as two
    // walks of it and merged, never a sort of the whole category.
    const [pinned, rest] = await Promise.all(
      [true, false].map((isPinned) =>
        select()
          .where(and(eq(posts.categoryId, categoryId), eq(posts.isPinned, isPinned), isNull(posts.deletedAt)))
          .orderBy(desc(posts.isPinned), desc(posts.createdAt), desc(posts.id))
          .limit(FEED_ITEMS),
      ),
    );
    return [...pinned!, ...rest!].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, FEED_ITEMS);
  }

  async function latestFeed(): Promise<Feed> {
    const items = (await latestPosts()).map(postItem);
    return {
      title: `${config.appName}: latest posts`,
      description: `The newest posts on ${config.appName}, the community forum for UK couriers and delivery drivers.`,
      page: `${base}/forum`,
      self: siteFeed(config).href,
      updated: newest(items, new Date(0)),
      items,
    };
  }

  async function categoryFeedOf(slug: string): Promise<Feed> {
    const [category] = await db
      .select({ id: categories.id, name: categories.name, slug: categories.slug, description: categories.description, createdAt: categories.createdAt })
      .from(categories)
      .where(eq(categories.slug, slug));
    if (!category) throw notFound();
    const items = (await latestPosts(category.id)).map(postItem);
    return {
      title: `${config.appName}: ${category.name}`,
      description: category.description || `The newest posts in ${category.name} on ${config.appName}.`,
      page: categoryUrl(category.slug),
      self: categoryFeed(config, category).href,
      updated: newest(items, category.createdAt),
      items,
    };
  }

  /** Issue 32: a label's newest live posts, by post_labels_newest_idx (its pinned and other posts, merged). */
  async function labelPosts(label: string): Promise<PostRow[]> {
    const [pinned, rest] = await Promise.all(
      [true, false].map((isPinned) =>
        db
          .select(postColumns)
          .from(postLabels)
          .innerJoin(posts, eq(posts.id, postLabels.postId))
          .innerJoin(categories, eq(categories.id, posts.categoryId))
          .leftJoin(users, eq(users.id, posts.authorId))
          .where(and(eq(postLabels.label, label), eq(postLabels.isPinned, isPinned)))
          .orderBy(desc(postLabels.createdAt), desc(postLabels.postId))
          .limit(FEED_ITEMS),
      ),
    );
    return [...pinned!, ...rest!].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, FEED_ITEMS);
  }

  async function tagFeedOf(slug: string): Promise<Feed> {
    const [tag] = await db.select().from(tags).where(eq(tags.slug, slug));
    if (!tag) throw notFound();
    const items = (await labelPosts(tagLabel(tag.id))).map(postItem);
    return {
      title: tagFeed(config, tag).title,
      description: tag.description || `The newest posts tagged ${tag.name} on ${config.appName}.`,
      page: `${base}/tags/${encodeURIComponent(tag.slug)}`,
      self: tagFeed(config, tag).href,
      updated: newest(items, tag.createdAt),
      items,
    };
  }

  async function areaFeedOf(code: string): Promise<Feed> {
    if (!isPostcodeArea(code)) throw notFound();
    const items = (await labelPosts(areaLabel(code))).map(postItem);
    return {
      title: areaFeed(config, code).title,
      description: `The newest posts about the ${code} postcode area on ${config.appName}.`,
      page: `${base}/areas/${code}`,
      self: areaFeed(config, code).href,
      updated: newest(items, new Date(0)),
      items,
    };
  }

  async function postFeedOf(slug: string): Promise<Feed> {
    const [post] = await db
      .select({ id: posts.id, slug: posts.slug, title: posts.title, createdAt: posts.createdAt })
      .from(posts)
      .where(and(eq(posts.slug, slug), isNull(posts.deletedAt)));
    if (!post) throw notFound();
    const rows = await db
      .select({ id: comments.id, html: comments.contentHtml, content: comments.content, createdAt: comments.createdAt, editedAt: comments.editedAt, author: sql<string | null>`coalesce(${comments.anonymousAs}, ${users.username})` })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.authorId))
      .where(and(eq(comments.postId, post.id), isNull(comments.deletedAt)))
      // comments_post_idx (post_id, created_at, id), walked backwards.
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(FEED_ITEMS);
    const items = rows.map(
      (c): FeedItem => ({
        url: `${postUrl(post.slug)}#comment-${c.id}`,
        title: `Re: ${post.title}`,
        author: c.author ?? 'Anonymous',
        published: c.createdAt,
        updated: c.editedAt ?? c.createdAt,
        summary: seoExcerpt(c.content, 300),
        html: absoluteLinks(c.html, base),
      }),
    );
    return {
      title: postFeed(config, post).title,
      description: `The newest replies to “${post.title}” on ${config.appName}.`,
      page: postUrl(post.slug),
      self: postFeed(config, post).href,
      updated: newest(items, post.createdAt),
      items,
    };
  }

  const load = (format: FeedFormat, make: () => Promise<Feed>) =>
    loadAnswer(async () => {
      const feed = await make();
      return { body: format === 'rss' ? rss(feed) : atom(feed), contentType: FEED_TYPES[format] };
    });
  const send = async (req: FastifyRequest, reply: FastifyReply, key: string, format: FeedFormat, make: () => Promise<Feed>) =>
    sendCached(req, reply, await cache.answer(`feed:${format}:${key}`, () => load(format, make)));
  const unknownFile = (reply: FastifyReply) => reply.code(404).send({ message: 'Not found' });

  for (const format of ['rss', 'atom'] as const) {
    app.get(`/feeds/latest.${format}`, (req, reply) => send(req, reply, 'latest', format, latestFeed));
  }
  app.get<{ Params: { file: string } }>('/feeds/categories/:file', (req, reply) => {
    const file = fileParam(req.params.file);
    return file ? send(req, reply, `category:${file.name}`, file.format, () => categoryFeedOf(file.name)) : unknownFile(reply);
  });
  app.get<{ Params: { file: string } }>('/feeds/tags/:file', (req, reply) => {
    const file = fileParam(req.params.file);
    return file ? send(req, reply, `tag:${file.name}`, file.format, () => tagFeedOf(file.name)) : unknownFile(reply);
  });
  app.get<{ Params: { file: string } }>('/feeds/areas/:file', (req, reply) => {
    const file = fileParam(req.params.file);
    return file ? send(req, reply, `area:${file.name}`, file.format, () => areaFeedOf(file.name)) : unknownFile(reply);
  });
  app.get<{ Params: { file: string } }>('/feeds/posts/:file', (req, reply) => {
    const file = fileParam(req.params.file);
    return file ? send(req, reply, `post:${file.name}`, file.format, () => postFeedOf(file.name)) : unknownFile(reply);
  });
};
