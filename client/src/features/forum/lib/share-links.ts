import type { TShareEvent } from '@common/contracts/forum-engagement';

// Spec §2 Share menu, §3 Share event, §9: links for each platform with UTM tags, and the event that
// records each attempt. Pure functions: the menu passes in the origin, the window width and so on.

export type SharePlatform = TShareEvent['platform'];
export type ShareMethod = TShareEvent['shareMethod'];
export type DeviceType = TShareEvent['deviceType'];

export const SHARE_CAMPAIGN = 'forum_post_sharing_2025';

/** Spec §9: excerpts are cut at these lengths. */
export const SHARE_EXCERPT_MAX = { x: 200, linkedin: 200, whatsapp: 150, email: 300 } as const;

/** X refuses a post over 280 characters, and counts any link as 23. */
const X_TEXT_ROOM = 280 - 23 - 1;

export type SharePost = { id: number; slug: string; title: string; excerpt: string };

/** The UTM medium of each platform: social networks and chat apps, the mail, or a copied link. */
const UTM_MEDIUM: Record<SharePlatform, string> = {
  native: 'social',
  facebook: 'social',
  x: 'social',
  linkedin: 'social',
  whatsapp: 'social',
  email: 'email',
  copy: 'copy_link',
};

const SHARE_METHOD: Record<SharePlatform, ShareMethod> = {
  native: 'native',
  facebook: 'web',
  x: 'web',
  linkedin: 'web',
  whatsapp: 'web',
  email: 'web',
  copy: 'clipboard',
};

export const shareMethodFor = (platform: SharePlatform): ShareMethod => SHARE_METHOD[platform];

/** Spec §9: mobile below 768 px wide, tablet below 1024, desktop otherwise. */
export function deviceTypeFor(width: number): DeviceType {
  if (width < 768) return 'mobile';
  if (width < 1024) return 'tablet';
  return 'desktop';
}

/**
 * `text` in one line of at most `max` characters, an ellipsis marking a cut. The cut goes back to
 * a word boundary when one is near, so no word is chopped in half.
 */
export function cutExcerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  if (max <= 1) return max === 1 ? '…' : '';
  let cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  if (space >= Math.floor(max * 0.6)) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,;:.\-–—]+$/u, '')}…`;
}

export type UtmTags = { utmSource: string; utmMedium: string; utmCampaign: string; utmContent: string };

export function utmFor(platform: SharePlatform, postId: number): UtmTags {
  return { utmSource: platform, utmMedium: UTM_MEDIUM[platform], utmCampaign: SHARE_CAMPAIGN, utmContent: `post-${postId}` };
}

/** The post's address as shared on `platform`: /forum/posts/{slug} with the UTM tags. */
export function sharedPostUrl(origin: string, post: Pick<SharePost, 'id' | 'slug'>, platform: SharePlatform): string {
  const u = utmFor(platform, post.id);
  const qs = new URLSearchParams({
    utm_source: u.utmSource,
    utm_medium: u.utmMedium,
    utm_campaign: u.utmCampaign,
    utm_content: u.utmContent,
  });
  return `${origin.replace(/\/+$/, '')}/forum/posts/${encodeURIComponent(post.slug)}?${qs.toString()}`;
}

// mailto: and the intent URLs want %20 for spaces (URLSearchParams writes '+', which mail apps show).
const q = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');

/** Text for X: the title and the excerpt (at most 200 characters), shortened further to fit one post. */
export function xText(post: Pick<SharePost, 'title' | 'excerpt'>): string {
  const title = post.title.trim();
  const room = Math.min(SHARE_EXCERPT_MAX.x, X_TEXT_ROOM - title.length - 2);
  const excerpt = room >= 30 ? cutExcerpt(post.excerpt, room) : '';
  return excerpt ? `${title}\n\n${excerpt}` : cutExcerpt(title, X_TEXT_ROOM);
}

export type ShareLinks = {
  /** navigator.share data. */
  native: { title: string; text: string; url: string };
  facebook: string;
  x: string;
  linkedin: string;
  whatsapp: string;
  email: string;
  /** The address put on the clipboard. */
  copy: string;
};

/** Every share target of the menu for one post. `siteName` signs the email. */
export function buildShareLinks(origin: string, post: SharePost, siteName = 'Kerbside'): ShareLinks {
  const url = (p: SharePlatform) => sharedPostUrl(origin, post, p);
  const title = post.title.trim();
  return {
    native: { title, text: cutExcerpt(post.excerpt, SHARE_EXCERPT_MAX.x), url: url('native') },
    facebook: `https://www.facebook.com/sharer/sharer.php?${q({ u: url('facebook') })}`,
    x: `https://x.com/intent/tweet?${q({ text: xText(post), url: url('x') })}`,
    linkedin: `https://www.linkedin.com/shareArticle?${q({
      mini: 'true',
      url: url('linkedin'),
      title,
      summary: cutExcerpt(post.excerpt, SHARE_EXCERPT_MAX.linkedin),
    })}`,
    whatsapp: `https://wa.me/?${q({
      text: [`*${title}*`, cutExcerpt(post.excerpt, SHARE_EXCERPT_MAX.whatsapp), url('whatsapp')].filter(Boolean).join('\n\n'),
    })}`,
    email: `mailto:?${q({
      subject: title,
      body: [cutExcerpt(post.excerpt, SHARE_EXCERPT_MAX.email), `Read the discussion on ${siteName}: ${url('email')}`]
        .filter(Boolean)
        .join('\n\n'),
    })}`,
    copy: url('copy'),
  };
}

/** Spec §3 Share event for one attempt. */
export function buildShareEvent(input: {
  postId: number;
  platform: SharePlatform;
  success: boolean;
  errorMessage?: string;
  referrerUrl: string;
  width: number;
}): TShareEvent {
  return {
    postId: input.postId,
    platform: input.platform,
    shareMethod: shareMethodFor(input.platform),
    ...utmFor(input.platform, input.postId),
    referrerUrl: input.referrerUrl.slice(0, 2000),
    deviceType: deviceTypeFor(input.width),
    success: input.success,
    errorMessage: input.errorMessage ? input.errorMessage.slice(0, 500) : null,
  };
}
