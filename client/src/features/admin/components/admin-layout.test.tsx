import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { TUser } from '@common/contracts/auth';
import { getUserQueryOptions } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { ADMIN_SECTIONS, AdminLayout, adminSectionsFor } from './admin-layout';

// The admin area per role (issue 18): a moderator sees only the sections the server lets them use.

const user = (role: 'member' | 'moderator' | 'admin'): TUser => ({
  id: 1,
  firstName: 'Sam',
  lastName: 'Driver',
  username: 'sam',
  email: 'sam@example.test',
  isAdmin: role === 'admin',
  isModerator: role === 'moderator',
  avatar: 'van',
  statusText: '',
  emailVerified: true,
  chatSuspended: false,
  onboarded: true,
  createdAt: '2026-01-10T09:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('admin sections per role', () => {
  it('an admin gets every section; a moderator only Moderation; a member or guest none', () => {
    expect(adminSectionsFor(user('admin')).map((s) => s.path)).toEqual(ADMIN_SECTIONS.map((s) => s.path));
    expect(adminSectionsFor(user('moderator')).map((s) => s.path)).toEqual(['/admin/moderation']);
    expect(adminSectionsFor(user('member'))).toEqual([]);
    expect(adminSectionsFor(null)).toEqual([]);
  });

  it.each([
    ['moderator', ['Moderation']],
    ['admin', ADMIN_SECTIONS.map((s) => s.label)],
  ] as const)('the section nav of a %s', async (role, labels) => {
    // The route gate has loaded the user; the layout reads it from the cache and fetches nothing.
    const calls = stubApi(() => ({ status: 404, body: { message: 'Not found' } }));
    const { queryClient } = renderWithProviders(
      <AdminLayout title="Moderation">
        <p>content</p>
      </AdminLayout>,
      { route: '/admin/moderation' },
    );
    act(() => queryClient.setQueryData(getUserQueryOptions().queryKey, user(role)));
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    await within(nav).findByRole('link', { name: labels[0] });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual([...labels]);
    if (role === 'moderator') expect(within(nav).queryByRole('link', { name: 'Ads' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
