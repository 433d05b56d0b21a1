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
});
