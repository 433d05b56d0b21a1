export { createSignInFactors, type SignInFactors } from './service.ts';
export { signInFactorRoutes } from './routes.ts';
