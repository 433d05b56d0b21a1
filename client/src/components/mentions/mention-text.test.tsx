import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { MentionText } from './mention-text';

// Issue 18: chat messages are plain text; each @name in them links to that profile, and nothing in
// the text is ever markup.

describe('MentionText', () => {
  it('links each @name to its profile and keeps the rest as text', () => {
    const { container } = renderWithProviders(
      <p>
        <MentionText text="ask @Sam_D or me@mail.com, @x <img src=x onerror=alert(1)> @Bob" />
      </p>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['@Sam_D', '/profile/Sam_D'],
      ['@Bob', '/profile/Bob'],
    ]);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('ask @Sam_D or me@mail.com, @x <img src=x onerror=alert(1)> @Bob');
  });
});
