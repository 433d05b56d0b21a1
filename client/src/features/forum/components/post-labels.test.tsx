import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { TPost } from '@common/contracts/forum';
import { renderWithProviders } from '@/test/render';
import { AlertBox, PostLabelChips } from './post-labels';

// Issue 32, the post page: a post's tags and areas as links to their pages, and a local alert's box.

const HOUR = 3_600_000;

describe('PostLabelChips', () => {
  it('links each tag and area to its page', () => {
    renderWithProviders(<PostLabelChips post={{ tags: [{ slug: 'evri', name: 'Evri' }], areas: ['LS', 'BD'] }} />);
    expect(screen.getByRole('link', { name: 'Tag: Evri' }).getAttribute('href')).toBe('/tags/evri');
    expect(screen.getByRole('link', { name: 'LS postcode area' }).getAttribute('href')).toBe('/areas/LS');
    expect(screen.getByRole('link', { name: 'BD postcode area' }).getAttribute('href')).toBe('/areas/BD');
  });

  it('renders nothing for a post without tags or areas, nor for one a device kept offline before they existed', () => {
    const { container } = renderWithProviders(<PostLabelChips post={{ tags: [], areas: [] }} />);
    expect(container.innerHTML).toBe('');
    const { container: old } = renderWithProviders(<PostLabelChips post={{} as TPost} />);
    expect(old.innerHTML).toBe('');
  });
});

describe('AlertBox', () => {
  it('says what, where and until when a live alert shows', () => {
    renderWithProviders(<AlertBox alert={{ kind: 'road_closure', place: 'Kirkstall Road', expiresAt: new Date(Date.now() + HOUR).toISOString() }} area="LS" />);
    const box = screen.getByRole('region', { name: 'Local alert' });
    expect(box.textContent).toContain('Road closure or works alert');
    expect(box.textContent).toContain('Where: Kirkstall Road, LS postcode area');
    expect(screen.getByRole('link', { name: 'LS postcode area' }).getAttribute('href')).toBe('/areas/LS');
    expect(box.textContent).toMatch(/Shown at the top of its area's page until (\d{1,2} \w{3}, )?\d\d:\d\d/);
  });

  it('says Expired once it no longer shows, and the area alone without a place', () => {
    renderWithProviders(<AlertBox alert={{ kind: 'weather', place: '', expiresAt: new Date(Date.now() - HOUR).toISOString() }} area="LS" />);
    const box = screen.getByRole('region', { name: 'Local alert' });
    expect(box.textContent).toContain('Weather alert');
    expect(box.textContent).toContain('Where: LS postcode area');
    expect(box.textContent).toContain('Expired');
    expect(box.textContent).not.toContain('until');
  });
});
