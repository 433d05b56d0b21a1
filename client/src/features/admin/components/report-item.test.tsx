import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAdminReport } from '@common/contracts/moderation';
import { ROLE_MSG } from '@common/rules/roles';
import { UPLOAD_MSG } from '@common/rules/uploads';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { adminKeys } from '../api/keys';
import { ReportItem } from './report-item';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const photo = (id: string) => ({
  id,
  src: `/uploads/${id}/full.jpg`,
  srcset: `/uploads/${id}/w320.webp 320w, /uploads/${id}/full.webp 900w`,
  width: 900,
  height: 600,
});
const ID_A = 'aaaaaaaaaaaaaaaaaaaa';
const ID_B = 'bbbbbbbbbbbbbbbbbbbb';

const base: TAdminReport = {
  id: 11,
  reason: 'A photo of someone’s house number and van',
  status: 'open',
  createdAt: '2026-06-01T09:00:00.000Z',
  reporter: { id: 4, username: 'sam' },
  target: {
    type: 'post',
    id: 90,
    exists: true,
    href: '/forum/post/depot-queue',
    label: 'Depot queue this morning',
    postTitle: 'Depot queue this morning',
    postSlug: 'depot-queue',
    commentExcerpt: null,
    username: null,
    authorUsername: 'alex',
  },
  targetReportCount: 1,
  resolution: null,
  resolvedAt: null,
  resolvedBy: null,
  photos: [photo(ID_A), photo(ID_B)],
  conversation: null,
};

const renderItem = (report: TAdminReport) =>
  renderWithProviders(
    <ul>
      <ReportItem report={report} />
    </ul>,
  );

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('ReportItem photos', () => {
  it('shows the content’s photos, and Remove photo everywhere asks first, then removes it and refreshes the queue', async () => {
    const calls = stubApi(() => ({ body: { removed: true, places: 2 } }));
    const { queryClient } = renderItem(base);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(screen.getAllByRole('button', { name: 'Open photo' })).toHaveLength(2);

    await userEvent.click(screen.getAllByRole('button', { name: 'Remove photo everywhere' })[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Remove this photo from every post, comment and message?' });
    expect(calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo' }));

    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: UPLOAD_MSG.removed, variant: 'success' }));
    expect(calls).toEqual([{ method: 'DELETE', path: `/api/admin/uploads/${ID_B}` }]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: adminKeys.reports.all });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Cancel removes nothing', async () => {
    const calls = stubApi(() => ({ body: { removed: true, places: 1 } }));
    renderItem(base);
    await userEvent.click(screen.getAllByRole('button', { name: 'Remove photo everywhere' })[0]!);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);
  });

  it('a refusal shows in an error toast', async () => {
    stubApi(() => ({ status: 404, body: { message: UPLOAD_MSG.notFound } }));
    renderItem(base);
    await userEvent.click(screen.getAllByRole('button', { name: 'Remove photo everywhere' })[0]!);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Action failed', description: UPLOAD_MSG.notFound, variant: 'destructive' }));
  });

  it('content without photos shows no photo tools', () => {
    renderItem({ ...base, photos: [] });
    expect(screen.queryByRole('button', { name: 'Remove photo everywhere' })).toBeNull();
  });
});

describe('ReportItem on a chat message', () => {
  it('shows the messages around it with the reported one marked', () => {
    renderItem({
      ...base,
      target: { ...base.target, type: 'message', id: 501, href: null, label: 'Look at this', postTitle: null, postSlug: null },
      photos: [photo(ID_A)],
      conversation: {
        id: 31,
        messages: [
          { id: 500, senderUsername: 'sam', content: 'Where are you parked?', photo: null, createdAt: '2026-06-01T08:58:00.000Z', reported: false },
          { id: 501, senderUsername: 'alex', content: 'Look at this', photo: photo(ID_A), createdAt: '2026-06-01T08:59:00.000Z', reported: true },
        ],
      },
    });
    expect(screen.getByText('“Look at this”')).toBeTruthy();
    expect(screen.getByText('Sent by @alex')).toBeTruthy();
    expect(screen.queryByText(/no longer on the site/)).toBeNull();
    const reported = screen.getByText('Reported message').closest('li')!;
    expect(reported.getAttribute('aria-current')).toBe('true');
    expect(reported.textContent).toContain('@alex');
    expect(reported.textContent).toContain('Look at this');
    expect(screen.getByText('Where are you parked?').closest('li')!.getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove photo everywhere' })).toBeTruthy();
    // No "delete message" action: messages are not deleted from the queue.
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});

describe('ReportItem chat suspension (issue 18)', () => {
  const message: TAdminReport = {
    ...base,
    target: { ...base.target, type: 'message', href: null, label: 'Rude message', postTitle: null, postSlug: null, authorUsername: 'alex', authorId: 7 },
    photos: [],
  };

  it("suspends the sender's chat from a message report, with the note as the reason", async () => {
    const calls = stubApi(() => ({ body: { id: 7 } }));
    renderItem(message);
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Abusive messages');
    await userEvent.click(screen.getByRole('button', { name: 'Suspend chat of @alex' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Chat suspended for @alex' })));
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', path: '/api/admin/members/7/chat-suspension', body: { reason: 'Abusive messages' } });
    expect(screen.getByRole('button', { name: 'Chat suspended' })).toHaveProperty('disabled', true);
  });

  it('offers it only for open message and member reports whose author is still there', () => {
    stubApi(() => ({ body: {} }));
    renderItem({ ...message, target: { ...message.target, authorId: null } });
    renderItem({ ...base, target: { ...base.target, authorId: 7 } });
    expect(screen.queryByRole('button', { name: /Suspend chat/ })).toBeNull();
  });
});

describe('ReportItem on what members’ flags hid (issue 28)', () => {
  const hidden: TAdminReport = {
    ...base,
    photos: [],
    targetReportCount: 3,
    target: { ...base.target, exists: false, href: null, hidden: true, removedContent: 'Cheap van hire, call 07000 000000 <b>today</b>' },
  };

  it('says it is hidden, shows its text as text, and offers uphold or restore (no delete)', async () => {
    const calls = stubApi(() => ({ body: { message: 'Report resolved' } }));
    renderItem(hidden);
    expect(screen.getByText('Hidden by members’ flags')).toBeTruthy();
    expect(screen.getByText('Cheap van hire, call 07000 000000 <b>today</b>')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Uphold: keep it removed' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Flags upheld: the post stays removed', variant: 'success' }));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/admin/reports/11/resolve' });
  });

  it('rejecting the flags restores it', async () => {
    const calls = stubApi(() => ({ body: { message: 'Report dismissed' } }));
    renderItem(hidden);
    await userEvent.click(screen.getByRole('button', { name: 'Reject the flags: restore it' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Flags rejected: the post is back', variant: 'success' }));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/admin/reports/11/dismiss' });
  });
});

describe('ReportItem account suspension (issue 28)', () => {
  const flagged: TAdminReport = { ...base, photos: [], target: { ...base.target, authorId: 7, hidden: true } };
  const openDialog = async (report: TAdminReport = flagged) => {
    renderItem(report);
    await userEvent.click(screen.getByRole('button', { name: 'Suspend @alex' }));
    return screen.findByRole('dialog', { name: 'Suspend @alex?' });
  };

  it('suspends the author for 1 or 7 days with a reason they are shown, and says so', async () => {
    const calls = stubApi(() => ({ body: { id: 7, username: 'alex', suspended: true, suspendedUntil: '2026-06-08T09:00:00.000Z', suspensionReason: 'Spam links' } }));
    const dialog = await openDialog();
    // A moderator's lengths only: longer and until lifted are admins', on the member's record.
    expect(within(dialog).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['1 day', '7 days']);
    expect(within(dialog).getByRole('radio', { name: '1 day' })).toHaveProperty('checked', true);
    expect(within(dialog).getByText(/shown the end and the reason/)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('radio', { name: '7 days' }));
    await userEvent.type(within(dialog).getByLabelText('Reason (shown to the member at sign-in)'), '  Spam links ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend @alex' }));

    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: '@alex is suspended', variant: 'success' }));
    expect(calls).toEqual([{ method: 'POST', path: '/api/admin/members/7/suspension', body: { reason: 'Spam links', duration: '7d' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('@alex is suspended');
  });

  it('asks for the reason before sending anything', async () => {
    const calls = stubApi(() => ({ body: {} }));
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend @alex' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(ROLE_MSG.moderatorSuspensionReason);
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal in the dialog (an admin or a moderator) and says nothing is done", async () => {
    stubApi(() => ({ status: 403, body: { message: ROLE_MSG.moderatorBounds } }));
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Spam links');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend @alex' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(ROLE_MSG.moderatorBounds);
    expect(toast).toHaveBeenCalledWith({ title: 'Suspend @alex failed', description: ROLE_MSG.moderatorBounds, variant: 'destructive' });
    expect(screen.queryByText('@alex is suspended')).toBeNull();
  });

  it('is offered on open and upheld reports whose author is still there, not on dismissed ones', () => {
    stubApi(() => ({ body: {} }));
    const upheld = { ...flagged, status: 'resolved' as const, resolvedAt: '2026-06-01T10:00:00.000Z' };
    const { unmount } = renderItem(upheld);
    expect(screen.getByRole('button', { name: 'Suspend @alex' })).toBeTruthy();
    unmount();
    renderItem({ ...flagged, status: 'dismissed' });
    renderItem({ ...flagged, target: { ...flagged.target, authorId: null } });
    expect(screen.queryByRole('button', { name: /^Suspend @/ })).toBeNull();
  });
});

// Issue 32 (ADR 0022): a report on anonymous content names its label, never the account.
describe('ReportItem: anonymous content', () => {
  it('says who wrote it by the label, and offers no suspension of an author it cannot name', () => {
    stubApi(() => ({ body: {} }));
    renderItem({ ...base, photos: [], target: { ...base.target, authorUsername: null, authorId: null, anonymousAs: 'A Kerbside member in LS' } });
    const article = screen.getByRole('article');
    expect(article.textContent).toContain('Written by A Kerbside member in LS, Anonymous');
    expect(article.textContent).not.toContain('@alex');
    expect(screen.queryByRole('button', { name: /^Suspend/ })).toBeNull();
  });
});
