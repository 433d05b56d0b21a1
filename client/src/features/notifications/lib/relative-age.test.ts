import { describe, expect, it } from 'vitest';
import { relativeAge } from './relative-age';

const now = Date.parse('2026-06-15T12:00:00Z');
const before = (ms: number) => new Date(now - ms).toISOString();

describe('relativeAge', () => {
  it('reads like a person would say it', () => {
    expect(relativeAge(before(20_000), now)).toBe('just now');
    expect(relativeAge(before(-60_000), now)).toBe('just now');
    expect(relativeAge(before(60_000), now)).toBe('1 minute ago');
    expect(relativeAge(before(59 * 60_000), now)).toBe('59 minutes ago');
    expect(relativeAge(before(3_600_000), now)).toBe('1 hour ago');
    expect(relativeAge(before(5 * 3_600_000), now)).toBe('5 hours ago');
    expect(relativeAge(before(2 * 86_400_000), now)).toBe('2 days ago');
    expect(relativeAge('2026-03-01T10:00:00Z', now)).toBe('1 Mar');
    expect(relativeAge('2025-12-24T10:00:00Z', now)).toBe('24 Dec 2025');
    expect(relativeAge('nonsense', now)).toBe('');
  });
});
