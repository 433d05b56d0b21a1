import { useMutation } from '@tanstack/react-query';
import type { TLoginRequest, TRegisterRequest, TUser, TVerifyCodeRequest, TVerifyCodeResponse } from '@common/contracts/auth';
import { api } from '@/lib/api-client';
import { trackAction } from '@/lib/track';
import { forgotPasswordPath, loginPath, registerPath, resendVerificationPath, resetPasswordPath, verifyCodePath } from './endpoints';

export type LoginResponse = { message: string; user: TUser };
export type RegisterResponse = { message: string; email: string; requiresVerification: true };
export type MessageResponse = { message: string };

export const login = (body: TLoginRequest) => api.post<LoginResponse>(loginPath, body);
export const register = (body: TRegisterRequest) => api.post<RegisterResponse>(registerPath, body);
export const verifyCode = (body: TVerifyCodeRequest) => api.post<TVerifyCodeResponse>(verifyCodePath, body);
export const resendVerification = (email: string) => api.post<MessageResponse>(resendVerificationPath, { email });
export const forgotPassword = (email: string) => api.post<MessageResponse>(forgotPasswordPath, { email });
export const resetPassword = (body: { token: string; password: string }) =>
  api.post<MessageResponse>(resetPasswordPath, body);

export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: () => trackAction('login') });
}

export function useRegister() {
  return useMutation({ mutationFn: register, onSuccess: () => trackAction('registration') });
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
