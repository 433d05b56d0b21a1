import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@/lib/router';
import { Footer } from '@/app/layout/footer';
import { ThemeSwitch } from './theme-switch';

const root = document.documentElement;
afterEach(() => root.removeAttribute('data-theme'));

describe('ThemeSwitch', () => {
  it('offers System, Light and Dark, with System chosen until the reader picks another', () => {
    render(<ThemeSwitch />);
    const group = screen.getByRole('group', { name: 'Theme' });
    expect(within(group).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['system', 'light', 'dark']);
    expect(screen.getByRole('radio', { name: 'System' })).toHaveProperty('checked', true);
  });

  it('applies a choice at once, keeps it on the device, and shows the kept one next time', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<ThemeSwitch />);
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    unmount();
    render(<ThemeSwitch />);
    expect(screen.getByRole('radio', { name: 'Dark' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: 'System' }));
    expect(root.hasAttribute('data-theme')).toBe(false);
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('is in the footer of every page', async () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const footer = screen.getByRole('contentinfo');
    await userEvent.setup().click(within(footer).getByRole('radio', { name: 'Light' }));
    expect(root.getAttribute('data-theme')).toBe('light');
  });
});
