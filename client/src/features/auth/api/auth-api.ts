import { useMutation } from '@tanstack/react-query';
import type { TLoginRequest, TRegisterRequest, TVerifyCodeRequest } from '@common/contracts/auth';
import { forgotPassword, login, register, resendVerification, resetPassword, verifyCode } from '@endpoints/auth';
import { call } from '@/lib/api-client';
import { trackAction } from '@/lib/track';

// The sign-in and account-recovery calls (docs/API.md "Auth").

export function useLogin() {
  return useMutation({ mutationFn: (body: TLoginRequest) => call(login, { body }), onSuccess: () => trackAction('login') });
}

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
