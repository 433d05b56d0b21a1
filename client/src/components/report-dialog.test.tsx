import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { ReportButton } from './report-button';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

function stubFetch(answer: () => Response) {
  const calls: { url: string; method?: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer();
    }),
  );
  return calls;
}

async function openDialog() {
  renderWithProviders(<ReportButton targetType="comment" targetId={42} targetLabel="sam's comment" />);
  await userEvent.click(screen.getByRole('button', { name: "Report sam's comment" }));
  // The dialog is its own chunk: a busy CI machine may take a while to load it.
  return screen.findByRole('dialog', { name: "Report sam's comment" }, { timeout: 5000 });
}

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('ReportButton and ReportDialog', () => {
  it('asks for a reason of at least 10 characters and sends nothing until then', async () => {
    const calls = stubFetch(() => new Response('{}', { status: 201 }));
    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please tell us what is wrong (at least 10 characters)');
    await userEvent.type(screen.getByLabelText('Reason'), '   spam   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByRole('alert').textContent).toBe('Please tell us what is wrong (at least 10 characters)');
    expect(screen.getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it("sends the report and says 'Report sent'", async () => {
    const calls = stubFetch(() => new Response(JSON.stringify({ id: 7, message: 'Report sent' }), { status: 201 }));
    await openDialog();
    await userEvent.type(screen.getByLabelText('Reason'), '  Spam link to a fake job  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Report sent', variant: 'success' })));
    expect(calls).toEqual([{ url: '/api/reports', method: 'POST', body: { targetType: 'comment', targetId: 42, reason: 'Spam link to a fake job' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal in the dialog and in an error toast", async () => {
    stubFetch(() => new Response(JSON.stringify({ message: 'You have already reported this' }), { status: 409 }));
    await openDialog();
    await userEvent.type(screen.getByLabelText('Reason'), 'Spam link to a fake job');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have already reported this');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Report failed', description: 'You have already reported this', variant: 'destructive' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
