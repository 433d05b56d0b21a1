import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { TUser } from '@common/contracts/auth';
import { USER_QUERY_KEY } from '@/lib/auth';
import { sharedKeys } from '@/lib/query-keys';
import { renderWithProviders } from '@/test/render';
import { testUser } from '@/test/users';
import { CommentForm } from './comment-form';
import { EMPTY_POST, PostEditor } from './post-editor';
import { ReactionsBar } from './reactions-bar';
import { VoteControl } from './vote-control';

// Issue 18: during maintenance every write control rests, with the reason beside it (lib/read-only.ts);
// an admin's do not, as the server lets an admin's writes through.

const REASON = 'Kerbside is read-only during maintenance.';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderWith(ui: ReactElement, { maintenanceMode = true, user = testUser() }: { maintenanceMode?: boolean; user?: TUser } = {}) {
  const fetch = vi.fn(async (url: string) => {
    if (url === '/api/maintenance/status') return json({ maintenanceMode, message: 'Back by 22:00' });
    if (url === '/api/auth/user') return json(user);
    return json([]);
  });
  vi.stubGlobal('fetch', fetch);
  return { ...renderWithProviders(ui), fetch };
}

const comment = (
  <CommentForm draftKey="comment:1" label="Add a comment" submitLabel="Post Comment" onSubmit={async () => undefined} />
);
const controls = (
  <>
    <VoteControl targetType="post" id={7} upvotes={3} downvotes={1} userVote={null} />
    <ReactionsBar summary={{ '👍': { count: 2 } }} mine={[]} onToggle={() => undefined} label="Reactions to this post" />
  </>
);

afterEach(() => vi.unstubAllGlobals());

describe('write controls during maintenance', () => {
  it("a member's comment box is disabled with the reason", async () => {
    renderWith(comment);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Add a comment' });
    await waitFor(() => expect(box.disabled).toBe(true));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Post Comment' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Photo/ }).disabled).toBe(true);
    const reason = screen.getByText(REASON);
    expect(box.getAttribute('aria-describedby')).toContain(reason.id);
  });

  it('the post editor keeps taking text but will not publish, and says why', async () => {
    renderWith(<PostEditor draftKey="post:new" initial={EMPTY_POST} submitLabel="Publish" onSubmit={async () => 1} onSaved={() => undefined} />);
    const publish = screen.getByRole<HTMLButtonElement>('button', { name: 'Publish' });
    await waitFor(() => expect(publish.disabled).toBe(true));
    expect(publish.getAttribute('aria-describedby')).toBe(screen.getByText(REASON).id);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' }).disabled).toBe(false);
  });

  it('votes, reaction chips and the reaction picker rest, their title saying why', async () => {
    const { fetch } = renderWith(controls);
    const up = screen.getByRole<HTMLButtonElement>('button', { name: /^Upvote/ });
    await waitFor(() => expect(up.disabled).toBe(true));
    for (const button of [up, screen.getByRole('button', { name: /^Downvote/ }), screen.getByRole('button', { name: /^Thumbs up/ }), screen.getByRole('button', { name: 'React: add a reaction' })]) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
      expect(button.getAttribute('title')).toBe(REASON);
    }
    up.click();
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/forum/posts/7/vote');
  });

  it("an admin's controls stay live (the server lets an admin write)", async () => {
    const { queryClient } = renderWith(
      <>
        {comment}
        {controls}
      </>,
      { user: testUser({ isAdmin: true }) },
    );
    await waitFor(() => expect(queryClient.getQueryData(sharedKeys.maintenance)).toBeTruthy());
    await waitFor(() => expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeTruthy());
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Add a comment' }).disabled).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Upvote/ }).disabled).toBe(false);
    expect(screen.queryByText(REASON)).toBeNull();
  });

  it('everything is live again once maintenance is off', async () => {
    const { queryClient } = renderWith(
      <>
        {comment}
        {controls}
      </>,
      { maintenanceMode: false },
    );
    await waitFor(() => expect(queryClient.getQueryData(sharedKeys.maintenance)).toBeTruthy());
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Add a comment' }).disabled).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'React: add a reaction' }).disabled).toBe(false);
    expect(screen.queryByText(REASON)).toBeNull();
  });
});
