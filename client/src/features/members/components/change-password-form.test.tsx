import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { ChangePasswordForm } from './change-password-form';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

function stubFetch(answer: Response) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return answer;
    }),
  );
  return bodies;
}

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

async function fill(current: string, next: string, confirm: string) {
  await userEvent.type(screen.getByLabelText('Current password'), current);
  await userEvent.type(screen.getByLabelText('New password'), next);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
}

describe('ChangePasswordForm', () => {
  it("checks the new password's rules and that both copies match", async () => {
    const bodies = stubFetch(new Response('{}'));
    renderWithProviders(<ChangePasswordForm onDone={() => {}} />);
    await fill('Old@Pass1', 'short', 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('sends the passwords, not the confirmation, and shows a wrong current password on its field', async () => {
    const bodies = stubFetch(new Response('{"message":"Current password is incorrect"}', { status: 400 }));
    renderWithProviders(<ChangePasswordForm onDone={() => {}} />);
    // Other devices are always signed out: there is no choice to make, only the member is told.
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText('Changing your password signs you out on your other devices. This one stays signed in.')).toBeTruthy();
    await fill('Wrong@Pass1', 'New@Pass22', 'New@Pass22');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(bodies).toEqual([{ currentPassword: 'Wrong@Pass1', newPassword: 'New@Pass22' }]));
    expect(await screen.findByText('Current password is incorrect', { selector: '[role=alert]' })).toBeTruthy();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: 'Current password is incorrect', variant: 'destructive' }));
  });
});
