import { describe, expect, it } from 'vitest';
import { plural, truncateTitle } from './format';

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
