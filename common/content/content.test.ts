import { describe, expect, it } from 'vitest';
import { CONTENT_PAGES, COURIER_GUIDE, PAY_ESTIMATOR_PAGE, PRIVACY } from './index';
import { allBlocks, parseInline, wordCount, type ContentPage } from './types';

const pages: ContentPage[] = [...new Set(Object.values(CONTENT_PAGES))];

describe('content pages', () => {
  it.each(pages.map((p) => [p.path, p] as const))('%s has a head fit for search results and unique anchors', (_path, page) => {
    expect(page.description.length).toBeGreaterThan(50);
    expect(page.description.length).toBeLessThanOrEqual(160);
    expect(page.lastReviewed).toBe('2026-11-22');
    const ids = page.sections.flatMap((s) => [s.id, ...(s.subsections ?? []).map((sub) => sub.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+$/);
  });

  it('every link goes to a known page, an anchor on the page or an https site', () => {
    const known = new Set([...Object.keys(CONTENT_PAGES), '/pay-estimator', '/support', '/forum', '/profile', '/areas', '/tags']);
    for (const page of pages) {
      const texts = [...page.intro, ...allBlocks(page).flatMap((b) => (b.type === 'list' ? b.items : b.type === 'table' ? [b.caption, ...b.rows.flat()] : [b.text]))];
      for (const t of texts) {
        for (const part of parseInline(t)) {
          if (!part.href) continue;
          if (part.href.startsWith('https://')) continue;
          const [path] = part.href.split('#');
          expect(known.has(path), `${page.path}: ${part.href}`).toBe(true);
        }
      }
    }
  });

  it('the guide is substantial and dated', () => {
    expect(wordCount(COURIER_GUIDE)).toBeGreaterThanOrEqual(3000);
    expect(COURIER_GUIDE.toc).toBe(true);
  });

  it('covers every content route, with privacy one page at both addresses', () => {
    expect(Object.keys(CONTENT_PAGES).sort()).toEqual(['/community-guidelines', '/courier-guide-uk', '/pay-estimator', '/privacy', '/privacy-policy', '/terms']);
    expect(CONTENT_PAGES['/privacy-policy']).toBe(PRIVACY);
    expect(CONTENT_PAGES['/pay-estimator']).toBe(PAY_ESTIMATOR_PAGE);
  });
});
