export { authRoutes } from './routes.ts';
export { createAuthService, type AuthService } from './service.ts';
// The register form's timing token, for test helpers and fixtures that sign up as a person would after
// filling the form in (they backdate it; the app itself issues it only at its clock's now).
export { issueSignUpToken } from './sign-up-defence.ts';
