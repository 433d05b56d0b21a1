import type { FastifyPluginAsync } from 'fastify';
import {
  approveVerification,
  cancelVerification,
  getVerification,
  getVerificationProof,
  listVerifications,
  refuseVerification,
  removeOwnBadge,
  requestVerification,
  withdrawBadge,
} from '../../../common/contracts/courier.ts';
import { VERIFY_PROOF_MAX_MB } from '../../../common/rules/courier.ts';
import { requireModerator, requireUser, requireVerified } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import type { VerificationService } from './service.ts';

/**
 * The verified courier badge (docs/API.md "Verified courier badge"): the member's own request (a verified
 * member sends one), and the moderators' review. Nothing here is ever kept by a cache.
 */
export const verificationRoutes: FastifyPluginAsync<{ verification: VerificationService }> = async (app, { verification }) => {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });
  const member = { preValidation: requireUser };
  const moderator = { preValidation: requireModerator };

  route(app, getVerification, member, async (req) => verification.status(req.user!.id));
  // The photo arrives as base64 in JSON: 4/3 of its size, and a little for the rest.
  route(app, requestVerification, { preValidation: requireVerified, bodyLimit: Math.ceil((VERIFY_PROOF_MAX_MB * 1024 * 1024 * 4) / 3) + 4096 }, async (req, reply) =>
    reply.code(201).send(await verification.request(req.user!, req.body)),
  );
  route(app, cancelVerification, member, async (req) => verification.cancel(req.user!.id));
  route(app, removeOwnBadge, member, async (req) => verification.removeOwnBadge(req.user!.id));

  route(app, listVerifications, moderator, async () => ({ requests: await verification.pending() }));
  route(app, getVerificationProof, moderator, async (req, reply) =>
    reply
      .header('Content-Type', 'image/webp')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Content-Disposition', 'inline')
      .header('Cross-Origin-Resource-Policy', 'same-origin')
      .send(await verification.proof(req.params.id)),
  );
  route(app, approveVerification, moderator, async (req) => verification.approve(req.user!, req.params.id));
  route(app, refuseVerification, moderator, async (req) => verification.refuse(req.user!, req.params.id, req.body.reason));
  route(app, withdrawBadge, moderator, async (req) => verification.withdraw(req.user!, req.params.id, req.body.reason));
};
