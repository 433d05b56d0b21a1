import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from '@/lib/router';
import { USER_QUERY_KEY } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { MessageButton } from './message-button';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const me = { id: 1, username: 'sam', firstName: 'Sam', lastName: 'D', email: 's@x.co', isAdmin: false, avatar: 'van' };
type Me = typeof me & { chatSuspended?: boolean };

function stubFetch(user: Me | null, start: () => Response) {
  const calls: { url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/auth/user') return user ? new Response(JSON.stringify(user)) : new Response('{"message":"Not signed in"}', { status: 401 });
      return start();
    }),
  );
  return calls;
}

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

async function renderButton(user: Me | null, recipientId: number) {
  const r = renderWithProviders(
    <>
      <Routes>
        <Route path="*" element={<MessageButton recipientId={recipientId} recipientName="@alex" />} />
      </Routes>
      <Where />
    </>,
    { route: '/directory/users' },
  );
  await waitFor(() => expect(r.queryClient.getQueryData(USER_QUERY_KEY)).toEqual(user));
  return r;
}

const click = () => userEvent.click(screen.getByRole('button', { name: 'Message @alex' }));
const where = () => screen.getByTestId('where').textContent;

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('MessageButton', () => {
  it('asks a guest to log in and calls nothing', async () => {
    const calls = stubFetch(null, () => new Response('{}'));
    await renderButton(null, 2);
    await click();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Authentication Required', description: 'Please log in to send messages.' }));
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/user']);
  });

  it('refuses to message yourself', async () => {
    const calls = stubFetch(me, () => new Response('{}'));
    await renderButton(me, me.id);
    await click();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Cannot Message Yourself', description: 'You cannot send a message to yourself.' }),
    );
    expect(calls.some((c) => c.url === '/api/chat/start')).toBe(false);
  });

  it('chat-suspended (issue 18): no Message button at all', async () => {
    const suspended = { ...me, chatSuspended: true };
    const calls = stubFetch(suspended, () => new Response('{}'));
    await renderButton(suspended, 2);
    expect(screen.queryByRole('button', { name: 'Message @alex' })).toBeNull();
    expect(screen.queryByText('Message')).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/user']);
  });

  it('starts the chat and opens it', async () => {
    const calls = stubFetch(me, () => new Response(JSON.stringify({ conversationId: 42 })));
    await renderButton(me, 2);
    await click();
    await waitFor(() => expect(where()).toBe('/inbox/42'));
    expect(calls.find((c) => c.url === '/api/chat/start')?.body).toEqual({ recipientId: 2 });
  });

  it('goes to the inbox while the chat API does not exist yet', async () => {
    stubFetch(me, () => new Response('{"message":"Not found"}', { status: 404 }));
    await renderButton(me, 2);
    await click();
    await waitFor(() => expect(where()).toBe('/inbox'));
    expect(toast).not.toHaveBeenCalled();
  });

  it('words a refusal of chat access as spec §4 does (by its chatAccess reason), other errors as Chat Error', async () => {
    stubFetch(me, () => new Response('{"message":"Email verification required to use chat","chatAccess":"verification"}', { status: 403 }));
    await renderButton(me, 2);
    await click();
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Chat Feature Suspended', description: 'Your chat feature has been suspended by an administrator.' }),
      ),
    );
    expect(where()).toBe('/directory/users');

    vi.unstubAllGlobals();
    stubFetch(me, () => new Response('', { status: 500 }));
    await click();
    await waitFor(() => expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Chat Error', description: 'Failed to start conversation' })));

    // A refusal that is not about access (a block) shows the server's words under Chat Error.
    vi.unstubAllGlobals();
    stubFetch(me, () => new Response('{"message":"You cannot message this member."}', { status: 403 }));
    await click();
    await waitFor(() => expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Chat Error', description: 'You cannot message this member.' })));
  });
});
