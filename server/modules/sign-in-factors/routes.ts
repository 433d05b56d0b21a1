import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  addPasskey,
  forgetDevices,
  getSecurity,
  passkeyAddOptions,
  removePasskey,
  renamePasskey,
  twoStepConfirm,
  twoStepDisable,
  twoStepRecoveryCodes,
  twoStepSetup,
} from '../../../common/contracts/sign-in.ts';
import { SIGN_IN_MSG } from '../../../common/rules/sign-in.ts';
import { forbidden } from '../../http-errors.ts';
import { AUTH_MSG, requireUser } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import { perIpLimit } from '../../plugins/rate-limits.ts';
import type { SignInFactors } from './service.ts';

const perIp = (max: number, timeWindow: string) => perIpLimit(max, timeWindow, AUTH_MSG.ipLimited);

/** A passkey is added only to a verified address's account: it is a way back in. */
async function requireVerifiedForPasskey(req: FastifyRequest) {
  await requireUser(req);
  if (!req.user!.emailVerifiedAt) throw forbidden(SIGN_IN_MSG.passkeyVerifyFirst);
}

/**
 * The member's passkeys and two-step sign-in in their settings (issue 33 part 3; docs/API.md "Passkeys
 * and two-step sign-in"). Signing in with them is in the auth routes. Every change that could lock the
 * member out, or let someone else in later, asks for the password again (a borrowed session cannot).
 */
export const signInFactorRoutes: FastifyPluginAsync<{ factors: SignInFactors }> = async (app, { factors }) => {
  const signedIn = { preValidation: requireUser };
  const limited = { ...signedIn, config: perIp(20, '1 minute') };

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  route(app, getSecurity, signedIn, async (req) => factors.security(req.user!));

  route(app, passkeyAddOptions, { preValidation: requireVerifiedForPasskey, config: perIp(20, '1 minute') }, async (req) =>
    factors.passkeyAddOptions(req.user!, req.body.password, req.ip),
  );
  route(app, addPasskey, { preValidation: requireVerifiedForPasskey, config: perIp(20, '1 minute') }, async (req, reply) =>
    reply.code(201).send(await factors.addPasskey(req.user!, { name: req.body.name, response: req.body.response as unknown as RegistrationResponseJSON })),
  );
  route(app, renamePasskey, limited, async (req) => factors.renamePasskey(req.user!.id, req.params.id, req.body.name));
  route(app, removePasskey, limited, async (req) => factors.removePasskey(req.user!, req.params.id));

  route(app, twoStepSetup, limited, async (req) => factors.setup(req.user!, req.body.password, req.ip));
  route(app, twoStepConfirm, limited, async (req) => factors.confirm(req.user!, req.body.code));
  route(app, twoStepRecoveryCodes, limited, async (req) => factors.newRecoveryCodes(req.user!, req.body, req.ip));
  route(app, twoStepDisable, limited, async (req) => factors.disable(req.user!, req.body, req.ip));
  route(app, forgetDevices, limited, async (req) => factors.forgetDevices(req.user!));
};
