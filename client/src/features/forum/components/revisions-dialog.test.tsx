import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TComment, TPostDetail } from '@common/contracts/forum';
import type { TRevisionHistory } from '@common/contracts/revisions';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { CommentThread } from './comment-thread';

// Issue 28: "edited" opens the edit history (newest first, what changed marked), as text whatever the
// versions hold; a comment members' flags hid is a placeholder of its own.

afterEach(() => vi.unstubAllGlobals());

const comment = (over: Partial<TComment>): TComment =>
  ({
    id: 5,
    postId: 7,
    parentId: null,
    content: 'Depot opens at 7.',
    contentHtml: '<p>Depot opens at 7.</p>',
    createdAt: '2026-11-24T10:00:00.000Z',
    editedAt: '2026-11-24T11:00:00.000Z',
    isDeleted: false,
    upvotes: 0,
    downvotes: 0,
    userVote: null,
    author: { username: 'kim_multidrop', firstName: 'Kim', lastName: 'Lee', avatar: 'car', statusText: '' },
    canEdit: false,
    reactions: {},
    ...over,
  }) as TComment;

const renderThread = (comments: TComment[]) =>
  renderWithProviders(
    <CommentThread
      post={{ id: 7, comments, hasMoreComments: false } as unknown as TPostDetail}
      ctx={{ postId: 7, isLocked: false, user: null, myReactions: {}, highlightId: null, onPosted: () => {} }}
      loadMore={{ pending: false, error: null, run: () => {} }}
    />,
  );

describe('the edit history', () => {
  it('"(edited)" opens the versions, newest first, with the changes marked as text', async () => {
    const vector = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';
    const history: TRevisionHistory = {
      kind: 'comment',
      id: 5,
      removed: false,
      hidden: false,
      total: 3,
      versions: [
        { number: 3, title: null, content: `Depot opens at 7. ${vector}`, writtenAt: '2026-11-24T11:00:00.000Z', writtenBy: { username: 'kim_multidrop' } },
        { number: 2, title: null, content: 'Depot opens at 7.', writtenAt: '2026-11-24T10:30:00.000Z', writtenBy: { username: 'kim_multidrop' } },
        { number: 1, title: null, content: 'Depot opens at 6.', writtenAt: '2026-11-24T10:00:00.000Z', writtenBy: null },
      ],
    };
    const calls = stubApi((c) => (c.path === '/api/forum/comments/5/revisions' ? { body: history } : { status: 404, body: { message: 'Not found' } }));
    renderThread([comment({})]);

    fireEvent.click(screen.getByRole('button', { name: /^Edited .*see the edit history$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit history' });
    const versions = await within(dialog).findAllByRole('listitem');
    expect(versions.map((v) => v.getAttribute('aria-label'))).toEqual(['Version 3', 'Version 2', 'Version 1']);
    expect(calls.map((c) => c.path)).toContain('/api/forum/comments/5/revisions');

    // Version 3 added the vector: shown as inserted text, never as markup.
    const added = versions[0].querySelector('ins')!;
    expect(added.textContent).toBe(`Added:  ${vector}`);
    expect(dialog.querySelector('img, script')).toBeNull();
    // Version 2 changed one word of the original.
    expect(versions[1].querySelector('del')!.textContent).toBe('Removed: 6.');
    expect(versions[1].querySelector('ins')!.textContent).toBe('Added: 7.');
    // The original is shown whole, its author gone.
    expect(versions[2].textContent).toContain('Version 1 · Original');
    expect(versions[2].textContent).toContain('Anonymous');
    expect(versions[2].textContent).toContain('Depot opens at 6.');
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('a comment hidden by flags reads "Hidden while moderators review it", not deleted', () => {
    stubApi(() => ({ status: 404, body: { message: 'Not found' } }));
    renderThread([comment({ id: 9, isDeleted: true, isHidden: true, content: '', contentHtml: '', author: null, editedAt: null })]);
    const article = screen.getByRole('article', { name: 'Comment hidden for review' });
    expect(article.textContent).toContain('Hidden while moderators review it');
    expect(article.textContent).not.toContain('deleted');
  });
});
