import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TPost } from '@common/contracts/forum';
import { renderWithProviders, wholeText } from '@/test/render';
import { PostCard } from './post-card';

const HOUR = 3_600_000;

const post: TPost = {
  id: 7,
  slug: 'van-racking',
  title: 'Best van racking for parcels?',
  excerpt: 'Thinking of fitting racking in my Transit.',
  content: 'Thinking of fitting racking in my Transit.',
  createdAt: new Date(Date.now() - 3 * HOUR - 60_000).toISOString(),
  viewCount: 40,
  commentCount: 3,
  upvotes: 9,
  downvotes: 2,
  shareCount: 0,
  isPinned: true,
  isLocked: false,
  tags: [],
  areas: [],
  userVote: null,
  category: { id: 1, name: 'Multi-drop & Parcel Networks', slug: 'multi-drop', description: '', color: '#c2410c' },
  author: { username: 'gaz_transit', firstName: 'Gareth', lastName: 'Price', avatar: 'van', statusText: 'Owner driver, Bristol' },
};

const hrefWith = ({ category, profession }: { category?: string; profession?: string }) =>
  category ? `/forum?category=${category}` : `/forum?profession=${profession}`;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"message":"Not signed in"}', { status: 401 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('PostCard', () => {
  it('carries every part of the spec card, in one markup for both widths', () => {
    renderWithProviders(<PostCard post={post} hrefWith={hrefWith} />);
    const card = screen.getByRole('article', { name: 'Best van racking for parcels?' });
    expect(within(card).getByRole('link', { name: 'Best van racking for parcels?' }).getAttribute('href')).toBe('/forum/posts/van-racking');
    expect(within(card).getByRole('link', { name: 'Category: Multi-drop & Parcel Networks' }).getAttribute('href')).toBe('/forum?category=multi-drop');
    expect(within(card).getByRole('link', { name: 'Show posts from Van Delivery professionals' }).getAttribute('href')).toBe('/forum?profession=van');
    expect(within(card).getByText('Pinned')).toBeTruthy();
    expect(within(card).getByText('3 hours ago')).toBeTruthy();
    expect(within(card).getByText('Thinking of fitting racking in my Transit.')).toBeTruthy();
    expect(within(card).getByText('Owner driver, Bristol')).toBeTruthy();
    expect(within(card).getByText(wholeText('3 replies'))).toBeTruthy();
    expect(within(card).getByText('40 views')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Upvote, 9 upvotes' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Downvote, 2 downvotes' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: /^Share/ })).toBeTruthy();
    expect(within(card).getByRole('link', { name: /Join the discussion/ }).getAttribute('href')).toBe('/forum/posts/van-racking#comments');
  });

  it('spends no element it can draw: the chip, its dot and the avatar link are one element each (issue 31)', () => {
    renderWithProviders(<PostCard post={post} hrefWith={hrefWith} />);
    const card = screen.getByRole('article', { name: 'Best van racking for parcels?' });
    const chip = within(card).getByRole('link', { name: 'Category: Multi-drop & Parcel Networks' });
    // The dot is the chip's ::before, coloured from --dot; "Category: " is its label.
    expect(chip.children.length).toBe(0);
    expect(chip.textContent).toBe('Multi-drop & Parcel Networks');
    expect(chip.style.getPropertyValue('--dot')).toBe('#c2410c');
    // The avatar's round box is the link; only its icon inside.
    const avatar = within(card).getByRole('link', { name: 'Show posts from Van Delivery professionals' });
    expect(avatar.classList.contains('avatar')).toBe(true);
    expect([...avatar.children].map((c) => c.tagName.toLowerCase())).toEqual(['svg']);
    // A vote's count is its button's own text. An icon counts one element here (the build's <svg><use/>, not lucide's paths).
    expect(within(card).getByRole('button', { name: 'Upvote, 9 upvotes' }).children.length).toBe(1);
    const elements = [...card.querySelectorAll('*')].filter((e) => !e.closest('svg') || e.tagName.toLowerCase() === 'svg');
    expect(elements.length).toBeLessThanOrEqual(37);
  });

  it("gives the phone row's short forms to the eye only: screen readers get the words", () => {
    renderWithProviders(<PostCard post={post} hrefWith={hrefWith} />);
    const card = screen.getByRole('article', { name: 'Best van racking for parcels?' });
    // '3h' is hidden from assistive technology; the long form stays readable.
    expect(within(card).getByText('3h').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(within(card).getByText('3 hours ago').closest('[aria-hidden="true"]')).toBeNull();
    // The reply count is one text: the phone shows its number, the word is there for screen readers only.
    const replies = within(card).getByText(wholeText('3 replies'));
    expect(replies.closest('[aria-hidden="true"]')).toBeNull();
    expect(within(replies).getByText('replies').className).toBe('max-sm:sr-only');
    // The row's score: up minus down votes, named.
    expect(within(card).getByText('Score').parentElement?.textContent).toBe('Score 7');
  });

  it('marks a post new since the last visit, and offers Save from sm up (issue 18)', () => {
    renderWithProviders(<PostCard post={{ ...post, isNew: true, bookmarked: true }} hrefWith={hrefWith} />);
    const card = screen.getByRole('article', { name: 'Best van racking for parcels?' });
    expect(within(card).getByText('New').textContent).toBe('New since your last visit');
    expect(within(card).getByRole('button', { name: 'Saved' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows no New marker without the flag (guests, old posts)', () => {
    renderWithProviders(<PostCard post={post} hrefWith={hrefWith} />);
    expect(screen.queryByText('New')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('marks a solved question beside Pinned, its word for screen readers on a phone too (issue 33)', () => {
    renderWithProviders(<PostCard post={{ ...post, solved: true }} hrefWith={hrefWith} />);
    const card = screen.getByRole('article', { name: 'Best van racking for parcels?' });
    const solved = within(card).getByText('Solved');
    expect(solved.closest('[aria-hidden="true"]')).toBeNull();
    expect(solved.parentElement?.getAttribute('title')).toBe('Solved');
    // Beside Pinned, in the same row.
    expect(solved.parentElement?.previousElementSibling?.textContent?.trim()).toBe('Pinned');
  });

  it('shows no Solved badge on an unsolved question or a post outside Q&A', () => {
    renderWithProviders(<PostCard post={{ ...post, solved: false }} hrefWith={hrefWith} />);
    renderWithProviders(<PostCard post={{ ...post, id: 8, title: 'Another one' }} hrefWith={hrefWith} />);
    expect(screen.queryByText('Solved')).toBeNull();
  });

  it('marks a post with a poll, its word for screen readers on a phone too (issue 33)', () => {
    renderWithProviders(<PostCard post={{ ...post, hasPoll: true }} hrefWith={hrefWith} />);
    const marker = within(screen.getByRole('article', { name: 'Best van racking for parcels?' })).getByText('Poll');
    expect(marker.closest('[aria-hidden="true"]')).toBeNull();
    expect(marker.parentElement?.getAttribute('title')).toBe('Poll');
  });

  it('shows no Poll marker on a post without one', () => {
    renderWithProviders(<PostCard post={post} hrefWith={hrefWith} />);
    expect(screen.queryByText('Poll')).toBeNull();
  });

  it('reads Anonymous for a post without an author', () => {
    renderWithProviders(<PostCard post={{ ...post, author: null }} hrefWith={hrefWith} />);
    expect(screen.getByText('Anonymous')).toBeTruthy();
    // The bike stands in for the missing profession (spec §2).
    expect(screen.getByRole('link', { name: 'Show posts from Bicycle Courier professionals' })).toBeTruthy();
  });
});

// Issue 32: a card's tags and postcode areas are plain links to their pages (from sm up), and an alert
// says its kind in words; a post with none of them has nothing more than before.
describe('PostCard tags, areas and alerts', () => {
  const labelled: TPost = {
    ...post,
    tags: [
      { slug: 'evri', name: 'Evri' },
      { slug: 'ulez', name: 'ULEZ' },
    ],
    areas: ['LS'],
  };

  it('links each tag and area to its page, as a bare link with its name, folded away on a phone', () => {
    renderWithProviders(<PostCard post={labelled} hrefWith={hrefWith} />);
    const card = screen.getByRole('article', { name: 'Best van racking for parcels?' });
    const evri = within(card).getByRole('link', { name: 'Tag: Evri' });
    expect(evri.getAttribute('href')).toBe('/tags/evri');
    expect(within(card).getByRole('link', { name: 'Tag: ULEZ' }).getAttribute('href')).toBe('/tags/ulez');
    const ls = within(card).getByRole('link', { name: 'LS postcode area' });
    expect(ls.getAttribute('href')).toBe('/areas/LS');
    // Lean: the text alone inside each link, the links side by side in one wrapper.
    expect([evri, ls].map((a) => a.innerHTML)).toEqual(['Evri', 'LS']);
    expect(evri.parentElement).toBe(ls.parentElement);
    expect(evri.parentElement?.children).toHaveLength(3);
    expect(evri.parentElement?.className).toContain('max-sm:hidden');
  });

  it('marks an alert with its kind in words, at every width', () => {
    const alert = { kind: 'van_theft', place: 'Kirkstall', expiresAt: new Date(Date.now() + HOUR).toISOString() } as const;
    renderWithProviders(<PostCard post={{ ...labelled, alert }} hrefWith={hrefWith} />);
    const badge = within(screen.getByRole('article', { name: 'Best van racking for parcels?' })).getByText('Van theft alert');
    expect(badge.children).toHaveLength(0);
    expect(badge.closest('.max-sm\\:hidden, [aria-hidden="true"]')).toBeNull();
  });

  it('adds nothing to a post without tags, areas or an alert', () => {
    const { container: plain } = renderWithProviders(<PostCard post={post} hrefWith={hrefWith} />);
    expect(plain.querySelectorAll('a[href^="/tags/"], a[href^="/areas/"]')).toHaveLength(0);
    expect(plain.textContent).not.toMatch(/alert/i);
    // Exactly the elements the labelled card has, less its wrapper and its three links.
    const { container: withLabels } = renderWithProviders(<PostCard post={labelled} hrefWith={hrefWith} />);
    expect(withLabels.querySelectorAll('*').length - plain.querySelectorAll('*').length).toBe(4);
  });
});
