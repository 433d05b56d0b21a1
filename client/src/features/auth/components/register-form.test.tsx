import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, SIGN_UP_MSG } from '@common/rules/auth';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';
import { RegisterForm } from './register-form';

const TOKEN = '1790000000000.signed-by-the-server';
/** The server: the form's timing token, and `register`'s answer to a sign-up. */
const api = (register: (c: ApiCall) => { status?: number; body: unknown }) =>
  stubApi((c) => (c.method === 'GET' && c.path === '/api/auth/register-token' ? { body: { token: TOKEN } } : register(c)));
const accepted = () => ({ status: 201, body: { message: 'Check your email', email: 'sam@example.co.uk', requiresVerification: true } });

beforeEach(() => api(accepted));
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

  const sam = {
    'First name': 'Sam',
    'Last name': 'Driver',
    Username: 'sam_driver',
    Email: 'sam@example.co.uk',
    Password: 'Passw0rd!',
    'Confirm password': 'Passw0rd!',
  };

  it('asks for the timing token as the form opens, then sends it with the form, an empty hidden field and no confirmPassword', async () => {
    const calls = api(accepted);
    const onRegistered = vi.fn();
    renderWithProviders(<RegisterForm onRegistered={onRegistered} />);
    await waitFor(() => expect(calls).toEqual([{ method: 'GET', path: '/api/auth/register-token' }]));
    await fill(sam);
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith('sam@example.co.uk'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/auth/register-token', 'POST /api/auth/register']);
    expect(calls[1]!.body).toEqual({
      firstName: 'Sam',
      lastName: 'Driver',
      username: 'sam_driver',
      email: 'sam@example.co.uk',
      password: 'Passw0rd!',
      website: '',
      formToken: TOKEN,
    });
    expect(localStorage.getItem('pendingVerificationEmail')).toBe('sam@example.co.uk');
  });

  it('has a hidden honeypot field that people never reach: out of sight, out of the tab order, hidden from screen readers, never autofilled', async () => {
    const { container } = renderWithProviders(<RegisterForm onRegistered={() => {}} />);
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot).not.toBeNull();
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.value).toBe('');
    const wrapper = honeypot.closest('[aria-hidden="true"]')!;
    expect(wrapper).not.toBeNull();
    expect(wrapper.className).toContain('sr-only');
    // Not among the form's fields as assistive technology sees them.
    expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull();
    expect(screen.getAllByRole('textbox').map((el) => el.getAttribute('name'))).not.toContain('website');
    // Tabbing through the form never lands on it.
    const user = userEvent.setup();
    const visited: Element[] = [];
    for (let i = 0; i < 10; i++) {
      await user.tab();
      visited.push(document.activeElement!);
    }
    expect(visited).not.toContain(honeypot);
  });

  it('sends whatever a bot typed into the hidden field: the server decides', async () => {
    const calls = api(() => ({ status: 400, body: { message: SIGN_UP_MSG.refused } }));
    const { container } = renderWithProviders(<RegisterForm onRegistered={() => {}} />);
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    honeypot.value = 'https://cheap-loans.example';
    await fill(sam);
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ website: 'https://cheap-loans.example', formToken: TOKEN }));
  });

  it('shows a refused disposable address under the Email field', async () => {
    api(() => ({ status: 400, body: { message: SIGN_UP_MSG.disposableEmail, errors: { email: SIGN_UP_MSG.disposableEmail } } }));
    renderWithProviders(<RegisterForm onRegistered={() => {}} />);
    await fill({ ...sam, Email: 'sam@mailinator.com' });
    await waitFor(() => expect(errorOf('Email')).toBe(SIGN_UP_MSG.disposableEmail));
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
  });
});
