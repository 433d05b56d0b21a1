import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { AvatarPicker } from '@/features/members/components/avatar-picker';
import { ProfessionSelect } from '@/features/forum/components/profession-select';

// Issue 30: one name per role wherever a member sees it (ADR 0016). Onboarding offered "Parcel
// Handling Expert" and "Industry Commentator"; the forum's filter called them "Parcel Specialist"
// and "Service Provider".

describe('role labels', () => {
  it('are the same in the avatar picker and the forum’s profession filter', () => {
    render(
      <>
        <AvatarPicker value="car" onChange={() => {}} />
        <ProfessionSelect value="" onChange={() => {}} />
      </>,
    );
    const picked = screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label') ?? r.textContent ?? '');
    const filter = within(screen.getByRole('combobox', { name: 'Profession' }))
      .getAllByRole('option')
      .slice(1)
      .map((o) => o.textContent);
    expect(filter).toEqual(['Bicycle Courier', 'Car Delivery', 'Van Delivery', 'Parcel Specialist', 'Freight Transport', 'Logistics Coordinator', 'Service Provider', 'Warehouse Operations', 'Aviation Logistics', 'Local Delivery', 'Team Leader', 'Express Delivery']);
    for (const name of filter) expect(screen.getByRole('radio', { name })).toBeTruthy();
    expect(picked).toHaveLength(12);
  });
});
