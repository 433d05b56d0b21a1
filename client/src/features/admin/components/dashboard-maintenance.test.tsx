import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import type { TMaintenanceStatus } from '@common/contracts/maintenance';
import { renderWithProviders } from '@/test/render';
import { getDashboardQueryOptions } from '../api/dashboard';
import { DashboardMaintenance } from './dashboard-maintenance';

// Issue 18: the switch only prepares a change; what is saved (live) and what Save would change are
// said apart, so a flipped switch is never taken for a site already in maintenance.

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

/** The server's switch: the dashboard reads it, the PUT stores it. */
function stubServer(saved: TMaintenanceStatus) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/admin/maintenance' && init?.method === 'PUT') {
        saved = JSON.parse(String(init.body)) as TMaintenanceStatus;
        puts.push(saved);
        return json(saved);
      }
      if (url === '/api/admin/dashboard') return json({ maintenance: saved });
      return json({ maintenanceMode: saved.maintenanceMode, message: saved.message });
    }),
  );
  return puts;
}

/** As on /admin: the section shows the dashboard's (saved) state. */
function Harness() {
  const q = useQuery(getDashboardQueryOptions());
  return q.data ? <DashboardMaintenance current={q.data.maintenance} /> : null;
}

const state = () => screen.getByRole('status');
const toggle = () => screen.getByRole('switch', { name: 'Maintenance mode' });
const save = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save maintenance settings' });

afterEach(() => vi.unstubAllGlobals());

describe('DashboardMaintenance', () => {
  it('a flipped switch says it is not saved yet; Save makes it the current state', async () => {
    const puts = stubServer({ maintenanceMode: false, message: '' });
    renderWithProviders(<Harness />);
    await waitFor(() => expect(state().textContent).toBe('Currently off'));
    expect(save().disabled).toBe(true);

    await userEvent.click(toggle());
    expect(toggle().getAttribute('aria-checked')).toBe('true');
    expect(state().textContent).toBe('Currently offNot saved yet: turns on when you save.');
    expect(toggle().getAttribute('aria-describedby')).toContain(state().id);
    expect(puts).toEqual([]);

    await userEvent.click(save());
    await waitFor(() => expect(state().textContent).toBe('Currently on'));
    expect(puts).toEqual([{ maintenanceMode: true, message: '' }]);
    expect(toast).toHaveBeenCalledWith({ title: 'Maintenance mode is on', variant: 'success' });

    // Flipped back without saving: still on until saved.
    await userEvent.click(toggle());
    expect(state().textContent).toBe('Currently onNot saved yet: turns off when you save.');
    await userEvent.click(toggle());
    expect(state().textContent).toBe('Currently on');
  });

  it('a changed banner message is pending too', async () => {
    stubServer({ maintenanceMode: true, message: 'Back by 22:00' });
    renderWithProviders(<Harness />);
    await waitFor(() => expect(state().textContent).toBe('Currently on'));
    const message = screen.getByRole('textbox', { name: 'Banner message' });
    await userEvent.type(message, ' tonight');
    expect(state().textContent).toBe('Currently onNot saved yet: the new banner message shows when you save.');
    await userEvent.click(save());
    await waitFor(() => expect(state().textContent).toBe('Currently on'));
  });
});
