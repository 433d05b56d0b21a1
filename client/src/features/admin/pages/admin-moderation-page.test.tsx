import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { USER_QUERY_KEY } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { testUser } from '@/test/users';
import { AdminModerationPage } from './admin-moderation-page';

// Issue 32 item 2: the moderation page's third queue, the verified courier badge requests (?queue=badges).

const moderator = testUser({ id: 50, username: 'mod_mo', isModerator: true });
const waiting = {
  id: 5,
  network: 'evri',
  createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
  member: { id: 105, username: 'gaz_transit', avatar: 'van', joinedDate: '2025-03-02T10:00:00.000Z', trustLevel: 1 },
};

afterEach(() => vi.unstubAllGlobals());

describe('AdminModerationPage: the Courier badges tab', () => {
  it('counts the requests waiting and opens their queue from the address', async () => {
    stubApi((c) => {
      if (c.path === '/api/auth/user') return { body: moderator };
      if (c.path === '/api/admin/courier-verifications') return { body: { requests: [waiting] } };
      return { status: 404, body: { message: 'Not found' } };
    });
    const { queryClient } = renderWithProviders(<AdminModerationPage />, { route: '/admin/moderation?queue=badges' });
    queryClient.setQueryData(USER_QUERY_KEY, moderator);
    const tab = await screen.findByRole('tab', { name: 'Courier badges (1)' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Courier badges (1)' });
    expect(await within(panel).findByRole('article', { name: 'Badge request by @gaz_transit' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /^Reports/ }).getAttribute('aria-selected')).toBe('false');
  });
});
