// The verified courier badge (issue 32 item 2): members' requests with their proof, and the moderators'
// review. The badge itself is on the member's row; authors, profiles and directory cards show it.
export { verificationRoutes } from './routes.ts';
export { createVerificationService, type VerificationService } from './service.ts';
