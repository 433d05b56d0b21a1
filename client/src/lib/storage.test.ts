import { describe, expect, it } from 'vitest';
import { consumeReturnTo, isSafeReturnPath, peekReturnTo, rememberReturnTo } from './storage';

describe('returnTo', () => {
  it('remembers a same-site path once', () => {
    rememberReturnTo('/inbox/3?x=1');
    expect(peekReturnTo()).toBe('/inbox/3?x=1');
    expect(consumeReturnTo()).toBe('/inbox/3?x=1');
    expect(consumeReturnTo()).toBeNull();
  });

  it('never remembers another site', () => {
    for (const p of ['//evil.example', 'https://evil.example', '/\\evil.example', '']) {
      expect(isSafeReturnPath(p)).toBe(false);
      rememberReturnTo(p);
      expect(peekReturnTo()).toBeNull();
    }
  });
});
