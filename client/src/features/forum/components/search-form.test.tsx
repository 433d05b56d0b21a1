import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEARCH_HINT, SearchForm } from './search-form';

function setup(q = '', active = false) {
  const onSearch = vi.fn();
  const onClear = vi.fn();
  render(<SearchForm q={q} active={active} onSearch={onSearch} onClear={onClear} />);
  return { onSearch, onClear, user: userEvent.setup(), input: screen.getByRole('searchbox', { name: 'Search discussions' }) };
}

describe('SearchForm', () => {
  it('asks for 2 characters after trimming and does not search', async () => {
    const { onSearch, user, input } = setup();
    await user.type(input, '  a  ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(SEARCH_HINT);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('searches the trimmed text', async () => {
    const { onSearch, user, input } = setup();
    await user.type(input, ' fuel {Enter}');
    expect(onSearch).toHaveBeenCalledWith('fuel');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the clear button resets the search', async () => {
    const { onClear, user, input } = setup('fuel', true);
    expect((input as HTMLInputElement).value).toBe('fuel');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect((input as HTMLInputElement).value).toBe('');
  });

  // Issue 18: a one-character search left the old result count on screen.
  it('ends the search in force when the new text is too short, keeping the text and the hint', async () => {
    const { onSearch, onClear, user, input } = setup('fuel', true);
    await user.clear(input);
    await user.type(input, 'f{Enter}');
    expect(onSearch).toHaveBeenCalledWith('');
    expect(onClear).not.toHaveBeenCalled(); // a profession filter stays
    expect(screen.getByRole('alert').textContent).toBe(SEARCH_HINT);
  });

  it('keeps the typed text and hint once the address has no search', async () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchForm q="fuel" active onSearch={onSearch} onClear={() => {}} />);
    const user = userEvent.setup();
    const input = screen.getByRole('searchbox', { name: 'Search discussions' }) as HTMLInputElement;
    await user.clear(input);
    await user.type(input, 'f{Enter}');
    rerender(<SearchForm q="" active={false} onSearch={onSearch} onClear={() => {}} />);
    expect(input.value).toBe('f');
    expect(screen.getByRole('alert').textContent).toBe(SEARCH_HINT);
    // A later change of address (Back) replaces the text as before.
    rerender(<SearchForm q="tolls" active onSearch={onSearch} onClear={() => {}} />);
    expect(input.value).toBe('tolls');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a too-short text with no search in force sends nothing', async () => {
    const { onSearch, user, input } = setup();
    await user.type(input, 'f{Enter}');
    expect(onSearch).not.toHaveBeenCalled();
  });
});
