import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { TPost } from '@common/contracts/forum';
import { renderWithProviders } from '@/test/render';
import { PostCard } from './post-card';
import { SearchHighlight } from './search-highlight';

// Issue 18: the words a search matched are marked in the results.

const post: TPost = {
  id: 8,
  slug: 'ulez-drivers',
  title: 'ULEZ charges for van drivers',
  excerpt: 'Every driver in a pre-2016 van pays <b>daily</b>.',
  content: '',
  createdAt: new Date().toISOString(),
  viewCount: 1,
  commentCount: 0,
  upvotes: 0,
  downvotes: 0,
  shareCount: 0,
  isPinned: false,
  isLocked: false,
  tags: [],
  areas: [],
  userVote: null,
  category: { id: 1, name: 'Pay & Rates', slug: 'pay-rates', description: '', color: '#c2410c' },
  author: null,
};

beforeEach(() => vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Not signed in"}', { status: 401 }))));
afterEach(() => vi.unstubAllGlobals());

const marks = (el: HTMLElement) => Array.from(el.querySelectorAll('mark')).map((m) => m.textContent);

describe('SearchHighlight', () => {
  it('marks the matched words as text, never as markup', () => {
    const { container } = render(<SearchHighlight text={'<img src=x onerror=alert(1)> driver'} q="driver img" />);
    expect(marks(container)).toEqual(['img', 'driver']);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> driver');
  });

  it('renders plain text without a search', () => {
    const { container } = render(<SearchHighlight text="ULEZ" q="" />);
    expect(container.innerHTML).toBe('ULEZ');
  });
});

describe('PostCard in search results', () => {
  const hrefWith = () => '/forum';

  it('marks the search words in the title and excerpt, keeping the title its name', () => {
    renderWithProviders(<PostCard post={post} hrefWith={hrefWith} highlight="ulez drivers" />);
    const card = screen.getByRole('article', { name: 'ULEZ charges for van drivers' });
    const title = within(card).getByRole('link', { name: 'ULEZ charges for van drivers' });
    expect(marks(title)).toEqual(['ULEZ', 'drivers']);
    const excerpt = within(card).getByText((_, el) => el?.tagName === 'P' && el.textContent === post.excerpt);
    expect(marks(excerpt)).toEqual(['driver']);
    expect(excerpt.querySelector('b')).toBeNull();
  });

  it('marks nothing in the plain list', () => {
    const { container } = renderWithProviders(<PostCard post={post} hrefWith={hrefWith} />);
    expect(container.querySelector('mark')).toBeNull();
  });
});
