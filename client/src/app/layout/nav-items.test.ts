import { describe, expect, it } from 'vitest';
import type { TUser } from '@common/contracts/auth';
import { NAV_ITEMS } from './nav-items';

// The header's way into the admin area per role (issue 18).

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

describe('NAV_ITEMS admin link', () => {
  it("the header's Admin link: the dashboard for admins, the moderation page for moderators, none for members", () => {
    const shown = (u: TUser) => NAV_ITEMS.filter((i) => i.show(u) && i.to.startsWith('/admin')).map((i) => `${i.label} ${i.to}`);
    expect(shown(user('admin'))).toEqual(['Admin /admin']);
    expect(shown(user('moderator'))).toEqual(['Admin /admin/moderation']);
    expect(shown(user('member'))).toEqual([]);
  });
});
