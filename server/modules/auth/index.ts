export { authRoutes } from './routes.ts';
export { createAuthService, type AuthService } from './service.ts';
