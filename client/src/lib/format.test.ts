import { describe, expect, it } from 'vitest';
import { formatAge, plural, truncateTitle } from './format';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const H = 3_600_000;

describe('formatAge', () => {
  it('says less than an hour under one hour (and for clock skew)', () => {
    expect(formatAge(ago(0), NOW)).toBe('less than an hour ago');
    expect(formatAge(ago(59 * 60_000), NOW)).toBe('less than an hour ago');
    expect(formatAge(ago(-5 * 60_000), NOW)).toBe('less than an hour ago');
  });

  it('counts hours under 24 h', () => {
    expect(formatAge(ago(H), NOW)).toBe('1 hour ago');
    expect(formatAge(ago(5 * H + 30 * 60_000), NOW)).toBe('5 hours ago');
    expect(formatAge(ago(23 * H + 59 * 60_000), NOW)).toBe('23 hours ago');
  });

  it('counts days from 24 h', () => {
    expect(formatAge(ago(24 * H), NOW)).toBe('1 day ago');
    expect(formatAge(ago(47 * H), NOW)).toBe('1 day ago');
    expect(formatAge(ago(4 * 24 * H), NOW)).toBe('4 days ago');
  });

  it('is empty for an invalid date', () => {
    expect(formatAge('not a date', NOW)).toBe('');
  });
});

describe('truncateTitle', () => {
  it('keeps titles of up to 80 characters', () => {
    const t = 'x'.repeat(80);
    expect(truncateTitle(t)).toBe(t);
    expect(truncateTitle('Short')).toBe('Short');
  });

  it('cuts longer titles at 80 characters with an ellipsis', () => {
    const t = 'a'.repeat(100);
    expect(truncateTitle(t)).toBe(`${'a'.repeat(80)}…`);
  });

  it('does not leave a space before the ellipsis', () => {
    const t = `${'a'.repeat(79)} bcdefgh`;
    expect(truncateTitle(t)).toBe(`${'a'.repeat(79)}…`);
  });
});

describe('plural', () => {
  it('picks reply or replies', () => {
    expect(plural(0, 'reply', 'replies')).toBe('0 replies');
    expect(plural(1, 'reply', 'replies')).toBe('1 reply');
    expect(plural(1234, 'view', 'views')).toBe('1,234 views');
  });
});
