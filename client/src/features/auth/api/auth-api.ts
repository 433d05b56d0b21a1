import { queryOptions, useMutation } from '@tanstack/react-query';
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import type { TLoginRequest, TLoginResponse, TRegisterRequest, TVerifyCodeRequest } from '@common/contracts/auth';
import { SIGN_UP_TOKEN_MAX_AGE_MS } from '@common/rules/auth';
import { forgotPassword, login, register, registerToken, resendVerification, resetPassword, verifyCode } from '@endpoints/auth';
import { passkeySignIn, secondStep } from '@endpoints/sign-in';
import { call } from '@/lib/api-client';
import { trackAction } from '@/lib/track';

// The sign-in and account-recovery calls (docs/API.md "Auth"; passkeys and the second step: "Passkeys and
// two-step sign-in").

/** Signed in (not waiting for the second step): counted as a login. */
const trackSignedIn = (res: TLoginResponse) => {
  if ('user' in res) trackAction('login');
};

/** The password: signs in, or answers the second step's ticket (issue 33) when app codes are on. */
export function useLogin() {
  return useMutation({ mutationFn: (body: TLoginRequest) => call(login, { body }), onSuccess: trackSignedIn });
}

/** The second step of a sign-in: the ticket from login (or a passkey) with the app's code or a recovery code. */
export function useSecondStep() {
  return useMutation({ mutationFn: (body: { ticket: string; code: string; rememberDevice?: boolean }) => call(secondStep, { body }), onSuccess: trackSignedIn });
}

/** A passkey's signed answer (the browser's JSON): signs in, or answers the second step's ticket. */
export function usePasskeySignIn() {
  return useMutation({
    mutationFn: (response: AuthenticationResponseJSON) =>
      // The browser's JSON as it is (a copy: the contract reads it as a loose object).
      call(passkeySignIn, { body: { response: { ...response, response: { ...response.response } } } }),
    onSuccess: trackSignedIn,
  });
}

/**
 * The register form's timing token (docs/SECURITY.md "Sign-up bot defence"), fetched when the form
 * opens and sent with it. Kept while the form is open, and renewed well before the server stops
 * accepting it, so a form left open overnight still goes through.
 */
export const getRegisterTokenQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'register-token'],
    queryFn: ({ signal }) => call(registerToken, undefined, { signal }),
    staleTime: SIGN_UP_TOKEN_MAX_AGE_MS / 2,
    refetchInterval: SIGN_UP_TOKEN_MAX_AGE_MS / 2,
    // A tab in the background is not refreshed by the interval: renew a stale token on coming back.
    refetchOnWindowFocus: true,
  });

export function useRegister() {
  return useMutation({ mutationFn: (body: TRegisterRequest) => call(register, { body }), onSuccess: () => trackAction('registration') });
}

export function useVerifyCode() {
  return useMutation({ mutationFn: (body: TVerifyCodeRequest) => call(verifyCode, { body }) });
}

export function useResendVerification() {
  return useMutation({ mutationFn: (email: string) => call(resendVerification, { body: { email } }) });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => call(forgotPassword, { body: { email } }) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (body: { token: string; password: string }) => call(resetPassword, { body }) });
}
