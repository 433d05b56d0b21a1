import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import type { TUser } from '@common/contracts/auth';
import type { TPostDetail } from '@common/contracts/forum';
import type { TPoll } from '@common/contracts/polls';
import { POLL_MSG } from '@common/rules/polls';
import { Route, Routes } from '@/lib/router';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';
import { testPost } from '@/test/posts';
import { testUser } from '@/test/users';
import { getPostQueryOptions } from '../api/get-post';
import { PostDetailPage } from '../pages/post-detail-page';
import { PollCard } from './poll-card';

// Issue 33: a post's poll on its page: choosing and voting (one or several), the results as bars when
// the reader may see them and when they will otherwise, changing and withdrawing a vote, closing it,
// and what a guest sees.

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));
const openAuthDialog = vi.hoisted(() => vi.fn());
vi.mock('@/lib/auth-dialog', () => ({ openAuthDialog }));
// The page's live thread (a socket) is not what these tests are about.
vi.mock('../hooks/use-live-post', () => ({ useLivePost: () => ({ newCount: 0, status: 'live', reveal: () => undefined }) }));

const member = testUser({ id: 9, username: 'kim' });

const poll = (over: Partial<TPoll> = {}): TPoll => ({
  options: [
    { id: 11, text: 'Transit', votes: null },
    { id: 12, text: 'Sprinter', votes: null },
    { id: 13, text: 'Vivaro', votes: null },
  ],
  multiple: false,
  results: 'after_vote',
  closesAt: null,
  closed: false,
  voters: null,
  myVotes: [],
  canVote: true,
  canClose: false,
  ...over,
});

/** The poll with its counts (voters), as a reader who may see them gets it. */
const counted = (votes: number[], voters: number, over: Partial<TPoll> = {}): TPoll => {
  const p = poll(over);
  return { ...p, voters, options: p.options.map((o, i) => ({ ...o, votes: votes[i] ?? 0 })) };
};

const detail = (p: TPoll | undefined): TPostDetail => ({
  ...testPost(5, { slug: 'which-van', title: 'Which van for multi-drop?' }),
  contentHtml: '<p>Changing vans this year.</p>',
  editedAt: null,
  canEdit: false,
  canModerate: false,
  reactions: {},
  userReactions: { postReactions: [], commentReactions: {} },
  comments: [],
  hasMoreComments: false,
  ...(p && { poll: p }),
});

/** The card as the page gives it: the cached post's poll, which the vote's answer replaces. */
function CachedPoll({ user }: { user: TUser | null }) {
  const { data } = useQuery(getPostQueryOptions('which-van'));
  return data?.poll ? <PollCard postId={data.id} poll={data.poll} user={user} /> : null;
}

type Answer = (c: ApiCall) => { status?: number; body: unknown } | undefined;

function renderCard(first: TPoll, { user = member as TUser | null, answer = (() => undefined) as Answer } = {}) {
  const calls = stubApi((c) => answer(c) ?? (c.path === '/api/forum/posts/which-van' ? { body: detail(first) } : { body: {} }));
  renderWithProviders(<CachedPoll user={user} />);
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}

const card = () => screen.findByRole('region', { name: 'Poll' });
const voteCall = (optionIds: number[]): ApiCall => ({ method: 'PUT', path: '/api/forum/posts/5/poll/vote', body: { optionIds } });

afterEach(() => {
  vi.unstubAllGlobals();
  toast.mockReset();
  openAuthDialog.mockReset();
});

describe('PollCard choosing and voting', () => {
  it('one choice: radio buttons; Vote sends the one chosen and shows the answer', async () => {
    const { writes } = renderCard(poll(), { answer: (c) => (c.method === 'PUT' ? { body: counted([0, 1, 0], 1, { myVotes: [12] }) } : undefined) });
    const region = await card();
    const group = within(region).getByRole('group', { name: 'Choose one' });
    expect(within(group).getAllByRole('radio').map((r) => r.parentElement!.textContent)).toEqual(['Transit', 'Sprinter', 'Vivaro']);
    expect(within(region).queryByRole('checkbox')).toBeNull();
    // Counts hidden until this reader votes: said, no bars.
    expect(within(region).getByText('Results show after you vote')).toBeTruthy();
    expect(within(region).queryByTestId('poll-bar')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(region).getByRole('radio', { name: 'Transit' }));
    await user.click(within(region).getByRole('radio', { name: 'Sprinter' }));
    await user.click(within(region).getByRole('button', { name: 'Vote' }));
    await waitFor(() => expect(within(region).queryByRole('radio')).toBeNull());
    expect(writes()).toEqual([voteCall([12])]);
    expect(toast).toHaveBeenCalledWith({ title: 'Vote recorded', variant: 'success' });
    const mine = within(region).getByText('Your vote');
    expect(mine.closest('li')!.textContent).toContain('Sprinter');
    expect(within(region).getByText('1 vote · 100%')).toBeTruthy();
    expect(within(region).getByText('1 voter')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(region).getByRole('heading', { name: 'Poll' })));
  });

  it('several choices: checkboxes; Vote sends each one ticked, in the poll’s order', async () => {
    const { writes } = renderCard(poll({ multiple: true }), { answer: (c) => (c.method === 'PUT' ? { body: counted([1, 0, 1], 1, { multiple: true, myVotes: [11, 13] }) } : undefined) });
    const region = await card();
    expect(within(region).getByRole('group', { name: 'Choose one or more' })).toBeTruthy();
    expect(within(region).queryByRole('radio')).toBeNull();
    const user = userEvent.setup();
    await user.click(within(region).getByRole('checkbox', { name: 'Vivaro' }));
    await user.click(within(region).getByRole('checkbox', { name: 'Sprinter' }));
    await user.click(within(region).getByRole('checkbox', { name: 'Transit' }));
    await user.click(within(region).getByRole('checkbox', { name: 'Sprinter' }));
    await user.click(within(region).getByRole('button', { name: 'Vote' }));
    await waitFor(() => expect(writes()).toEqual([voteCall([11, 13])]));
    await waitFor(() => expect(within(region).getAllByText('Your vote')).toHaveLength(2));
  });

  it('says "Voting…" while the vote is on its way', async () => {
    let release: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) =>
        init?.method === 'PUT' ? new Promise<Response>((r) => (release = r)) : Promise.resolve(Response.json(detail(poll()))),
      ),
    );
    renderWithProviders(<CachedPoll user={member} />);
    const region = await card();
    const user = userEvent.setup();
    await user.click(within(region).getByRole('radio', { name: 'Vivaro' }));
    await user.click(within(region).getByRole('button', { name: 'Vote' }));
    const pending = await within(region).findByRole<HTMLButtonElement>('button', { name: 'Voting…' });
    expect(pending.disabled).toBe(true);
    release(Response.json(counted([0, 0, 1], 1, { myVotes: [13] })));
    await waitFor(() => expect(within(region).getByText('Your vote')).toBeTruthy());
  });

  it('asks for a choice before sending anything', async () => {
    const { writes } = renderCard(poll());
    const region = await card();
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Vote' }));
    expect(within(region).getByRole('alert').textContent).toBe(POLL_MSG.chooseOne);
    expect(writes()).toEqual([]);
  });

  it("shows the server's refusal in the card and keeps the choice", async () => {
    renderCard(poll(), { answer: (c) => (c.method === 'PUT' ? { status: 403, body: { message: POLL_MSG.newAccount } } : undefined) });
    const region = await card();
    const user = userEvent.setup();
    await user.click(within(region).getByRole('radio', { name: 'Transit' }));
    await user.click(within(region).getByRole('button', { name: 'Vote' }));
    expect((await within(region).findByRole('alert')).textContent).toBe(POLL_MSG.newAccount);
    expect(within(region).getByRole<HTMLInputElement>('radio', { name: 'Transit' }).checked).toBe(true);
    expect(toast).not.toHaveBeenCalled();
  });

  it('changes a vote, or withdraws it (an empty list)', async () => {
    let answer = counted([1, 2, 0], 3, { myVotes: [11] });
    const { writes } = renderCard(counted([0, 2, 1], 3, { myVotes: [13] }), { answer: (c) => (c.method === 'PUT' ? { body: answer } : undefined) });
    const region = await card();
    expect(within(region).getByText('Your vote').closest('li')!.textContent).toContain('Vivaro');
    expect(within(region).queryByRole('radio')).toBeNull();
    const user = userEvent.setup();

    await user.click(within(region).getByRole('button', { name: 'Change vote' }));
    expect(within(region).getByRole<HTMLInputElement>('radio', { name: 'Vivaro' }).checked).toBe(true);
    // Cancel: back as it was, nothing sent.
    await user.click(within(region).getByRole('button', { name: 'Cancel' }));
    expect(within(region).queryByRole('radio')).toBeNull();
    await user.click(within(region).getByRole('button', { name: 'Change vote' }));
    await user.click(within(region).getByRole('radio', { name: 'Transit' }));
    await user.click(within(region).getByRole('button', { name: 'Vote' }));
    await waitFor(() => expect(within(region).getByText('Your vote').closest('li')!.textContent).toContain('Transit'));

    answer = counted([0, 2, 0], 2, { myVotes: [] });
    await user.click(within(region).getByRole('button', { name: 'Withdraw vote' }));
    await waitFor(() => expect(within(region).getAllByRole('radio')).toHaveLength(3));
    expect(writes()).toEqual([voteCall([11]), voteCall([])]);
    expect(toast).toHaveBeenLastCalledWith({ title: 'Vote withdrawn', variant: 'success' });
    expect(within(region).getAllByRole<HTMLInputElement>('radio').some((r) => r.checked)).toBe(false);
  });
});

describe('PollCard results', () => {
  it('shows bars with counts and each option’s share of the voters', async () => {
    renderCard(counted([3, 1, 0], 4, { results: 'always' }));
    const region = await card();
    expect(within(region).getByText('3 votes · 75%')).toBeTruthy();
    expect(within(region).getByText('1 vote · 25%')).toBeTruthy();
    expect(within(region).getByText('0 votes · 0%')).toBeTruthy();
    expect(within(region).getByText('4 voters')).toBeTruthy();
    expect(within(region).getAllByTestId('poll-bar').map((b) => b.style.width)).toEqual(['75%', '25%', '0%']);
    // Visible to a reader who has not voted: the choices are there too.
    expect(within(region).getAllByRole('radio')).toHaveLength(3);
  });

  it('with several choices each, shares of the voters add up to more than 100 %', async () => {
    renderCard(counted([3, 2, 0], 3, { multiple: true, results: 'always', canVote: false, myVotes: undefined }), { user: null });
    const region = await card();
    expect(within(region).getByText('3 votes · 100%')).toBeTruthy();
    expect(within(region).getByText('2 votes · 67%')).toBeTruthy();
    expect(within(region).getByText('3 voters')).toBeTruthy();
  });

  it('says when hidden results show: after voting, or once closed', async () => {
    renderCard(poll({ results: 'after_close', myVotes: [12] }));
    const region = await card();
    expect(within(region).getByText('Results show when the poll closes')).toBeTruthy();
    expect(within(region).queryByText('Results show after you vote')).toBeNull();
    expect(within(region).queryByText(/voters?$/)).toBeNull();
    expect(within(region).queryByTestId('poll-bar')).toBeNull();
    expect(within(region).getByText('Your vote')).toBeTruthy();
  });

  it('says when it closes, or that it has closed (no voting then)', async () => {
    renderCard(counted([2, 1, 1], 4, { closesAt: '2031-06-02T17:00:00.000Z' }));
    const open = await card();
    const closes = within(open).getByText('2 Jun 2031, 18:00');
    expect(closes.tagName).toBe('TIME');
    expect(closes.parentElement!.textContent).toBe('Closes 2 Jun 2031, 18:00');
  });

  it('a closed poll: results, "Closed", no choices or buttons', async () => {
    renderCard(counted([2, 1, 1], 4, { closed: true, canVote: false, myVotes: [11], closesAt: '2031-06-02T17:00:00.000Z' }));
    const region = await card();
    expect(within(region).getByText('Closed')).toBeTruthy();
    expect(within(region).queryByText(/^Closes/)).toBeNull();
    expect(within(region).queryByRole('radio')).toBeNull();
    expect(within(region).queryByRole('button')).toBeNull();
    expect(within(region).getByText('2 votes · 50%')).toBeTruthy();
    expect(within(region).getByText('Your vote')).toBeTruthy();
  });
});

describe('PollCard for those who may not vote', () => {
  it('a guest sees the options and the visible results, and is offered Sign in', async () => {
    renderCard(counted([1, 1, 0], 2, { results: 'always', canVote: false, myVotes: undefined }), { user: null });
    const region = await card();
    expect(within(region).queryByRole('radio')).toBeNull();
    expect(within(region).getByText('Transit')).toBeTruthy();
    expect(within(region).getAllByText('1 vote · 50%')).toHaveLength(2);
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Sign in to vote' }));
    expect(openAuthDialog).toHaveBeenCalledWith('signin');
  });

  it('a guest is told when hidden results show', async () => {
    renderCard(poll({ canVote: false, myVotes: undefined }), { user: null });
    const region = await card();
    expect(within(region).getByText('Results show after you vote')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Sign in to vote' })).toBeTruthy();
  });

  it('a guest is not offered Sign in on a closed poll', async () => {
    renderCard(counted([1, 0, 0], 1, { closed: true, canVote: false, myVotes: undefined }), { user: null });
    const region = await card();
    expect(within(region).getByText('Closed')).toBeTruthy();
    expect(within(region).queryByRole('button')).toBeNull();
  });

  it('a member who may not vote yet is told why', async () => {
    renderCard(poll({ canVote: false }), { user: testUser({ emailVerified: false }) });
    expect(within(await card()).getByText('Verify your email address to vote.')).toBeTruthy();
  });

  it('a verified member below the Basic level is told so', async () => {
    renderCard(poll({ canVote: false }));
    const region = await card();
    expect(within(region).getByText(POLL_MSG.newAccount)).toBeTruthy();
    expect(within(region).queryByRole('button')).toBeNull();
  });
});

describe('PollCard closing', () => {
  it('closes after a confirmation; Cancel sends nothing', async () => {
    const { writes } = renderCard(counted([1, 0, 0], 1, { canClose: true, myVotes: [11] }), {
      answer: (c) => (c.method === 'POST' ? { body: counted([1, 0, 0], 1, { closed: true, canVote: false, canClose: false, myVotes: [11] }) } : undefined),
    });
    const region = await card();
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Close poll' }));
    let dialog = await screen.findByRole('dialog', { name: 'Close this poll?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([]);

    await user.click(within(region).getByRole('button', { name: 'Close poll' }));
    dialog = await screen.findByRole('dialog', { name: 'Close this poll?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close poll' }));
    await waitFor(() => expect(within(region).getByText('Closed')).toBeTruthy());
    expect(writes()).toEqual([{ method: 'POST', path: '/api/forum/posts/5/poll/close' }]);
    expect(toast).toHaveBeenCalledWith({ title: 'Poll closed', variant: 'success' });
    expect(within(region).queryByRole('button', { name: 'Close poll' })).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Change vote' })).toBeNull();
  });

  it("keeps the dialog open with the server's refusal", async () => {
    renderCard(poll({ canClose: true }), { answer: (c) => (c.method === 'POST' ? { status: 403, body: { message: POLL_MSG.closeOwn } } : undefined) });
    const region = await card();
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Close poll' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this poll?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close poll' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(POLL_MSG.closeOwn);
  });
});

describe('the post page', () => {
  it('shows the poll under the post’s text, and nothing without one', async () => {
    let withPoll = true;
    stubApi((c) => {
      if (c.path === '/api/auth/user') return { body: member };
      if (c.path === '/api/forum/posts/which-van') return { body: detail(withPoll ? poll() : undefined) };
      return { body: [] };
    });
    const page = renderWithProviders(
      <Routes>
        <Route path="/forum/posts/:slug" element={<PostDetailPage />} />
      </Routes>,
      { route: '/forum/posts/which-van' },
    );
    const region = await screen.findByRole('region', { name: 'Poll' });
    const text = screen.getByText('Changing vans this year.');
    expect(text.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(region.closest('article')).toBe(screen.getByRole('article', { name: 'Which van for multi-drop?' }));
    page.unmount();

    withPoll = false;
    renderWithProviders(
      <Routes>
        <Route path="/forum/posts/:slug" element={<PostDetailPage />} />
      </Routes>,
      { route: '/forum/posts/which-van' },
    );
    await screen.findByText('Changing vans this year.');
    expect(screen.queryByRole('region', { name: 'Poll' })).toBeNull();
  });
});
