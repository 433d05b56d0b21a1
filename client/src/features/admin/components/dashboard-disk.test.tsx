import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { DashboardDisk, storageSize } from './dashboard-disk';

// Issue 29: the dashboard shows DATA_DIR's free space, and says plainly when writes are refused for it.

const MB = 2 ** 20;

describe('DashboardDisk', () => {
  it('shows free space of the disk and what is kept back', () => {
    renderWithProviders(<DashboardDisk disk={{ freeBytes: 12.34 * 1024 * MB, totalBytes: 40 * 1024 * MB, reserveBytes: 200 * MB, databaseRoomBytes: 24 * MB, writable: true }} />);
    const card = screen.getByRole('region', { name: 'Disk space' });
    expect(screen.getByTestId('disk-free').textContent).toBe('12.3 GB free of 40.0 GB');
    expect(card.textContent).toContain('Writes stop when less than 224 MB is free (200 MB reserve and 24 MB for the database).');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('while writes are refused, says so as an alert with what to do', () => {
    renderWithProviders(<DashboardDisk disk={{ freeBytes: 1 * MB, totalBytes: 64 * MB, reserveBytes: 3.2 * MB, databaseRoomBytes: 0, writable: false }} />);
    const alert = screen.getByRole('alert', { name: 'Disk space' });
    expect(screen.getByTestId('disk-free').textContent).toBe('1 MB free of 64 MB');
    expect(alert.textContent).toContain(
      "The server is out of storage space: posts, comments, messages and photos are refused until space is freed on the data folder's disk (it keeps 3 MB back: 3 MB reserve). Deleting old backups or photos makes room.",
    );
  });

  it('counts sizes as df -h does', () => {
    expect([storageSize(0), storageSize(1023 * MB), storageSize(1024 * MB), storageSize(250 * 1024 * MB)]).toEqual(['0 MB', '1023 MB', '1.0 GB', '250 GB']);
  });
});
