import { describe, expect, it } from 'vitest';
import { buildShareEvent, buildShareLinks, cutExcerpt, deviceTypeFor, sharedPostUrl, SHARE_CAMPAIGN, xText } from './share-links';

const post = { id: 42, slug: 'fuel-cards-worth-it', title: 'Are fuel cards worth it?', excerpt: 'word '.repeat(100).trim() };
const ORIGIN = 'https://kerbside.example';

/** The text a share link carries in `param`. */
const param = (href: string, name: string) => {
  const qs = href.slice(href.indexOf('?') + 1);
  return new URLSearchParams(qs).get(name) ?? '';
};

describe('cutExcerpt', () => {
  it('keeps short text whole, on one line', () => {
    expect(cutExcerpt('Short\n\ntext  here', 200)).toBe('Short text here');
  });

  it('cuts long text to at most max characters, ending with an ellipsis at a word boundary', () => {
    const cut = cutExcerpt(post.excerpt, 150);
    expect(cut.length).toBeLessThanOrEqual(150);
    expect(cut.endsWith('word…')).toBe(true);
  });

  it('cuts inside a long word when there is no space near the end', () => {
    const cut = cutExcerpt('x'.repeat(500), 200);
    expect(cut).toBe(`${'x'.repeat(199)}…`);
  });
});

describe('sharedPostUrl', () => {
  it('is the post page with the UTM tags', () => {
    const url = new URL(sharedPostUrl(ORIGIN, post, 'facebook'));
    expect(url.origin + url.pathname).toBe('https://kerbside.example/forum/posts/fuel-cards-worth-it');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      utm_source: 'facebook',
      utm_medium: 'social',
      utm_campaign: 'forum_post_sharing_2025',
      utm_content: 'post-42',
    });
  });

  it('tags email and copied links with their own medium', () => {
    expect(new URL(sharedPostUrl(ORIGIN, post, 'email')).searchParams.get('utm_medium')).toBe('email');
    expect(new URL(sharedPostUrl(ORIGIN, post, 'copy')).searchParams.get('utm_medium')).toBe('copy_link');
    expect(new URL(sharedPostUrl(ORIGIN, post, 'copy')).searchParams.get('utm_source')).toBe('copy');
  });
});

describe('buildShareLinks', () => {
  const links = buildShareLinks(ORIGIN, post, 'Kerbside');

  it('shares the tagged post address on Facebook', () => {
    expect(links.facebook.startsWith('https://www.facebook.com/sharer/sharer.php?u=')).toBe(true);
    expect(param(links.facebook, 'u')).toBe(sharedPostUrl(ORIGIN, post, 'facebook'));
  });

  it('cuts the excerpt at 200 characters for X and LinkedIn', () => {
    expect(param(links.x, 'url')).toBe(sharedPostUrl(ORIGIN, post, 'x'));
    const text = param(links.x, 'text');
    expect(text.startsWith(`${post.title}\n\n`)).toBe(true);
    expect(text.length - post.title.length - 2).toBeLessThanOrEqual(200);
    expect(param(links.linkedin, 'summary').length).toBeLessThanOrEqual(200);
    expect(param(links.linkedin, 'summary').length).toBeGreaterThan(150);
    expect(param(links.linkedin, 'url')).toBe(sharedPostUrl(ORIGIN, post, 'linkedin'));
  });

  it('cuts it at 150 for WhatsApp, with the title and the link', () => {
    const text = param(links.whatsapp, 'text');
    const [title, excerpt, url] = text.split('\n\n');
    expect(title).toBe(`*${post.title}*`);
    expect(excerpt.length).toBeLessThanOrEqual(150);
    expect(excerpt.length).toBeGreaterThan(100);
    expect(url).toBe(sharedPostUrl(ORIGIN, post, 'whatsapp'));
  });

  it('cuts it at 300 for email, and writes spaces as %20 (not +) for mail apps', () => {
    expect(links.email.startsWith('mailto:?subject=Are%20fuel%20cards%20worth%20it%3F&body=')).toBe(true);
    const body = param(links.email, 'body');
    const [excerpt, signature] = body.split('\n\n');
    expect(excerpt.length).toBeLessThanOrEqual(300);
    expect(excerpt.length).toBeGreaterThan(250);
    expect(signature).toBe(`Read the discussion on Kerbside: ${sharedPostUrl(ORIGIN, post, 'email')}`);
  });

  it('gives native share and copy their own tagged addresses', () => {
    expect(links.native).toEqual({ title: post.title, text: cutExcerpt(post.excerpt, 200), url: sharedPostUrl(ORIGIN, post, 'native') });
    expect(links.copy).toBe(sharedPostUrl(ORIGIN, post, 'copy'));
  });

  it('shortens the X excerpt further so a long title still fits one post', () => {
    const long = { ...post, title: 'T'.repeat(140) };
    const text = xText(long);
    expect(text.length).toBeLessThanOrEqual(256);
    expect(text.startsWith(long.title)).toBe(true);
  });
});

describe('deviceTypeFor', () => {
  it('is mobile below 768, tablet below 1024, else desktop', () => {
    expect(deviceTypeFor(390)).toBe('mobile');
    expect(deviceTypeFor(767)).toBe('mobile');
    expect(deviceTypeFor(768)).toBe('tablet');
    expect(deviceTypeFor(1023)).toBe('tablet');
    expect(deviceTypeFor(1024)).toBe('desktop');
  });
});

describe('buildShareEvent', () => {
  it('builds the spec §3 Share event', () => {
    expect(
      buildShareEvent({ postId: 42, platform: 'copy', success: true, referrerUrl: 'https://kerbside.example/forum', width: 390 }),
    ).toEqual({
      postId: 42,
      platform: 'copy',
      shareMethod: 'clipboard',
      utmSource: 'copy',
      utmMedium: 'copy_link',
      utmCampaign: SHARE_CAMPAIGN,
      utmContent: 'post-42',
      referrerUrl: 'https://kerbside.example/forum',
      deviceType: 'mobile',
      success: true,
      errorMessage: null,
    });
    const failed = buildShareEvent({ postId: 1, platform: 'native', success: false, errorMessage: 'NotAllowedError: no', referrerUrl: '', width: 1280 });
    expect(failed).toMatchObject({ shareMethod: 'native', deviceType: 'desktop', success: false, errorMessage: 'NotAllowedError: no' });
  });
});
