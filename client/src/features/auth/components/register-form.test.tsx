import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@common/rules/auth';
import { renderWithProviders } from '@/test/render';
import { RegisterForm } from './register-form';

afterEach(() => vi.unstubAllGlobals());

const field = (label: string) => screen.getByLabelText(label, { exact: true });

async function fill(values: Partial<Record<string, string>>) {
  const user = userEvent.setup();
  for (const [label, v] of Object.entries(values)) if (v) await user.type(field(label), v);
  await user.click(screen.getByRole('button', { name: 'Join Free' }));
  return user;
}

/** The message shown under a field, linked to it by aria-describedby. */
function errorOf(label: string): string | null {
  const input = field(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  const el = ids.map((id) => document.getElementById(id)).find((n) => n?.getAttribute('role') === 'alert');
  return el?.textContent ?? null;
}

describe('RegisterForm', () => {
  it('shows the spec §5 message under each empty field', async () => {
    renderWithProviders(<RegisterForm onRegistered={() => {}} />);
    await fill({});
    await waitFor(() => expect(errorOf('First name')).toBe(MSG.firstNameRequired));
    expect(errorOf('First name')).toBe('First name is required');
    expect(errorOf('Last name')).toBe('Last name is required');
    expect(errorOf('Username')).toBe('Username must be at least 3 characters');
    expect(errorOf('Email')).toBe('Invalid email address');
    expect(errorOf('Password')).toBe('Password must be at least 8 characters');
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
  });

  it('explains bad usernames, weak passwords and a mismatched confirmation', async () => {
    renderWithProviders(<RegisterForm onRegistered={() => {}} />);
    await fill({
      'First name': 'Sam',
      'Last name': 'Driver',
      Username: 'sam driver!',
      Email: 'sam@example.co.uk',
      Password: 'password123',
      'Confirm password': 'password124',
    });
    await waitFor(() => expect(errorOf('Username')).toBe('Username can only contain letters, numbers, and underscores'));
    expect(errorOf('Password')).toBe('Password must contain uppercase, lowercase, number, and special character');
    expect(errorOf('Confirm password')).toBe("Passwords don't match");
    expect(errorOf('First name')).toBeNull();
    expect(errorOf('Email')).toBeNull();
  });

  it('sends the form without confirmPassword and hands over the email', async () => {
    const fetch = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ message: 'Check your email', email: 'sam@example.co.uk', requiresVerification: true }), { status: 201 }),
    );
    vi.stubGlobal('fetch', fetch);
    const onRegistered = vi.fn();
    renderWithProviders(<RegisterForm onRegistered={onRegistered} />);
    await fill({
      'First name': 'Sam',
      'Last name': 'Driver',
      Username: 'sam_driver',
      Email: 'sam@example.co.uk',
      Password: 'Passw0rd!',
      'Confirm password': 'Passw0rd!',
    });
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith('sam@example.co.uk'));
    expect(fetch.mock.calls[0][0]).toBe('/api/auth/register');
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({
      firstName: 'Sam',
      lastName: 'Driver',
      username: 'sam_driver',
      email: 'sam@example.co.uk',
      password: 'Passw0rd!',
    });
    expect(localStorage.getItem('pendingVerificationEmail')).toBe('sam@example.co.uk');
  });
});
