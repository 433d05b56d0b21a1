import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TTrustStatus } from '@common/contracts/members';
import { trustAllowances } from '@common/rules/trust';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { TrustLevelSection } from './trust-level-section';

const newMember: TTrustStatus = {
  level: 0,
  name: 'New',
  pinned: false,
  staff: false,
  allows: trustAllowances(0),
  next: {
    level: 1,
    name: 'Basic',
    needs: [
      { label: 'a day since you verified your email', have: 3, met: true },
      { label: 'visits on 2 different days', have: 1, met: false },
      { label: '10 posts read', have: 4, met: false },
    ],
  },
  computedAt: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('TrustLevelSection', () => {
  it('says the level, what it allows and what the next one needs, with what the member has', async () => {
    const calls = stubApi(() => ({ body: newMember }));
    renderWithProviders(<TrustLevelSection />);
    expect(await screen.findByText('Trust level: 0 — New')).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Trust level' });
    const [allows, needs] = within(section).getAllByRole('list');
    expect(within(allows).getAllByRole('listitem').map((li) => li.textContent)).toEqual(trustAllowances(0));
    expect(within(allows).getByText('Up to 3 posts and 20 comments a day')).toBeTruthy();
    expect(within(section).getByRole('heading', { name: 'To reach level 1 — Basic' })).toBeTruthy();
    expect(within(needs).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Done: a day since you verified your email (you have 3)',
      'Not yet: visits on 2 different days (you have 1)',
      'Not yet: 10 posts read (you have 4)',
    ]);
    expect(calls).toEqual([{ method: 'GET', path: '/api/profile/trust' }]);
  });

  it('a pinned level, and staff, say why there is no next level', async () => {
    stubApi(() => ({ body: { ...newMember, level: 2, name: 'Member', pinned: true, allows: trustAllowances(2), next: null } }));
    const { unmount } = renderWithProviders(<TrustLevelSection />);
    expect(await screen.findByText('Trust level: 2 — Member')).toBeTruthy();
    expect(screen.getByText('An admin set your level, so it does not change with your activity.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /To reach level/ })).toBeNull();
    unmount();
    vi.unstubAllGlobals();

    stubApi(() => ({ body: { ...newMember, level: 3, name: 'Regular', staff: true, allows: trustAllowances(3), next: null } }));
    renderWithProviders(<TrustLevelSection />);
    expect(await screen.findByText('Trust level: 3 — Regular')).toBeTruthy();
    expect(screen.getByText('As an admin or moderator, you have the highest level’s allowances.')).toBeTruthy();
  });
});
