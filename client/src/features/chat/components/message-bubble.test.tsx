import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import type { ChatMessage } from '../lib/messages';
import { MessageBubble } from './message-bubble';

const photo = {
  id: 'abcdefghij0123456789',
  src: '/uploads/abcdefghij0123456789/full.jpg',
  srcset: '/uploads/abcdefghij0123456789/w320.webp 320w, /uploads/abcdefghij0123456789/full.webp 600w',
  width: 600,
  height: 800,
};
const message = (over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 7,
  conversationId: 3,
  senderId: 2,
  content: 'Parcel came like this',
  createdAt: '2026-06-01T09:30:00.000Z',
  photo: null,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

const bubble = (m: ChatMessage, props: Partial<Parameters<typeof MessageBubble>[0]> = {}) =>
  renderWithProviders(
    <ol>
      <MessageBubble message={m} mine={false} {...props} />
    </ol>,
  );

describe('MessageBubble', () => {
  it('shows a photo as a thumbnail above the text, its size known before it loads', () => {
    bubble(message({ photo }));
    const img = screen.getByRole('img', { name: 'Photo' });
    expect(img.getAttribute('src')).toBe(photo.src);
    expect(img.getAttribute('srcset')).toBe(photo.srcset);
    expect(img.getAttribute('sizes')).toBe('240px');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['600', '800']);
    expect(img.getAttribute('loading')).toBe('lazy');
    const text = screen.getByText('Parcel came like this');
    expect(img.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('a photo alone has no empty text paragraph', () => {
    const { container } = bubble(message({ photo, content: '' }));
    expect(screen.getByRole('img', { name: 'Photo' })).toBeTruthy();
    // Only the time line.
    expect([...container.querySelectorAll('p')].map((p) => p.textContent?.trim())).toEqual([expect.stringMatching(/^\d\d:\d\d$/)]);
  });

  it('a tap on the thumbnail opens the photo', async () => {
    const onOpenPhoto = vi.fn();
    const m = message({ photo });
    bubble(m, { onOpenPhoto });
    await userEvent.click(screen.getByRole('button', { name: 'Open photo' }));
    expect(onOpenPhoto).toHaveBeenCalledWith(m);
  });

  it('no photo, no thumbnail', () => {
    bubble(message());
    expect(screen.queryByRole('img', { name: 'Photo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open photo' })).toBeNull();
  });

  it("offers Report on the other member's messages only, once the server has them", () => {
    const { unmount } = bubble(message(), { reportAs: 'sam' });
    expect(screen.getByRole('button', { name: "Report sam's message" })).toBeTruthy();
    unmount();
    bubble(message(), { mine: true, reportAs: 'sam' });
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
  });

  it('Report sends a message report with the reason', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ id: 1, message: 'Report sent' }), { status: 201 });
      }),
    );
    bubble(message(), { reportAs: 'sam' });
    await userEvent.click(screen.getByRole('button', { name: "Report sam's message" }));
    const dialog = await screen.findByRole('dialog', { name: "Report sam's message" });
    await userEvent.type(screen.getByLabelText('Reason'), 'Threatening me over a parcel');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(bodies).toEqual([{ targetType: 'message', targetId: 7, reason: 'Threatening me over a parcel' }]));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('a message still being sent (no id from the server yet) cannot be reported', () => {
    bubble(message({ id: 'temp-1', pending: true }), { reportAs: 'sam' });
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
  });
});
