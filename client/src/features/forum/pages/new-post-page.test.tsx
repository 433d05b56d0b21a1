import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { offlineWrites, PENDING_TEXT } from '@/lib/offline-writes';
import { Route, Routes } from '@/lib/router';
import { setDeviceMember } from '@/lib/storage';
import { renderWithProviders } from '@/test/render';
import { testUser } from '@/test/users';
import { NEW_POST_DRAFT_KEY, NewPostPage } from './new-post-page';
import { readDraft } from '../hooks/use-draft';
import { EMPTY_POST } from '../components/post-editor';

// A post written without a signal (issue 16): kept on the device, noticed as pending on /forum/new,
// published once back online; a refusal comes back to the editor to fix.

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const me = testUser();
const categories = [{ id: 3, name: 'Vans', slug: 'vans', description: '', postCount: 0, color: null, icon: null }];

function stubApi(answer: (body: Record<string, unknown>) => Response) {
  const posts: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/user') return new Response(JSON.stringify(me));
      if (url.startsWith('/api/forum/categories')) return new Response(JSON.stringify(categories));
      if (url === '/api/forum/posts' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        posts.push(body);
        return answer(body);
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return posts;
}

async function writePost() {
  renderWithProviders(
    <Routes>
      <Route path="/forum/new" element={<NewPostPage />} />
    </Routes>,
    { route: '/forum/new' },
  );
  await userEvent.type(await screen.findByLabelText('Title'), 'Which van for multi-drop?');
  await waitFor(() => expect(screen.getByRole('option', { name: 'Vans' })).toBeTruthy());
  await userEvent.selectOptions(screen.getByLabelText('Category'), '3');
  await userEvent.type(screen.getByLabelText('Your post'), 'Thinking of a Transit Custom, any thoughts?');
  await userEvent.click(screen.getByRole('button', { name: 'Publish Post' }));
}

// Drafts are kept for the member signed in on the device (lib/session-end.ts followDeviceMember sets it in the app).
beforeEach(() => setDeviceMember(me.id));

afterEach(async () => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'onLine');
  for (const w of offlineWrites.getSnapshot()) await offlineWrites.discard(w.clientId);
});

const goOffline = (offline: boolean) => Object.defineProperty(navigator, 'onLine', { value: !offline, configurable: true });

describe('/forum/new without a signal', () => {
  it('keeps the post, says it will be published when back online, and frees the editor', async () => {
    const sent = stubApi(() => new Response('{}', { status: 500 }));
    goOffline(true);
    await writePost();
    const notice = await screen.findByRole('region', { name: 'Your post, not published yet' });
    expect(within(notice).getByText('Which van for multi-drop?')).toBeTruthy();
    expect(within(notice).getByRole('status').textContent).toBe(PENDING_TEXT.body);
    expect(toast).toHaveBeenCalledWith({ title: PENDING_TEXT.title, description: PENDING_TEXT.body });
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(''));
    expect(readDraft(NEW_POST_DRAFT_KEY, EMPTY_POST)).toBeNull(); // the text is in one place: the queue
    expect(sent).toEqual([]);
    expect(offlineWrites.getSnapshot()[0]).toMatchObject({ kind: 'post', userId: me.id, body: { title: 'Which van for multi-drop?', categoryId: 3 } });
  });

  it('a refused post comes back to the editor with its reason', async () => {
    goOffline(true);
    stubApi(() => new Response(JSON.stringify({ message: 'Please choose a category' }), { status: 400 }));
    await writePost();
    const notice = await screen.findByRole('region', { name: 'Your post, not published yet' });
    goOffline(false);
    await userEvent.click(within(notice).getByRole('button', { name: 'Try now' }));
    await waitFor(() => expect(within(notice).getByRole('alert').textContent).toBe('Not published: Please choose a category'));
    await userEvent.click(within(notice).getByRole('button', { name: 'Edit and try again' }));
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Which van for multi-drop?'));
    expect((screen.getByLabelText('Your post') as HTMLTextAreaElement).value).toBe('Thinking of a Transit Custom, any thoughts?');
    expect(screen.queryByRole('region', { name: 'Your post, not published yet' })).toBeNull();
  });
});
