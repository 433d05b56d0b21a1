import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@/lib/router';
import { USER_QUERY_KEY } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { testUser } from '@/test/users';
import { OnboardingPage } from './onboarding-page';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const member = testUser({ onboarded: false });

function stubFetch() {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/user') return new Response(JSON.stringify(member));
      if (url === '/api/onboarding') {
        const body = JSON.parse(String(init?.body)) as Record<string, string>;
        posts.push(body);
        return new Response(JSON.stringify({ ...member, ...body, onboarded: true }));
      }
      return new Response('{"message":"Not found"}', { status: 404 });
    }),
  );
  return posts;
}

async function renderPage() {
  const r = renderWithProviders(
    <Routes>
      <Route path="/onboarding" element={<OnboardingPage />} />
      <Route path="/forum" element={<p>Forum list</p>} />
    </Routes>,
    { route: '/onboarding' },
  );
  await screen.findByRole('heading', { name: 'Welcome, Sam!' });
  return r;
}

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('OnboardingPage', () => {
  it('says when the status is too long and sends nothing', async () => {
    const posts = stubFetch();
    await renderPage();
    const status = screen.getByLabelText(/Status/);
    expect(status.getAttribute('placeholder')).toBe('e.g. Multi-drop, Leeds depot');
    await userEvent.click(status);
    await userEvent.paste('x'.repeat(101));
    expect(await screen.findByText('Status must be at most 100 characters')).toBeTruthy();
    expect(screen.getByText('101/100')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(posts).toEqual([]);
    await userEvent.keyboard('{Backspace}');
    await waitFor(() => expect(screen.queryByText('Status must be at most 100 characters')).toBeNull());
  });

  it('saves the chosen avatar and status, updates the user and goes to the forum', async () => {
    const posts = stubFetch();
    const { queryClient } = await renderPage();
    await userEvent.click(screen.getByRole('radio', { name: 'Van Delivery' }));
    await userEvent.type(screen.getByLabelText(/Status/), '  Multi-drop, Leeds depot ');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Forum list')).toBeTruthy();
    expect(posts).toEqual([{ avatar: 'van', statusText: 'Multi-drop, Leeds depot' }]);
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toMatchObject({ avatar: 'van', onboarded: true });
  });

  it('skips with an empty body', async () => {
    const posts = stubFetch();
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByText('Forum list')).toBeTruthy();
    expect(posts).toEqual([{}]);
  });
});
