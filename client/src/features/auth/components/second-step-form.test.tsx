import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIGN_IN_MSG } from '@common/rules/sign-in';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';
import { testUser } from '@/test/users';
import { SecondStepForm } from './second-step-form';

// Issue 33 part 3: the second step of a sign-in, the authenticator app's code or a recovery code.

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const TICKET = 't'.repeat(43);

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

function renderForm(answer: (c: ApiCall) => { status?: number; body: unknown }, canRemember = true) {
  const calls = stubApi(answer);
  const props = { onSignedIn: vi.fn(), onExpired: vi.fn(), onBack: vi.fn() };
  renderWithProviders(<SecondStepForm secondStep={{ ticket: TICKET, canRemember }} idPrefix="t" {...props} />);
  return { calls, ...props };
}

const signedIn = { message: 'Login successful', user: testUser() };

describe('SecondStepForm', () => {
  it('asks for the app’s code, checks it is six digits, and sends it with the ticket and the remembered device', async () => {
    const u = userEvent.setup();
    const { calls, onSignedIn } = renderForm(() => ({ body: signedIn }));
    expect(screen.getByRole('form', { name: 'Two-step sign-in' })).toBeTruthy();
    const field = screen.getByLabelText('Code from your authenticator app') as HTMLInputElement;
    expect(field.inputMode).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(document.activeElement).toBe(field);

    await u.type(field, '12345');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SIGN_IN_MSG.codeFormat, { selector: '[role=alert]' })).toBeTruthy();
    expect(calls).toEqual([]);

    await u.type(field, '6');
    await u.click(screen.getByRole('checkbox', { name: 'Remember this device for 30 days' }));
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(signedIn));
    expect(calls).toEqual([{ method: 'POST', path: '/api/auth/second-step', body: { ticket: TICKET, code: '123456', rememberDevice: true } }]);
  });

  it('takes a recovery code instead, in any case and with spaces or a dash', async () => {
    const u = userEvent.setup();
    const { calls, onSignedIn } = renderForm(() => ({ body: { ...signedIn, message: SIGN_IN_MSG.recoveryUsed(9) } }));
    await u.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code') as HTMLInputElement;
    expect(field.getAttribute('autocomplete')).toBe('off');
    expect(screen.queryByLabelText('Code from your authenticator app')).toBeNull();

    await u.type(field, 'not a code');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SIGN_IN_MSG.recoveryFormat, { selector: '[role=alert]' })).toBeTruthy();
    expect(calls).toEqual([]);

    await u.clear(field);
    await u.type(field, 'ABCDE - 12345');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls[0].body).toEqual({ ticket: TICKET, code: 'abcde12345', rememberDevice: false });

    await u.click(screen.getByRole('button', { name: 'Use a code from your app instead' }));
    expect(screen.getByLabelText('Code from your authenticator app')).toBeTruthy();
  });

  it('offers to remember the device only when the server does (never to admins)', () => {
    renderForm(() => ({ body: signedIn }), false);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('shows a wrong code under the field and in a toast, and stays', async () => {
    const u = userEvent.setup();
    const { onSignedIn, onExpired } = renderForm(() => ({ status: 400, body: { message: SIGN_IN_MSG.codeWrong, errors: { code: SIGN_IN_MSG.codeWrong } } }));
    await u.type(screen.getByLabelText('Code from your authenticator app'), '000000');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SIGN_IN_MSG.codeWrong, { selector: '[role=alert]' })).toBeTruthy();
    expect(toast).toHaveBeenCalledWith({ title: 'Login failed', description: SIGN_IN_MSG.codeWrong, variant: 'destructive' });
    expect(screen.getByLabelText('Code from your authenticator app').getAttribute('aria-invalid')).toBe('true');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('hands a timed-out sign-in back to the password form with the server’s words', async () => {
    const u = userEvent.setup();
    const { onExpired } = renderForm(() => ({ status: 400, body: { message: SIGN_IN_MSG.secondStepExpired } }));
    await u.type(screen.getByLabelText('Code from your authenticator app'), '123456');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onExpired).toHaveBeenCalledWith(SIGN_IN_MSG.secondStepExpired));
  });

  it('"Start again" goes back to the password form', async () => {
    const { onBack, calls } = renderForm(() => ({ body: signedIn }));
    await userEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(onBack).toHaveBeenCalled();
    expect(calls).toEqual([]);
  });
});
