import type { TAdSlot } from '@common/contracts/ads';

/** An ad of GET /api/ads/slots's shape (a native one, with nothing to show yet); override what the test is about. */
export function testAd(overrides: Partial<TAdSlot> = {}): TAdSlot {
  return {
    id: 1,
    location: 'forum-header',
    position: 0,
    isActive: true,
    adType: 'native',
    adSlotId: null,
    customHtml: null,
    width: null,
    height: null,
    isResponsive: true,
    deviceTarget: 'any',
    title: null,
    body: null,
    linkUrl: null,
    imageUrl: null,
    ...overrides,
  };
}
