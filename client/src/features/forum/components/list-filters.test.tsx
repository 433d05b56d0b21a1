import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { countActiveFilters, ListFilters } from './list-filters';

function setup(activeCount = 0) {
  render(
    <ListFilters search={<input type="search" aria-label="Search discussions" />} activeCount={activeCount}>
      <label>
        Category <select />
      </label>
    </ListFilters>,
  );
  return { user: userEvent.setup(), toggle: screen.getByRole('button', { name: /^Filters/ }) };
}

describe('ListFilters', () => {
  it('is a disclosure: the toggle names its panel and says whether it is open', async () => {
    const { user, toggle } = setup();
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel?.contains(screen.getByLabelText('Category'))).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Closed, the panel is folded on phones only (CSS from sm up shows it anyway).
    expect(panel?.className).toContain('max-sm:hidden');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.className).not.toContain('max-sm:hidden');

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('counts the filters in force on the toggle', () => {
    setup(2);
    expect(screen.getByRole('button', { name: 'Filters 2 active' })).toBeTruthy();
  });

  it('shows no count when nothing is filtered', () => {
    setup(0);
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
  });
});

describe('countActiveFilters', () => {
  it('counts category, profession and a sort other than the default', () => {
    expect(countActiveFilters({ category: '', profession: '', sort: 'newest', q: '' })).toBe(0);
    expect(countActiveFilters({ category: 'tips', profession: 'van', sort: 'views', q: '' })).toBe(3);
    // Best match is the default while searching; newest is then a choice.
    expect(countActiveFilters({ category: '', profession: '', sort: 'relevance', q: 'fuel' })).toBe(0);
    expect(countActiveFilters({ category: '', profession: '', sort: 'newest', q: 'fuel' })).toBe(1);
  });

  it('counts Unanswered and the Answers filter (issues 18, 33)', () => {
    expect(countActiveFilters({ category: 'help', profession: '', sort: 'newest', q: '', solved: 'yes' })).toBe(2);
    expect(countActiveFilters({ category: '', profession: '', sort: 'newest', q: '', solved: 'no', unanswered: true })).toBe(2);
    expect(countActiveFilters({ category: '', profession: '', sort: 'newest', q: '', solved: '' })).toBe(0);
  });

  it('counts a tag and a postcode area (issue 32)', () => {
    expect(countActiveFilters({ category: '', profession: '', sort: 'newest', q: '', tag: 'evri', area: 'LS' })).toBe(2);
    expect(countActiveFilters({ category: 'tips', profession: '', sort: 'newest', q: '', tag: '', area: 'LS' })).toBe(2);
  });
});
