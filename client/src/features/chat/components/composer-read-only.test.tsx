import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { TUser } from '@common/contracts/auth';
import { renderWithProviders } from '@/test/render';
import { testUser } from '@/test/users';
import { Composer } from './composer';

// Issue 18: during maintenance the chat box rests with the reason (the socket would refuse the send);
// an admin's does not.

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

function renderComposer(user: TUser) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/auth/user' ? json(user) : json({ maintenanceMode: true, message: '' }))),
  );
  const onSend = vi.fn(async () => ({ ok: true }));
  return { ...renderWithProviders(<Composer conversationId={7} sending={false} onSend={onSend} />), onSend };
}

const box = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
const send = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });

afterEach(() => vi.unstubAllGlobals());

describe('Composer during maintenance', () => {
  it("a member's box and Send are disabled, the hint saying why", async () => {
    renderComposer(testUser());
    await waitFor(() => expect(box().disabled).toBe(true));
    expect(send().disabled).toBe(true);
    const hint = document.getElementById(box().getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toBe('Kerbside is read-only during maintenance.');
  });

  it("an admin's box stays live", async () => {
    const { queryClient } = renderComposer(testUser({ isAdmin: true }));
    await waitFor(() => expect(queryClient.getQueryData(['/api/auth/user'])).toBeTruthy());
    await waitFor(() => expect(queryClient.getQueryData(['/api/maintenance/status'])).toBeTruthy());
    expect(box().disabled).toBe(false);
  });
});
