import { describe, expect, it } from 'vitest';
import { consumeReturnTo, deviceMember, dropUnscopedDrafts, forgetMemberStorage, isSafeReturnPath, memberStorage, peekReturnTo, rememberReturnTo, setDeviceMember } from './storage';

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

describe('member storage (issue 18: shared phones)', () => {
  it('keeps each member’s things under their id; forgetting one member leaves the others and the device’s own', () => {
    setDeviceMember(31);
    expect(deviceMember()).toBe(31);
    memberStorage.set('draft:a', 'x');
    memberStorage.set('chat-outbox', '[]', 32);
    localStorage.setItem('kerbside:member:310:draft:a', 'not 31');
    localStorage.setItem('welcomeBannerDismissed', '1');
    expect(memberStorage.get('draft:a')).toBe('x');
    expect(memberStorage.get('draft:a', 32)).toBeNull();

    forgetMemberStorage(31);
    expect(Object.keys(localStorage).sort()).toEqual(['deviceMember', 'kerbside:member:310:draft:a', 'kerbside:member:32:chat-outbox', 'welcomeBannerDismissed']);
  });

  it('keeps nothing with nobody signed in, and ignores a marker that is not a member id', () => {
    memberStorage.set('draft:a', 'x');
    expect(localStorage.length).toBe(0);
    localStorage.setItem('deviceMember', 'guest');
    expect(deviceMember()).toBeNull();
  });

  it('drops the drafts and outbox kept before they were per member', () => {
    localStorage.setItem('kerbside:draft:new-post', '"x"');
    localStorage.setItem('chat:draft:3', 'y');
    localStorage.setItem('chat:outbox', '[]');
    localStorage.setItem('kerbside:member:31:draft:a', '"kept"');
    dropUnscopedDrafts();
    expect(Object.keys(localStorage)).toEqual(['kerbside:member:31:draft:a']);
  });
});

