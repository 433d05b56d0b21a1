// The sign-in and account-recovery request paths (docs/API.md "Auth"): the only place they are written.

export const loginPath = '/api/auth/login';
export const registerPath = '/api/auth/register';
export const verifyCodePath = '/api/auth/verify-code';
export const resendVerificationPath = '/api/auth/resend-verification';
export const forgotPasswordPath = '/api/auth/forgot-password';
export const resetPasswordPath = '/api/auth/reset-password';
