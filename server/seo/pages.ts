import { matchRoute, notFoundFlag, type RouteDef } from '../../common/routes.ts';
import type { TPost, TPostDetail } from '../../common/contracts/forum.ts';
import type { Config } from '../config.ts';
import { HttpError } from '../http-errors.ts';
import type { CategoryService } from '../modules/categories/index.ts';
import type { LabelService } from '../modules/labels/index.ts';
import type { PostService } from '../modules/posts/index.ts';
import type { PageHead } from './document.ts';
import { areaFeed, categoryFeed, postFeed, siteFeed, tagFeed } from './feeds.ts';
import { seoExcerpt } from '../lib/html.ts';
import { CONTENT_PAGES } from './content-pages.ts';
import { areaRegion } from '../../common/rules/labels.ts';
import { PAY_LICENCE, PAY_WINDOW_MONTHS, payNetworkName } from '../../common/rules/pay.ts';

/** `postId`: the post a post page shows (its views are counted when the page is served from cache). */
export type RenderedPage = { status: 200 | 404; head: PageHead; postId?: number };

/** The services the pages read the forum from (the app's own, from buildApp). */
export type PageServices = { posts: PostService; categories: CategoryService; labels: LabelService };

const SITE_DESCRIPTION =
  'Kerbside is the free community forum for UK couriers, delivery drivers, owner drivers and logistics workers: real answers on rounds, pay, vans and networks.';

/** Spec §1: the Organization of the structured data (founded 2024, with a customer support contact), on every page. */
export function organization(config: Config) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: config.appName,
    url: `${config.appUrl}/`,
    logo: `${config.appUrl}/favicon.svg`,
    foundingDate: '2024',
    description: SITE_DESCRIPTION,
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', url: `${config.appUrl}/support`, availableLanguage: 'en-GB' },
  };
}

/** The head of a page request (the body is the React tree, server/seo/render.ts); a missing post or an unknown path is a 404. */
export async function renderPage(services: PageServices, config: Config, pathname: string, search: string): Promise<RenderedPage> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const route = matchRoute(path);
  if (!route || notFoundFlag(search) !== null) return notFoundPage(config, path);
  const params = new URLSearchParams(search);
  try {
    if (route.path === '/forum/posts/:slug' || route.path === '/forum/post/:slug') {
      // The path arrives decoded once (web plugin); decoding again would turn a literal % into an error.
      const slug = path.slice(path.lastIndexOf('/') + 1);
      // %00 decodes to NUL, which PostgreSQL text cannot hold (the lookup itself fails): no post has it.
      if (slug.includes('\0')) return notFoundPage(config, path);
      return await postPage(services, config, slug);
    }
    if (route.path === '/forum') return await forumPage(services, config, params);
    if (route.path === '/tags') return tagsPage(config);
    if (route.path === '/tags/:slug') return await tagPage(services, config, path.slice(path.lastIndexOf('/') + 1), params);
    if (route.path === '/areas') return areasPage(config);
    if (route.path === '/areas/:code') return areaPage(config, path.slice(path.lastIndexOf('/') + 1), params);
    if (route.path === '/') return landingPage(config);
    if (route.path === '/pay') return payIndexPage(config);
    if (route.path === '/pay/:network') {
      const page = payNetworkPage(config, path.slice(path.lastIndexOf('/') + 1));
      return page ?? notFoundPage(config, path);
    }
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) return notFoundPage(config, path);
    throw err;
  }
  const content = CONTENT_PAGES[route.path];
  if (content) return contentPage(config, route, content);
  return appPage(config, route, path);
}

const title = (config: Config, page?: string) =>
  page ? `${page} | ${config.appName}` : `${config.appName}: the community for UK couriers and delivery drivers`;

function head(config: Config, fields: Partial<PageHead> & Pick<PageHead, 'title' | 'canonical'>): PageHead {
  return {
    description: SITE_DESCRIPTION,
    robots: 'index, follow',
    ogType: 'website',
    ...fields,
    structuredData: [organization(config), ...(fields.structuredData ?? [])],
    // Every page offers the latest posts; a category's list and a post their own feed first.
    feeds: [...(fields.feeds ?? []), siteFeed(config)],
  };
}

const postUrl = (config: Config, slug: string) => `${config.appUrl}/forum/posts/${encodeURIComponent(slug)}`;
/** Who wrote it, as a byline: the username, the anonymous label (issue 32), or 'Anonymous' for a deleted account. */
type Byline = Pick<TPost, 'author' | 'anonymousAs'>;
const authorName = (w: Byline) => w.author?.username ?? w.anonymousAs ?? 'Anonymous';

async function forumPage(services: PageServices, config: Config, params: URLSearchParams): Promise<RenderedPage> {
  const categories = await services.categories.listCategories();
  const slug = params.get('category') ?? undefined;
  const category = slug ? categories.find((c) => c.slug === slug) : undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = new URLSearchParams();
  if (category) query.set('category', category.slug);
  if (page > 1) query.set('page', String(page));
  return {
    status: 200,
    head: head(config, {
      title: title(config, category ? `${category.name} – Forum` : 'Forum'),
      description: seoExcerpt(category?.description || SITE_DESCRIPTION),
      canonical: `${config.appUrl}/forum${query.size ? `?${query}` : ''}`,
      feeds: category ? [categoryFeed(config, category)] : [],
    }),
  };
}

// ---- Tags and postcode areas (issue 32): indexable lists of posts ----

const pageParam = (params: URLSearchParams) => Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

/** A list page as schema.org sees it: a CollectionPage of the site. */
const collectionPage = (config: Config, name: string, url: string, description: string) => ({
  '@context': 'https://schema.org',
  '@type': 'CollectionPage',
  name,
  url,
  description,
  isPartOf: { '@type': 'WebSite', name: config.appName, url: `${config.appUrl}/` },
});

function tagsPage(config: Config): RenderedPage {
  const url = `${config.appUrl}/tags`;
  const description = 'Posts by courier network (Evri, Amazon Flex, DPD, Yodel…) and by topic (ULEZ, insurance, tax, vans) on Kerbside.';
  return { status: 200, head: head(config, { title: title(config, 'Tags'), description, canonical: url, structuredData: [collectionPage(config, 'Tags', url, description)] }) };
}

/** /tags/{slug}: an unknown tag is a 404 (the tag lookup's). */
async function tagPage(services: PageServices, config: Config, slug: string, params: URLSearchParams): Promise<RenderedPage> {
  const tag = await services.labels.getTag(slug);
  const page = pageParam(params);
  const url = `${config.appUrl}/tags/${encodeURIComponent(tag.slug)}${page > 1 ? `?page=${page}` : ''}`;
  const description = seoExcerpt(tag.description || `Posts tagged ${tag.name} on ${config.appName}, the community forum for UK couriers and delivery drivers.`);
  return {
    status: 200,
    head: head(config, {
      title: title(config, `${tag.name} – Tags`),
      description,
      canonical: url,
      structuredData: [collectionPage(config, `Posts tagged ${tag.name}`, url, description)],
      feeds: [tagFeed(config, tag)],
    }),
  };
}

function areasPage(config: Config): RenderedPage {
  const url = `${config.appUrl}/areas`;
  const description = 'What couriers are saying near you: van thefts, road closures, depots and parking, by UK postcode area.';
  return { status: 200, head: head(config, { title: title(config, 'Postcode areas'), description, canonical: url, structuredData: [collectionPage(config, 'Postcode areas', url, description)] }) };
}

/** /areas/{code}: any UK postcode area, in any case (the canonical address is in capitals); anything else is a 404. */
function areaPage(config: Config, raw: string, params: URLSearchParams): RenderedPage {
  const code = raw.toUpperCase();
  const region = areaRegion(code);
  if (!region) return notFoundPage(config, `/areas/${raw}`);
  const page = pageParam(params);
  const url = `${config.appUrl}/areas/${code}${page > 1 ? `?page=${page}` : ''}`;
  const description = `Local alerts and posts from couriers and delivery drivers in the ${code} postcode area (${region.name}): van thefts, road closures, depots, parking and pay.`;
  return {
    status: 200,
    head: head(config, {
      title: title(config, `${code} postcode area`),
      description,
      canonical: url,
      structuredData: [collectionPage(config, `The ${code} postcode area`, url, description)],
      feeds: [areaFeed(config, code)],
    }),
  };
}

function landingPage(config: Config): RenderedPage {
  return { status: 200, head: head(config, { title: title(config), canonical: `${config.appUrl}/` }) };
}

const person = (config: Config, w: Byline) => ({
  '@type': 'Person',
  name: authorName(w),
  ...(w.author ? { url: `${config.appUrl}/profile/${encodeURIComponent(w.author.username)}` } : {}),
});

/**
 * Issue 33: a post in a Q&A category is a QAPage, its replies answers and the accepted one (whether or not
 * on the first page of replies) its acceptedAnswer.
 */
export function qaPage(config: Config, post: TPostDetail) {
  const url = postUrl(config, post.slug);
  const answer = (a: Byline & { id: number; text: string; createdAt: string; upvotes?: number }) => ({
    '@type': 'Answer',
    '@id': `${url}#comment-${a.id}`,
    url: `${url}#comment-${a.id}`,
    text: a.text,
    datePublished: a.createdAt,
    author: person(config, a),
    ...(a.upvotes !== undefined ? { upvoteCount: a.upvotes } : {}),
  });
  const accepted = post.acceptedAnswer;
  const replies = post.comments.filter((c) => !c.isDeleted).map((c) => ({ id: c.id, text: c.content, createdAt: c.createdAt, author: c.author, anonymousAs: c.anonymousAs, upvotes: c.upvotes }));
  const acceptedReply = accepted ? (replies.find((r) => r.id === accepted.commentId) ?? { id: accepted.commentId, text: accepted.excerpt, createdAt: accepted.createdAt, author: accepted.author, anonymousAs: accepted.anonymousAs }) : null;
  return {
    '@context': 'https://schema.org',
    '@type': 'QAPage',
    url,
    mainEntity: {
      '@type': 'Question',
      name: post.title,
      text: post.content,
      datePublished: post.createdAt,
      author: person(config, post),
      answerCount: post.commentCount,
      upvoteCount: post.upvotes,
      ...(acceptedReply ? { acceptedAnswer: answer(acceptedReply) } : {}),
      suggestedAnswer: replies.filter((r) => r.id !== acceptedReply?.id).map(answer),
    },
  };
}

/** Spec §3 structured data: DiscussionForumPosting with its comments and interaction statistics. */
export function discussionForumPosting(config: Config, post: TPostDetail) {
  const url = postUrl(config, post.slug);
  const counter = (type: string, count: number) => ({ '@type': 'InteractionCounter', interactionType: `https://schema.org/${type}`, userInteractionCount: count });
  return {
    '@context': 'https://schema.org',
    '@type': 'DiscussionForumPosting',
    '@id': url,
    url,
    mainEntityOfPage: url,
    headline: post.title,
    text: post.content,
    articleSection: post.category.name,
    // Issue 32: its tags and areas, as keywords and the places it is about.
    ...(post.tags.length ? { keywords: post.tags.map((t) => t.name).join(', ') } : {}),
    ...(post.areas.length ? { spatialCoverage: post.areas.map((a) => ({ '@type': 'Place', name: `${a} postcode area`, url: `${config.appUrl}/areas/${a}` })) } : {}),
    author: person(config, post),
    datePublished: post.createdAt,
    ...(post.editedAt ? { dateModified: post.editedAt } : {}),
    commentCount: post.commentCount,
    interactionStatistic: [counter('CommentAction', post.commentCount), counter('LikeAction', post.upvotes), counter('ViewAction', post.viewCount), counter('ShareAction', post.shareCount)],
    isPartOf: { '@type': 'WebPage', url: `${config.appUrl}/forum?category=${encodeURIComponent(post.category.slug)}` },
    comment: post.comments
      .filter((c) => !c.isDeleted)
      .map((c) => ({
        '@type': 'Comment',
        '@id': `${url}#comment-${c.id}`,
        url: `${url}#comment-${c.id}`,
        text: c.content,
        author: person(config, c),
        datePublished: c.createdAt,
        interactionStatistic: [counter('LikeAction', c.upvotes)],
      })),
  };
}

async function postPage(services: PageServices, config: Config, slug: string): Promise<RenderedPage> {
  const post = await services.posts.getPost(slug, null);
  return {
    status: 200,
    postId: post.id,
    head: head(config, {
      title: title(config, post.title),
      description: seoExcerpt(post.excerpt || post.content),
      canonical: postUrl(config, post.slug),
      ogType: 'article',
      article: { publishedTime: post.createdAt, modifiedTime: post.editedAt ?? undefined, author: authorName(post), section: post.category.name },
      // A Q&A category's post (it carries acceptedAnswer, null or not) is a question with answers.
      structuredData: [post.acceptedAnswer !== undefined ? qaPage(config, post) : discussionForumPosting(config, post)],
      feeds: [postFeed(config, post)],
    }),
  };
}

function contentPage(config: Config, route: RouteDef, page: (typeof CONTENT_PAGES)[string]): RenderedPage {
  const canonicalPath = page.canonicalPath ?? route.path;
  return {
    status: 200,
    head: head(config, { title: title(config, page.title), description: seoExcerpt(page.description), canonical: `${config.appUrl}${canonicalPath}` }),
  };
}

/** Pages whose content is the member's own (auth, profile, inbox, admin): a title, and noindex where the route says so. */
function appPage(config: Config, route: RouteDef, path: string): RenderedPage {
  const name = APP_PAGE_TITLES[route.path] ?? undefined;
  return {
    status: 200,
    head: head(config, {
      title: title(config, name),
      canonical: `${config.appUrl}${path}`,
      robots: route.noindex ? 'noindex' : 'index, follow',
    }),
  };
}

const APP_PAGE_TITLES: Record<string, string> = {
  '/register': 'Join Free',
  '/verify-email': 'Verify your email',
  '/forgot-password': 'Forgot password',
  '/reset-password': 'Reset password',
  '/directory/users': 'Member directory',
  '/directory/jobs': 'Job Portal',
  '/forum/new': 'New post',
  '/inbox': 'Inbox',
  '/notifications': 'Notifications',
  '/onboarding': 'Welcome',
  '/profile': 'Your profile',
  '/dashboard': 'Your profile',
  '/pay/report': 'Report your pay',
  '/pay/mine': 'Your pay reports',
  '/admin/pay-reports': 'Pay reports',
};

// ---- The Courier Pay Index (issue 19): public, indexable, with Dataset structured data ----

const PAY_DESCRIPTION =
  "What UK couriers really earn after fuel and van costs: members' pay reports for Evri, Amazon Flex, DPD and more, as net pay per hour beside the National Living Wage, by region and vehicle.";

/** schema.org Dataset of the index (all networks, or one), with its CSV download and open licence. */
function payDataset(config: Config, name: string, description: string, url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name,
    description,
    url,
    license: PAY_LICENCE.url,
    isAccessibleForFree: true,
    creator: { '@type': 'Organization', name: config.appName, url: `${config.appUrl}/` },
    spatialCoverage: { '@type': 'Place', name: 'United Kingdom' },
    temporalCoverage: `P${PAY_WINDOW_MONTHS}M`,
    variableMeasured: 'Net pay per hour after costs (GBP), 25th percentile, median and 75th percentile',
    distribution: [{ '@type': 'DataDownload', encodingFormat: 'text/csv', contentUrl: `${config.appUrl}/pay/index.csv` }],
  };
}

function payIndexPage(config: Config): RenderedPage {
  const url = `${config.appUrl}/pay`;
  return {
    status: 200,
    head: head(config, {
      title: title(config, 'Courier Pay Index: what UK couriers really earn'),
      description: seoExcerpt(PAY_DESCRIPTION),
      canonical: url,
      structuredData: [payDataset(config, 'Kerbside Courier Pay Index', PAY_DESCRIPTION, url)],
    }),
  };
}

/** /pay/{network}: its own title and description; null for a network the index does not know (404). */
function payNetworkPage(config: Config, slug: string): RenderedPage | null {
  const name = payNetworkName(slug);
  if (!name) return null;
  const url = `${config.appUrl}/pay/${slug}`;
  const description = `What ${name} couriers and drivers really earn after fuel and vehicle costs: net pay per hour from Kerbside members' reports, by region and vehicle, beside the National Living Wage.`;
  return {
    status: 200,
    head: head(config, {
      title: title(config, `${name} pay: what couriers really earn`),
      description: seoExcerpt(description),
      canonical: url,
      structuredData: [payDataset(config, `${name} courier pay (Kerbside Courier Pay Index)`, description, url)],
    }),
  };
}

function notFoundPage(config: Config, path: string): RenderedPage {
  return {
    status: 404,
    head: head(config, { title: title(config, 'Page Not Found'), canonical: `${config.appUrl}${path}`, robots: 'noindex' })
  };
}
