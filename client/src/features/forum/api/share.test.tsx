import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { COPIED_MS, useShare } from './share';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const post = { id: 5, slug: 'a-post', title: 'A post', excerpt: 'Some words' };
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;

let events: unknown[];
beforeEach(() => {
  toast.mockReset();
  events = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      events.push(JSON.parse(String(init?.body)));
      return new Response('{"shareCount":1}', { status: 201 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'share');
});

const stubShare = (impl: () => Promise<void>) => Object.defineProperty(navigator, 'share', { value: vi.fn(impl), configurable: true });

describe('useShare', () => {
  it("says 'Shared successfully!' and records a successful native share", async () => {
    stubShare(async () => {});
    const { result } = renderHook(() => useShare(post), { wrapper });
    expect(result.current.canShareNatively).toBe(true);
    await act(() => result.current.shareNatively());
    expect(toast).toHaveBeenCalledWith({ title: 'Shared successfully!', variant: 'success' });
    expect(events[0]).toMatchObject({ postId: 5, platform: 'native', shareMethod: 'native', success: true, utmSource: 'native' });
  });

  it('stays quiet when the reader cancels the share sheet, but records the attempt', async () => {
    stubShare(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    const { result } = renderHook(() => useShare(post), { wrapper });
    await act(() => result.current.shareNatively());
    expect(toast).not.toHaveBeenCalled();
    expect(events[0]).toMatchObject({ platform: 'native', success: false, errorMessage: 'Share cancelled' });
  });

  it("says 'Share failed' when native share fails", async () => {
    stubShare(async () => {
      throw new DOMException('Not allowed', 'NotAllowedError');
    });
    const { result } = renderHook(() => useShare(post), { wrapper });
    await act(() => result.current.shareNatively());
    expect(toast).toHaveBeenCalledWith({ title: 'Share failed', description: 'Could not share the post. Please try again.', variant: 'destructive' });
  });

  it("copies the tagged link, says 'Link copied!' and shows Copied for 2 s", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { result } = renderHook(() => useShare(post), { wrapper });
    await act(() => result.current.copyLink());
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('/forum/posts/a-post?utm_source=copy&utm_medium=copy_link'));
    expect(toast).toHaveBeenCalledWith({ title: 'Link copied!', variant: 'success' });
    expect(result.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(COPIED_MS));
    expect(result.current.copied).toBe(false);
  });

  it("says 'Copy failed' when the clipboard refuses, and ignores a failed share record", async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) }, configurable: true });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('oops', { status: 500 })));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = renderHook(() => useShare(post), { wrapper });
    await act(() => result.current.copyLink());
    expect(toast).toHaveBeenCalledWith({ title: 'Copy failed', description: 'Could not copy link to clipboard.', variant: 'destructive' });
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });
});
