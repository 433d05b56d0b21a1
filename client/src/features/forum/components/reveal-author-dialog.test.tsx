import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TComment, TPostDetail } from '@common/contracts/forum';
import { ANONYMOUS_MSG } from '@common/rules/anonymous';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';
import { testPost } from '@/test/posts';
import { testUser } from '@/test/users';
import { CommentThread } from './comment-thread';
import { PostModerationBar } from './post-moderation-bar';
import { RevealAuthorButton } from './reveal-author-button';
import { REVEAL_TEXT } from './reveal-author-dialog';

// Issue 32, a protected voice (ADR 0022): only an admin may learn who wrote an anonymous post or reply,
// and only with a written reason (10 to 500 characters) that every admin reads in the audit log.

const LABEL = 'A verified Evri courier in LS';
const admin = testUser({ id: 1, username: 'boss', isAdmin: true });
const REASON = 'Threats against a named depot manager, police asked';

function api(user: typeof admin, answer: (c: ApiCall) => { status?: number; body: unknown } | undefined = () => undefined) {
  return stubApi((c) => answer(c) ?? (c.path === '/api/auth/user' ? { body: user } : { body: [] }));
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Reveal author' }));
  return screen.findByRole('dialog', { name: REVEAL_TEXT.title });
}

afterEach(() => vi.unstubAllGlobals());

describe('RevealAuthorDialog', () => {
  it('asks for a reason of at least 10 characters before asking the server', async () => {
    const calls = api(admin);
    renderWithProviders(<RevealAuthorButton target={{ kind: 'post', id: 7 }} />);
    const dialog = await openDialog();
    const reason = within(dialog).getByRole('textbox', { name: REVEAL_TEXT.reason });
    expect(reason.getAttribute('maxLength')).toBe('500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reveal' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(ANONYMOUS_MSG.revealReason);
    await userEvent.type(reason, 'too short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reveal' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(ANONYMOUS_MSG.revealReason);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows who wrote a post, linked to their profile, after sending the reason', async () => {
    const calls = api(admin, (c) => (c.method === 'POST' ? { body: { author: { id: 21, username: 'gaz_transit' } } } : undefined));
    renderWithProviders(<RevealAuthorButton target={{ kind: 'post', id: 7 }} />);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: REVEAL_TEXT.reason }), REASON);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reveal' }));
    const result = await within(dialog).findByTestId('reveal-result');
    expect(result.textContent).toBe('Written by @gaz_transit');
    expect(within(result).getByRole('link', { name: '@gaz_transit' }).getAttribute('href')).toBe('/profile/gaz_transit');
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', path: '/api/admin/posts/7/reveal', body: { reason: REASON } });
  });

  it("says so when a reply's author deleted their account", async () => {
    const calls = api(admin, (c) => (c.method === 'POST' ? { body: { author: null } } : undefined));
    renderWithProviders(<RevealAuthorButton target={{ kind: 'comment', id: 9 }} />);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: REVEAL_TEXT.reason }), REASON);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reveal' }));
    expect((await within(dialog).findByTestId('reveal-result')).textContent).toBe(REVEAL_TEXT.deleted);
    expect(calls.find((c) => c.method === 'POST')?.path).toBe('/api/admin/comments/9/reveal');
  });

  it("shows the server's refusal in the dialog, the reason kept", async () => {
    api(admin, (c) => (c.method === 'POST' ? { status: 400, body: { message: ANONYMOUS_MSG.notAnonymous } } : undefined));
    renderWithProviders(<RevealAuthorButton target={{ kind: 'post', id: 7 }} />);
    const dialog = await openDialog();
    const reason = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: REVEAL_TEXT.reason });
    await userEvent.type(reason, REASON);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reveal' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(ANONYMOUS_MSG.notAnonymous);
    expect(reason.value).toBe(REASON);
    expect(within(dialog).queryByTestId('reveal-result')).toBeNull();
  });
});

describe('Reveal author is offered', () => {
  const comment = { id: 9, postId: 7, parentId: null, content: 'x', contentHtml: '<p>x</p>', createdAt: '2026-11-24T10:00:00.000Z', editedAt: null, isDeleted: false, upvotes: 0, downvotes: 0, userVote: null, author: null, anonymousAs: LABEL, canEdit: true, reactions: {} } as TComment;
  const post = (over: Partial<TPostDetail> = {}): TPostDetail => ({
    ...testPost(7, { author: null, anonymousAs: LABEL }),
    contentHtml: '<p>x</p>',
    editedAt: null,
    canEdit: true,
    canModerate: true,
    reactions: {},
    userReactions: { postReactions: [], commentReactions: {} },
    comments: [comment],
    hasMoreComments: false,
    ...over,
  });
  const thread = (user: typeof admin) => (
    <CommentThread post={post()} ctx={{ postId: 7, isLocked: false, user, myReactions: {}, highlightId: null, onPosted: () => {} }} loadMore={{ pending: false, error: null, run: () => {} }} />
  );

  it('to an admin on an anonymous reply and post, never to a moderator, nor on a named post', async () => {
    api(admin);
    const { unmount } = renderWithProviders(thread(admin));
    expect(await within(screen.getByRole('article', { name: `Comment by ${LABEL}` })).findByRole('button', { name: 'Reveal author' })).toBeTruthy();
    unmount();

    renderWithProviders(<PostModerationBar post={post()} />);
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Moderation' })).getByRole('button', { name: 'Reveal author' })).toBeTruthy());
  });

  it('to nobody else: not to a moderator, nor on a named post', async () => {
    const moderator = testUser({ id: 2, username: 'mod', isModerator: true });
    api(moderator);
    const first = renderWithProviders(
      <>
        {thread(moderator)}
        <PostModerationBar post={post()} />
      </>,
    );
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Moderation' })).getByText('Moderator')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Reveal author' })).toBeNull();
    first.unmount();

    vi.unstubAllGlobals();
    api(admin);
    renderWithProviders(<PostModerationBar post={post({ anonymousAs: undefined, author: testPost(7).author })} />);
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Moderation' })).getByText('Admin')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Reveal author' })).toBeNull();
  });
});
