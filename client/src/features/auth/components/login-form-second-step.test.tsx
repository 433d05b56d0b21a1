import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIGN_IN_MSG } from '@common/rules/sign-in';
import { USER_QUERY_KEY } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';
import { testUser } from '@/test/users';
import { LoginForm } from './login-form';

// Issue 33 part 3: a sign-in whose answer asks for the second step (the authenticator app's code), by
// password or by passkey, and the passkeys the browser offers in the email field's autofill.

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const TICKET = 'k'.repeat(43);
const secondStep = { message: SIGN_IN_MSG.secondStep, secondStep: { ticket: TICKET, canRemember: true, expiresAt: '2026-06-01T10:10:00.000Z' } };
const OPTIONS = { options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [], userVerification: 'preferred', timeout: 300000 } };

beforeEach(() => toast.mockReset());
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  Reflect.deleteProperty(navigator, 'credentials');
});

function renderLogin(answer: (c: ApiCall) => { status?: number; body: unknown }) {
  const calls = stubApi(answer);
  const { queryClient, unmount } = renderWithProviders(<LoginForm idPrefix="t" stayOnPage onVerificationRequired={() => {}} />, { route: '/forum' });
  return { calls, queryClient, unmount };
}

async function typePassword() {
  const u = userEvent.setup();
  await u.type(screen.getByLabelText('Email'), 'sam@example.com');
  await u.type(screen.getByLabelText('Password'), 'Van@Route123');
  await u.click(screen.getByRole('button', { name: 'Sign In' }));
}

/** A browser with passkeys: PublicKeyCredential, and navigator.credentials.get answered by `get`. */
function stubPasskeys(get: (opts: CredentialRequestOptions) => Promise<unknown>, { autofill = false } = {}) {
  const credentialsGet = vi.fn(get);
  vi.stubGlobal('PublicKeyCredential', Object.assign(function PublicKeyCredential() {}, { isConditionalMediationAvailable: async () => autofill }));
  Object.defineProperty(navigator, 'credentials', { value: { get: credentialsGet }, configurable: true });
  return credentialsGet;
}

const bytes = (text: string) => new TextEncoder().encode(text).buffer;
/** What a browser's navigator.credentials.get gives for a passkey. */
const assertion = () => ({
  id: 'Y3JlZA',
  rawId: bytes('cred'),
  type: 'public-key',
  response: { authenticatorData: bytes('auth'), clientDataJSON: bytes('{"challenge":"Y2hhbGxlbmdl"}'), signature: bytes('sig'), userHandle: bytes('user') },
  getClientExtensionResults: () => ({}),
  authenticatorAttachment: 'platform',
});

const domError = (name: string) => Object.assign(new Error(`${name} from the browser`), { name });

describe('LoginForm and the second step', () => {
  it('shows the second step when the password’s answer asks for it, then signs in with the code', async () => {
    const user = testUser();
    const { calls, queryClient } = renderLogin((c) =>
      c.path === '/api/auth/login' ? { body: secondStep } : { body: { message: 'Login successful', user } },
    );
    await typePassword();
    expect(await screen.findByRole('form', { name: 'Two-step sign-in' })).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeUndefined();

    await userEvent.type(screen.getByLabelText('Code from your authenticator app'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(user));
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/login', '/api/auth/second-step']);
    expect(calls[1].body).toEqual({ ticket: TICKET, code: '123456', rememberDevice: false });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Login successful', description: 'Welcome back', variant: 'success' }));
  });

  it('says what a recovery code sign-in leaves, in place of "Welcome back"', async () => {
    const { queryClient } = renderLogin((c) =>
      c.path === '/api/auth/login' ? { body: secondStep } : { body: { message: SIGN_IN_MSG.recoveryUsed(3), user: testUser() } },
    );
    await typePassword();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcde-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeTruthy());
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Login successful', description: SIGN_IN_MSG.recoveryUsed(3) }));
  });

  it('a timed-out second step brings back the password form, the address kept, with the reason', async () => {
    renderLogin((c) => (c.path === '/api/auth/login' ? { body: secondStep } : { status: 400, body: { message: SIGN_IN_MSG.secondStepExpired } }));
    await typePassword();
    await userEvent.type(await screen.findByLabelText('Code from your authenticator app'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SIGN_IN_MSG.secondStepExpired, { selector: '[role=alert]' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('sam@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('form', { name: 'Two-step sign-in' })).toBeNull();
  });

  it('"Start again" goes back to the password form', async () => {
    renderLogin(() => ({ body: secondStep }));
    await typePassword();
    await userEvent.click(await screen.findByRole('button', { name: 'Start again' }));
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });
});

describe('LoginForm and passkeys', () => {
  it('has no passkey button where the browser has no passkeys, and offers passkeys in the email field', () => {
    renderLogin(() => ({ body: {} }));
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('username webauthn');
  });

  it('"Sign in with a passkey" asks the browser, sends its answer, and goes on to the second step it asks for', async () => {
    const get = stubPasskeys(async () => assertion());
    const { calls } = renderLogin((c) => (c.path === '/api/auth/passkey/options' ? { body: OPTIONS } : { body: secondStep }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('form', { name: 'Two-step sign-in' })).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0][0].mediation).toBeUndefined();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/passkey/options', 'POST /api/auth/passkey']);
    expect(calls[1].body).toMatchObject({ response: { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', response: { signature: 'c2ln' } } });
  });

  it('signs in with a passkey that stands for both steps', async () => {
    stubPasskeys(async () => assertion());
    const user = testUser();
    const { queryClient } = renderLogin((c) => (c.path === '/api/auth/passkey/options' ? { body: OPTIONS } : { body: { message: 'Login successful', user } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(user));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Login successful', description: 'Welcome back' }));
  });

  it('a closed passkey prompt is a quiet word, not a failure', async () => {
    stubPasskeys(async () => Promise.reject(domError('NotAllowedError')));
    const { calls } = renderLogin(() => ({ body: OPTIONS }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Passkey sign-in cancelled' }));
    expect(toast).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/passkey/options']);
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeTruthy();
  });

  it('a passkey the server refuses is told', async () => {
    stubPasskeys(async () => assertion());
    renderLogin((c) => (c.path === '/api/auth/passkey/options' ? { body: OPTIONS } : { status: 400, body: { message: SIGN_IN_MSG.passkeyUnknown } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Passkey sign-in failed', description: SIGN_IN_MSG.passkeyUnknown, variant: 'destructive' }),
    );
  });

  it('asks for the autofill’s passkeys in the background, silent when that fails', async () => {
    const get = stubPasskeys(async () => Promise.reject(domError('NotAllowedError')), { autofill: true });
    const { calls } = renderLogin(() => ({ body: OPTIONS }));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    expect(get.mock.calls[0][0].mediation).toBe('conditional');
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/passkey/options']);
    await new Promise((r) => setTimeout(r, 50));
    expect(toast).not.toHaveBeenCalled();
  });

  it('signs in with a passkey picked from the autofill', async () => {
    stubPasskeys(async () => assertion(), { autofill: true });
    const user = testUser();
    const { queryClient } = renderLogin((c) => (c.path === '/api/auth/passkey/options' ? { body: OPTIONS } : { body: { message: 'Login successful', user } }));
    await waitFor(() => expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(user));
  });

  it('sets the autofill’s waiting request aside for the button’s, asks again after, and ends it when the form goes', async () => {
    const signals: AbortSignal[] = [];
    // The autofill's request waits until the member picks a passkey, or it is ended; the member closes the button's prompt.
    const get = (opts: CredentialRequestOptions) =>
      new Promise((_resolve, reject) => {
        signals.push(opts.signal!);
        if (opts.mediation !== 'conditional') reject(domError('NotAllowedError'));
        opts.signal!.addEventListener('abort', () => reject(domError('AbortError')));
      });
    stubPasskeys(get, { autofill: true });
    const { unmount, calls } = renderLogin(() => ({ body: OPTIONS }));
    await waitFor(() => expect(signals).toHaveLength(1));

    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(signals).toHaveLength(3));
    expect(signals[0].aborted).toBe(true);
    expect(signals[2].aborted).toBe(false);
    expect(calls.map((c) => c.path)).toEqual(Array(3).fill('/api/auth/passkey/options'));
    expect(toast).toHaveBeenCalledWith({ title: 'Passkey sign-in cancelled' });

    unmount();
    await waitFor(() => expect(signals[2].aborted).toBe(true));
    expect(toast).toHaveBeenCalledTimes(1);
  });
});
