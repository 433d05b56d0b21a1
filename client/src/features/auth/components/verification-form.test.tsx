import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { sanitizeCode, VerificationForm } from './verification-form';

afterEach(() => vi.unstubAllGlobals());

const noop = () => {};

describe('VerificationForm', () => {
  it('enables submit only at exactly 6 digits, dropping anything else typed', async () => {
    localStorage.setItem('pendingVerificationEmail', 'sam@example.co.uk');
    renderWithProviders(<VerificationForm onBack={noop} onNeedsSignIn={noop} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Verification code') as HTMLInputElement;
    const submit = screen.getByRole('button', { name: 'Verify email' }) as HTMLButtonElement;

    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.maxLength).toBe(6);
    expect(submit.disabled).toBe(true);

    await user.type(input, '12a3-4');
    expect(input.value).toBe('1234');
    expect(submit.disabled).toBe(true);

    await user.type(input, '5');
    expect(submit.disabled).toBe(true);
    await user.type(input, '6');
    expect(input.value).toBe('123456');
    expect(submit.disabled).toBe(false);

    await user.type(input, '{Backspace}');
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('sam@example.co.uk')).toBeTruthy();
  });

  it('asks for the email when none is pending', () => {
    renderWithProviders(<VerificationForm onBack={noop} onNeedsSignIn={noop} />);
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('Back forgets the pending email', async () => {
    localStorage.setItem('pendingVerificationEmail', 'sam@example.co.uk');
    const onBack = vi.fn();
    renderWithProviders(<VerificationForm onBack={onBack} onNeedsSignIn={noop} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalled();
    expect(localStorage.getItem('pendingVerificationEmail')).toBeNull();
  });

  it('sends email and code, and without autoLogin asks the member to sign in', async () => {
    localStorage.setItem('pendingVerificationEmail', 'sam@example.co.uk');
    const fetch = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ autoLogin: false, user: null, isNewUser: true, message: 'Verified' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    const onNeedsSignIn = vi.fn();
    renderWithProviders(<VerificationForm onBack={noop} onNeedsSignIn={onNeedsSignIn} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    await waitFor(() => expect(onNeedsSignIn).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ email: 'sam@example.co.uk', code: '654321' });
    expect(localStorage.getItem('pendingVerificationEmail')).toBeNull();
  });
});

describe('sanitizeCode', () => {
  it('keeps at most six digits', () => {
    expect(sanitizeCode(' 12 34 56 78')).toBe('123456');
    expect(sanitizeCode('abc')).toBe('');
  });
});
