import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { TCategory } from '@common/contracts/forum';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { CategoryNav } from './category-nav';

const category = (id: number, name: string, slug: string, postCount: number): TCategory => ({
  id,
  name,
  slug,
  description: '',
  color: '#047857',
  postCount,
  isQa: false,
  allowAnonymous: false,
});

describe('CategoryNav', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links every category with its post count, the current one marked, each link one element with its count', async () => {
    stubApi(() => ({ body: [category(1, 'Newcomers', 'newcomers', 8), category(2, 'Multi-drop & Parcel Networks', 'multi-drop', 1234)] }));
    renderWithProviders(<CategoryNav current="multi-drop" hrefFor={(slug) => (slug ? `/forum?category=${slug}` : '/forum')} />);

    const current = await screen.findByRole('link', { name: 'Multi-drop & Parcel Networks 1,234' });
    expect(current.getAttribute('href')).toBe('/forum?category=multi-drop');
    expect(current.getAttribute('aria-current')).toBe('page');
    const other = screen.getByRole('link', { name: 'Newcomers 8' });
    expect(other.getAttribute('aria-current')).toBeNull();
    const all = screen.getByRole('link', { name: 'All categories' });
    expect(all.getAttribute('href')).toBe('/forum');
    // The dot is drawn from the category's colour (index.css), not an element of its own.
    expect(other.getAttribute('style')).toContain('--dot: #047857');
    expect([...other.children].map((el) => el.outerHTML)).toEqual(['<span>8</span>']);
    expect(all.children).toHaveLength(0);
  });
});
