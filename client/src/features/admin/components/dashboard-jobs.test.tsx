import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TJobsSummary } from '@common/contracts/jobs';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { DashboardJobs } from './dashboard-jobs';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

// 03:00 UTC in June is 04:00 in London (BST).
const relay = {
  id: 41,
  name: 'push.send',
  attempts: 8,
  lastError: 'push service answered 503',
  createdAt: '2026-06-01T00:00:00.000Z',
  failedAt: '2026-06-01T03:00:00.000Z',
};
const digest = { id: 7, name: 'notification-mail.run', attempts: 1, lastError: null, createdAt: '2026-05-31T12:30:00.000Z', failedAt: null };
const withFailures: TJobsSummary = {
  byName: [
    { name: 'event:comment.created:notify', pending: 2, dead: 0, doneLastDay: 1234 },
    { name: 'push.send', pending: 0, dead: 1, doneLastDay: 56 },
  ],
  dead: [relay, digest],
};

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

/** The table's text, row by row (headers and cells). */
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('DashboardJobs', () => {
  it('shows each job’s pending, failed and done-in-a-day counts, and the failed jobs with their error, attempts and times', async () => {
    stubApi(() => ({ body: withFailures }));
    renderWithProviders(<DashboardJobs />);
    expect(screen.getByRole('heading', { name: 'Background jobs' })).toBeTruthy();
    expect(rowsOf(await screen.findByRole('table'))).toEqual([
      ['Job', 'Pending', 'Failed', 'Done (24 h)'],
      ['event:comment.created:notify', '2', '0', '1,234'],
      ['push.send', '0', '1', '56'],
    ]);
    const items = within(screen.getByRole('list', { name: 'Failed jobs' })).getAllByRole('listitem');
    expect(items.map((li) => [...li.querySelectorAll('p')].map((p) => p.textContent))).toEqual([
      ['push.send', 'push service answered 503', '8 attempts · failed 1 Jun 2026, 04:00 · queued 1 Jun 2026, 01:00'],
      ['notification-mail.run', 'No error was recorded.', '1 attempt · queued 31 May 2026, 13:30'],
    ]);
    // Each has its Retry, which says which job it is for.
    const buttons = items.map((li) => within(li).getByRole('button', { name: 'Retry' }));
    expect(buttons.map((b) => document.getElementById(b.getAttribute('aria-describedby')!)?.textContent)).toEqual(['push.send', 'notification-mail.run']);
    expect(screen.queryByText('No failed jobs.')).toBeNull();
  });

  it('"No failed jobs." when none failed; "No jobs have run yet." on a new site', async () => {
    stubApi(() => ({ body: { byName: withFailures.byName.map((j) => ({ ...j, dead: 0 })), dead: [] } }));
    const { unmount } = renderWithProviders(<DashboardJobs />);
    expect(await screen.findByText('No failed jobs.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    unmount();
    stubApi(() => ({ body: { byName: [], dead: [] } }));
    renderWithProviders(<DashboardJobs />);
    expect(await screen.findByText('No jobs have run yet.')).toBeTruthy();
    expect(screen.getByText('No failed jobs.')).toBeTruthy();
  });

  it('Retry queues the job again, says so, and reads the card afresh: the job has left the failed list', async () => {
    let summary = withFailures;
    const calls = stubApi((c) => {
      if (c.method === 'POST') {
        summary = { byName: withFailures.byName, dead: [digest] };
        return { status: 202, body: { id: relay.id, name: relay.name } };
      }
      return { body: summary };
    });
    renderWithProviders(<DashboardJobs />);
    const [retry] = await screen.findAllByRole('button', { name: 'Retry' });
    await userEvent.click(retry);
    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Retry queued', description: 'push.send runs again in the background.', variant: 'success' }),
    );
    await vi.waitFor(() => expect(screen.queryByText('push service answered 503')).toBeNull());
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/api/admin/jobs/41/retry' }]);
  });

  it("a refused retry (another admin's took it) shows the server's message", async () => {
    stubApi((c) => (c.method === 'POST' ? { status: 404, body: { message: 'No failed job with this id' } } : { body: withFailures }));
    renderWithProviders(<DashboardJobs />);
    const [retry] = await screen.findAllByRole('button', { name: 'Retry' });
    await userEvent.click(retry);
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Retry failed', description: 'No failed job with this id', variant: 'destructive' }));
  });

  it('shows a failed job’s error as text: an address or a subject a member wrote never runs as markup', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script> refused by smtp';
    stubApi(() => ({ body: { ...withFailures, dead: [{ ...relay, lastError: hostile }] } }));
    renderWithProviders(<DashboardJobs />);
    expect(await screen.findByText(hostile)).toBeTruthy();
    expect(document.querySelector('img[src="x"], script')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('says when the jobs could not be loaded', async () => {
    stubApi(() => ({ status: 403, body: { message: 'Admins only' } }));
    renderWithProviders(<DashboardJobs />);
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to load background jobs. Admins only');
  });
});
