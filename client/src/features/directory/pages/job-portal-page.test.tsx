import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { JobPortalPage } from './job-portal-page';

describe('JobPortalPage', () => {
  it('is the spec §2 placeholder: Coming Soon!, an email to verified members, two ways on', () => {
    renderWithProviders(<JobPortalPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Coming Soon!' })).toBeTruthy();
    expect(screen.getByText(/Verified members will get an email notification/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Forum' }).getAttribute('href')).toBe('/forum');
    expect(screen.getByRole('link', { name: 'User Directory' }).getAttribute('href')).toBe('/directory/users');
  });
});
