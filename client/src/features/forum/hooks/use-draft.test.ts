import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { DRAFT_PREFIX, readDraft, useDraft } from './use-draft';

const EMPTY_POST = { title: '', categoryId: '', content: '' };

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
