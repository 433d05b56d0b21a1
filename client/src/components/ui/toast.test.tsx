import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate } from '@/lib/router';
import { dismissToast, NAVIGATION_GRACE_MS, toast, Toaster, toastSide, useToast } from './toast';

// Issue 18: on a phone a toast covered the control just used, and outlived the page it was about.

let list: ReturnType<typeof useToast>['toasts'] = [];
let go: (to: string) => void = () => {};
function Probe() {
  list = useToast().toasts;
  const navigate = useNavigate();
  go = (to) => navigate(to);
  return null;
}

function renderToaster() {
  render(
    <MemoryRouter initialEntries={['/verify-email']}>
      <Toaster />
      <Probe />
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  act(() => dismissToast());
});

describe('toastSide', () => {
  it('puts the toast at the top when the control is in the lower half, at the bottom otherwise', () => {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(844);
    expect(toastSide(700)).toBe('top'); // a vote button or the reply box low on a phone
    expect(toastSide(200)).toBe('bottom');
    expect(toastSide(null)).toBe('bottom');
  });

  it('reads the control from the focused element', () => {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(844);
    const button = document.createElement('button');
    document.body.append(button);
    vi.spyOn(button, 'getBoundingClientRect').mockReturnValue({ top: 780, height: 44, bottom: 824, left: 0, right: 44, width: 44, x: 0, y: 780, toJSON: () => ({}) });
    button.focus();
    act(() => void toast({ title: 'Login required' }));
    renderToaster();
    expect(list[0]?.side).toBe('top');
    button.remove();
  });

  it('follows the last tap when nothing is being typed in (a tapped button keeps no focus in Safari)', () => {
    // A MouseEvent stands in for the tap: jsdom has no PointerEvent.
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(844);
    window.dispatchEvent(new MouseEvent('pointerdown', { clientY: 760 }));
    act(() => void toast({ title: 'Vote recorded' }));
    renderToaster();
    expect(list[0]?.side).toBe('top');
    window.dispatchEvent(new MouseEvent('pointerdown', { clientY: 120 }));
    act(() => void toast({ title: 'Vote removed' }));
    expect(list[0]?.side).toBe('bottom');
  });

  it('follows the field being typed in, wherever the last tap was', () => {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(844);
    window.dispatchEvent(new MouseEvent('pointerdown', { clientY: 100 }));
    const box = document.createElement('textarea');
    document.body.append(box);
    vi.spyOn(box, 'getBoundingClientRect').mockReturnValue({ top: 600, height: 120, bottom: 720, left: 0, right: 390, width: 390, x: 0, y: 600, toJSON: () => ({}) });
    box.focus();
    act(() => void toast({ title: 'Comment posted' }));
    renderToaster();
    expect(list[0]?.side).toBe('top');
    box.remove();
  });
});

describe('Toaster on navigation', () => {
  it('clears a toast shown on the page before', () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    renderToaster();
    act(() => void toast({ title: 'Verification failed', variant: 'destructive' }));
    expect(list[0]?.open).toBe(true);
    now.mockReturnValue(1_000_000 + NAVIGATION_GRACE_MS + 1);
    act(() => go('/onboarding'));
    expect(list[0]?.open).toBe(false);
  });

  it('keeps the toast that announces the move ("Post published", then the post)', () => {
    vi.spyOn(Date, 'now').mockReturnValue(2_000_000);
    renderToaster();
    act(() => {
      toast({ title: 'Post published', variant: 'success' });
      go('/forum/posts/new-one');
    });
    expect(list[0]?.open).toBe(true);
  });

  it('keeps toasts when only the query changes (a search, a page of the list)', () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(3_000_000);
    renderToaster();
    act(() => void toast({ title: 'Vote recorded' }));
    now.mockReturnValue(3_000_000 + NAVIGATION_GRACE_MS + 1);
    act(() => go('/verify-email?page=2'));
    expect(list[0]?.open).toBe(true);
  });
});
