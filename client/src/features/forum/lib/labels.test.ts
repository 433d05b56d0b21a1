import { describe, expect, it } from 'vitest';
import { alertBadge, alertUntil, areaPath, tagPath } from './labels';

// Issue 32: the addresses of tags and areas, and an alert's words.

describe('labels', () => {
  it('writes a tag page by slug and an area page in capitals', () => {
    expect(tagPath('royal-mail')).toBe('/tags/royal-mail');
    expect(areaPath('ls')).toBe('/areas/LS');
  });

  it("names an alert's kind as its badge", () => {
    expect(alertBadge('van_theft')).toBe('Van theft alert');
    expect(alertBadge('road_closure')).toBe('Road closure or works alert');
  });

  it("says until when an alert shows, in London's clock: the time today, the date and time later, Expired once past", () => {
    // 10:00 in London (BST) on 1 June 2026.
    const now = Date.parse('2026-06-01T09:00:00Z');
    expect(alertUntil('2026-06-01T13:05:00Z', now)).toEqual({ expired: false, text: 'until 14:05' });
    expect(alertUntil('2026-06-02T07:30:00Z', now)).toEqual({ expired: false, text: 'until 2 Jun, 08:30' });
    expect(alertUntil('2026-06-01T08:59:00Z', now)).toEqual({ expired: true, text: 'Expired' });
    expect(alertUntil('2026-06-01T09:00:00Z', now).expired).toBe(true);
  });
});
