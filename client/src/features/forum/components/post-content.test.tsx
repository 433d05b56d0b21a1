import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PostContent } from './post-content';

const src = (n: number) => `/uploads/${String(n).padStart(20, 'a')}/full.jpg`;
const srcset = (n: number) => `/uploads/${String(n).padStart(20, 'a')}/w320.webp 320w, /uploads/${String(n).padStart(20, 'a')}/full.webp 800w`;

describe('PostContent photos', () => {
  // As the server renders this site's photos (server/lib/markdown.ts).
  const html = `<p>Before</p><p><img src="${src(1)}" srcset="${srcset(1)}" width="800" height="600" alt="Van 1"><img src="${src(2)}" srcset="${srcset(2)}" width="800" height="600" alt="Van 2"></p>`;

  it('opens the viewer at the tapped photo with the content’s photos as the set', async () => {
    render(<PostContent html={html} />);
    await userEvent.click(screen.getByAltText('Van 2'));
    const dialog = await screen.findByRole('dialog', { name: /Van 2/ });
    expect(dialog.textContent).toContain('2 of 2');
    expect(dialog.querySelector('img')!.getAttribute('src')).toBe(src(2));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByAltText('Van 2')));
  });

  it('leaves a photo inside a link to the link', async () => {
    render(<PostContent html={`<p><a href="https://example.com/"><img src="${src(1)}" alt="Linked"></a></p>`} />);
    const link = screen.getByRole('link');
    link.addEventListener('click', (e) => e.preventDefault()); // jsdom would try to navigate
    await userEvent.click(screen.getByAltText('Linked'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('makes its photos focusable so Enter opens them', async () => {
    render(<PostContent html={html} />);
    const first = screen.getByAltText('Van 1');
    await waitFor(() => expect(first.tabIndex).toBe(0));
    first.focus();
    await userEvent.keyboard('{Enter}');
    expect((await screen.findByRole('dialog', { name: /Van 1/ })).textContent).toContain('1 of 2');
  });
});
