import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createQueryClient } from '@/lib/query-client';
import { stubApi } from '@/test/stub-api';
import { renderAppAt } from '@/test/render';
import { testUser } from '@/test/users';

// Issue 28: a moderator opening an admin-only page is told it is admins' only (with the way to their own
// tools), not shown the 404 page; a member still finds no such page.

/** The given user signed in; no maintenance; every other call an empty answer. */
function signedIn(user: ReturnType<typeof testUser>) {
  stubApi(({ path }) => {
    if (path === '/api/auth/user') return { body: user };
    if (path === '/api/maintenance/status') return { body: { maintenanceMode: false, message: '' } };
    return { status: 404, body: { message: 'Not found' } };
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('an admin-only page', () => {
  it('tells a moderator it is for admins, with a link to Moderation, not the 404 page', async () => {
    signedIn(testUser({ username: 'dave_multidrop', isModerator: true }));
    renderAppAt('/admin/emails', createQueryClient());
    expect(await screen.findByRole('heading', { level: 1, name: 'Admins only' })).toBeTruthy();
    expect(screen.getByText('This page is for admins. As a moderator, you look after posts, comments and reports from Moderation.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Moderation' }).getAttribute('href')).toBe('/admin/moderation');
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Admins only | Kerbside'));
  });

  it('is what a moderator sees on /admin/members too (issue 30: the walk found the 404 page there)', async () => {
    signedIn(testUser({ username: 'dave_multidrop', isModerator: true }));
    renderAppAt('/admin/members', createQueryClient());
    expect(await screen.findByRole('heading', { level: 1, name: 'Admins only' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
  });

  it('is still the 404 page for a member', async () => {
    signedIn(testUser());
    renderAppAt('/admin/emails', createQueryClient());
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admins only' })).toBeNull();
  });
});
