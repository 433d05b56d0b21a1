import { describe, expect, it } from 'vitest';
import { formatNumber, plural, truncateTitle } from './format';

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

describe('formatNumber', () => {
  it('writes what Intl.NumberFormat en-GB writes: commas between thousands, up to three decimals', () => {
    const intl = new Intl.NumberFormat('en-GB');
    for (const n of [0, 1, 12, 999, 1000, 1234, 12345, 123456, 1234567, 1000000, 2.5, 0.1, 12.3456, 1234.5678, -1, -1234, -0.5, 0.0004, 9_007_199_254_740_991]) {
      expect(formatNumber(n), String(n)).toBe(intl.format(n));
    }
  });
});
