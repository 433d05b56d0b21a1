import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TBackupStatus } from '@common/contracts/backups';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { DashboardBackups, megabytes, photosHeld } from './dashboard-backups';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const none: TBackupStatus = { last: null, running: false, lastError: null, keep: 7 };
// 03:00 UTC in June is 04:00 in London (BST).
const last: NonNullable<TBackupStatus['last']> = {
  at: '2026-06-01T03:00:00.000Z',
  bytes: 6_040_000,
  name: 'kerbside-20260601-030000.tar',
  photos: { kind: 'files', photos: 12, files: 60, bytes: 4_000_000 },
};

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('DashboardBackups', () => {
  it('"No backup yet"; Back up now starts one, is disabled while it runs, and the card polls until it is done', async () => {
    let state: TBackupStatus = none;
    const calls = stubApi((c) => {
      if (c.method === 'POST') {
        state = { ...none, running: true };
        return { status: 202, body: state };
      }
      // The first look after starting (the poll) finds it written.
      if (state.running) state = { ...none, last };
      return { body: state };
    });
    renderWithProviders(<DashboardBackups />);
    expect(await screen.findByText('No backup yet')).toBeTruthy();
    expect(screen.getByText(/backs up the database and the photos every day by itself and keeps the 7 newest/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Back up now' }));
    expect(await screen.findByRole('button', { name: 'Backing up…' })).toHaveProperty('disabled', true);
    expect(toast).toHaveBeenCalledWith({ title: 'Backup started' });

    const line = await screen.findByText(/Last backup:/, {}, { timeout: 5_000 });
    expect(line.textContent).toBe('Last backup: 1 Jun 2026, 04:00 · 6.04 MB · database and 12 photos Download');
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe('/api/admin/backups/kerbside-20260601-030000.tar');
    expect(screen.getByRole('button', { name: 'Back up now' })).toHaveProperty('disabled', false);
    // Toasted by an effect, which runs once the card has painted.
    await vi.waitFor(() => expect(toast).toHaveBeenLastCalledWith({ title: 'Backup complete', variant: 'success' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/api/admin/backups' }]);
  }, 10_000);

  it("a refused start (one is running) is toasted with the server's message", async () => {
    stubApi((c) => (c.method === 'POST' ? { status: 409, body: { message: 'A backup is already running' } } : { body: { ...none, last } }));
    renderWithProviders(<DashboardBackups />);
    await userEvent.click(await screen.findByRole('button', { name: 'Back up now' }));
    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Could not start a backup', description: 'A backup is already running', variant: 'destructive' }),
    );
  });

  it('shows why the last backup failed', async () => {
    stubApi(() => ({ body: { ...none, last, lastError: 'ENOSPC: no space left on device' } }));
    renderWithProviders(<DashboardBackups />);
    expect((await screen.findByRole('alert')).textContent).toBe('The last backup failed: ENOSPC: no space left on device');
  });

  it('says what the last backup holds: photos, an S3 listing, or the database alone (an older backup)', async () => {
    const s3 = { ...last, bytes: 200_000, photos: { kind: 's3' as const, bucket: 'kerbside-photos', photos: 1, files: 5, bytes: 900_000 } };
    stubApi(() => ({ body: { ...none, last: s3 } }));
    renderWithProviders(<DashboardBackups />);
    expect((await screen.findByText(/Last backup:/)).textContent).toBe(
      'Last backup: 1 Jun 2026, 04:00 · 0.20 MB · database and a listing of 1 photo in the S3 bucket kerbside-photos (not copied) Download',
    );
    expect(photosHeld({ kind: 'none' })).toBe('database only, no photos');
  });

  it('sizes read in MB', () => {
    expect(megabytes(6_040_000)).toBe('6.04 MB');
    expect(megabytes(123_456_789)).toBe('123.5 MB');
    expect(megabytes(200_000)).toBe('0.20 MB');
  });
});
