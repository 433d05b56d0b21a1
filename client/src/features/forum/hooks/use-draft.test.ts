import { beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { setDeviceMember } from '@/lib/storage';
import { readDraft, useDraft, writeDraft } from './use-draft';

const EMPTY_POST = { title: '', categoryId: '', content: '' };
/** Where member 5's draft `key` is kept. */
const DRAFT_PREFIX = 'kerbside:member:5:draft:';

// Member 5 is signed in on this device (the app sets it from the user query: lib/session-end.ts).
beforeEach(() => setDeviceMember(5));

describe('useDraft', () => {
  it('saves as you type and restores after a refresh (a new mount)', () => {
    const first = renderHook(() => useDraft('new-post', EMPTY_POST));
    expect(first.result.current.restored).toBe(false);
    act(() => first.result.current.setValue((v) => ({ ...v, title: 'Van insurance' })));
    act(() => first.result.current.setValue((v) => ({ ...v, content: 'Who do you use?' })));
    expect(JSON.parse(localStorage.getItem(`${DRAFT_PREFIX}new-post`)!)).toEqual({ title: 'Van insurance', categoryId: '', content: 'Who do you use?' });
    first.unmount();

    const second = renderHook(() => useDraft('new-post', EMPTY_POST));
    expect(second.result.current.restored).toBe(true);
    expect(second.result.current.value).toEqual({ title: 'Van insurance', categoryId: '', content: 'Who do you use?' });
  });

  it('keeps the draft when sending fails and forgets it only on clear() after success', async () => {
    const { result } = renderHook(() => useDraft('comment:7', ''));
    act(() => result.current.setValue('Try the A14 instead'));

    // A send that fails: the caller does not clear, so the text stays, on screen and stored.
    const send = (ok: boolean) => (ok ? Promise.resolve() : Promise.reject(new Error('offline')));
    await act(() => send(false).then(result.current.clear, () => undefined));
    expect(result.current.value).toBe('Try the A14 instead');
    expect(readDraft('comment:7', '')).toBe('Try the A14 instead');

    await act(() => send(true).then(result.current.clear, () => undefined));
    expect(result.current.value).toBe('');
    expect(localStorage.getItem(`${DRAFT_PREFIX}comment:7`)).toBeNull();
  });

  it('keeps drafts apart by key and loads the right one when the key changes', () => {
    localStorage.setItem(`${DRAFT_PREFIX}comment:1`, JSON.stringify('for post one'));
    localStorage.setItem(`${DRAFT_PREFIX}comment:1:5`, JSON.stringify('reply to 5'));
    const { result, rerender } = renderHook(({ k }) => useDraft(k, ''), { initialProps: { k: 'comment:1' } });
    expect(result.current.value).toBe('for post one');
    rerender({ k: 'comment:1:5' });
    expect(result.current.value).toBe('reply to 5');
    rerender({ k: 'comment:2' });
    expect(result.current).toMatchObject({ value: '', restored: false });
  });

  it('does not keep an edit that went back to the original text, and discard() restores the original', () => {
    const { result } = renderHook(() => useDraft('edit-comment:3', 'original'));
    act(() => result.current.setValue('original, changed'));
    expect(readDraft('edit-comment:3', '')).toBe('original, changed');
    act(() => result.current.setValue('original'));
    expect(readDraft('edit-comment:3', '')).toBeNull();
    act(() => result.current.setValue('changed again'));
    act(() => result.current.discard());
    expect(result.current.value).toBe('original');
    expect(readDraft('edit-comment:3', '')).toBeNull();
  });

  it('ignores unreadable or foreign stored values', () => {
    localStorage.setItem(`${DRAFT_PREFIX}new-post`, '{not json');
    expect(renderHook(() => useDraft('new-post', EMPTY_POST)).result.current).toMatchObject({ value: EMPTY_POST, restored: false });
    localStorage.setItem(`${DRAFT_PREFIX}new-post`, JSON.stringify({ title: 42, content: 'kept', other: 'x' }));
    expect(renderHook(() => useDraft('new-post', EMPTY_POST)).result.current.value).toEqual({ title: '', categoryId: '', content: 'kept' });
    localStorage.setItem(`${DRAFT_PREFIX}c`, JSON.stringify(['x']));
    expect(renderHook(() => useDraft('c', '')).result.current.value).toBe('');
  });
});

describe('drafts on a shared phone (issue 18)', () => {
  it('are kept per member: another member signed in on the device sees none of them', () => {
    const a = renderHook(() => useDraft('comment:7', ''));
    act(() => a.result.current.setValue("A's reply"));
    a.unmount();
    expect(localStorage.getItem('kerbside:member:5:draft:comment:7')).toBe(JSON.stringify("A's reply"));

    setDeviceMember(6);
    const b = renderHook(() => useDraft('comment:7', ''));
    expect(b.result.current).toMatchObject({ value: '', restored: false });
    act(() => b.result.current.setValue("B's reply"));
    b.unmount();

    setDeviceMember(5);
    expect(readDraft('comment:7', '')).toBe("A's reply");
    setDeviceMember(6);
    expect(readDraft('comment:7', '')).toBe("B's reply");
  });

  it('are not kept for a guest (nobody signed in on the device)', () => {
    setDeviceMember(null);
    const { result } = renderHook(() => useDraft('comment:7', ''));
    act(() => result.current.setValue('typed'));
    expect(result.current.value).toBe('typed');
    writeDraft('new-post', { ...EMPTY_POST, title: 'x' });
    expect(localStorage.length).toBe(0);
  });

  it('ignore the drafts kept before they were per member (whose they are is unknown)', () => {
    localStorage.setItem('kerbside:draft:comment:7', JSON.stringify('from before'));
    expect(renderHook(() => useDraft('comment:7', '')).result.current).toMatchObject({ value: '', restored: false });
  });
});
