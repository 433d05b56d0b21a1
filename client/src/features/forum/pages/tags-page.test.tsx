import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TTag } from '@common/contracts/labels';
import { LABEL_MSG } from '@common/rules/labels';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { testUser } from '@/test/users';
import { TagsPage } from './tags-page';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

// Issue 32: /tags lists the networks, then the topics, each tag a link to its page with its count; a
// verified member follows one from here.

const tag = (id: number, slug: string, name: string, kind: TTag['kind'], postCount: number): TTag => ({ id, slug, name, kind, description: '', postCount });
const TAGS = [tag(1, 'dpd', 'DPD', 'network', 4), tag(2, 'evri', 'Evri', 'network', 1), tag(3, 'ulez', 'ULEZ', 'topic', 0)];

/** The API as the server keeps it: a follow changes what GET /api/follows/labels answers next. */
function stub(user: ReturnType<typeof testUser> | null) {
  const follows = new Set(['dpd']);
  return stubApi(({ method, path }) => {
    if (path === '/api/auth/user') return user ? { body: user } : { status: 401, body: { message: 'Not signed in' } };
    if (path === '/api/tags') return { body: { tags: TAGS } };
    if (path === '/api/follows/labels') return { body: { tags: [...follows].sort(), areas: [] } };
    const follow = /^\/api\/tags\/([a-z]+)\/follow$/.exec(path);
    if (follow) {
      if (method === 'PUT') follows.add(follow[1]!);
      else follows.delete(follow[1]!);
      return { body: { following: method === 'PUT', message: method === 'PUT' ? LABEL_MSG.following : LABEL_MSG.notFollowing } };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
}

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('TagsPage', () => {
  it('groups the tags under Networks and Topics, each a link to its page with its count', async () => {
    stub(null);
    renderWithProviders(<TagsPage />, { route: '/tags' });
    const networks = await screen.findByRole('region', { name: 'Networks' });
    const topics = screen.getByRole('region', { name: 'Topics' });
    expect(within(networks).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['DPD', '/tags/dpd'],
      ['Evri', '/tags/evri'],
    ]);
    expect(within(networks).getByText('4 posts')).toBeTruthy();
    expect(within(networks).getByText('1 post')).toBeTruthy();
    expect(within(topics).getByRole('link', { name: 'ULEZ' }).getAttribute('href')).toBe('/tags/ulez');
    expect(within(topics).getByText('0 posts')).toBeTruthy();
    // A guest has nothing to follow with here.
    expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
  });

  it("shows a verified member what they follow, and follows a tag with the server's words as the toast", async () => {
    const calls = stub(testUser());
    renderWithProviders(<TagsPage />, { route: '/tags' });
    expect((await screen.findByRole('button', { name: 'Following DPD' })).getAttribute('aria-pressed')).toBe('true');
    const evri = screen.getByRole('button', { name: 'Follow Evri' });
    expect(evri.getAttribute('aria-pressed')).toBe('false');

    await userEvent.setup().click(evri);
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: LABEL_MSG.following, variant: 'success' })));
    expect(calls).toContainEqual({ method: 'PUT', path: '/api/tags/evri/follow' });
    // Still following once the list is read again.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/follows/labels')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Following Evri' }).getAttribute('aria-pressed')).toBe('true');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Following DPD' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: LABEL_MSG.notFollowing })));
    expect(calls).toContainEqual({ method: 'DELETE', path: '/api/tags/dpd/follow' });
    expect(screen.getByRole('button', { name: 'Follow DPD' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('puts the toggle back and says why when the server refuses', async () => {
    stubApi(({ path }) => {
      if (path === '/api/auth/user') return { body: testUser() };
      if (path === '/api/tags') return { body: { tags: TAGS } };
      if (path === '/api/follows/labels') return { body: { tags: [], areas: [] } };
      return { status: 403, body: { message: 'Verify your email first' } };
    });
    renderWithProviders(<TagsPage />, { route: '/tags' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Follow Evri' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: 'Verify your email first', variant: 'destructive' })));
    expect(screen.getByRole('button', { name: 'Follow Evri' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('offers no toggle to a member who has not verified their email', async () => {
    const calls = stub(testUser({ emailVerified: false }));
    renderWithProviders(<TagsPage />, { route: '/tags' });
    await screen.findByRole('link', { name: 'Evri' });
    expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
    expect(calls.some((c) => c.path === '/api/follows/labels')).toBe(false);
  });
});
