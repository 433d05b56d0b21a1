import type { FastifyPluginAsync } from 'fastify';
import {
  addTicketNote,
  closeTicket,
  getTicket,
  listTickets,
  reopenTicket,
  replyToTicket,
  sendSupportMessage,
} from '../../../common/contracts/support.ts';
import { SUPPORT_LIMITS, SUPPORT_MSG } from '../../../common/rules/support.ts';
import { requireAdmin } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import { perIpLimit } from '../../plugins/rate-limits.ts';
import type { SupportService } from './service.ts';

/**
 * Support (docs/API.md "Support"): the contact form for anyone, and the admin support desk. Admin
 * routes authorise at preValidation, so a guest hears 401 and a member 403 before any validation.
 */
export const supportRoutes: FastifyPluginAsync<{ support: SupportService }> = async (app, { support }) => {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  route(app, sendSupportMessage, { config: perIpLimit(SUPPORT_LIMITS.perIpPerHour, '1 hour', SUPPORT_MSG.rateLimited) }, async (req, reply) =>
    reply.code(201).send(await support.createTicket(req.body, req.user?.id ?? null)),
  );

  const admin = { preValidation: requireAdmin };

  route(app, listTickets, admin, async (req) => support.listTickets(req.query.status, req.query.page));

  route(app, getTicket, admin, async (req) => support.getTicket(req.params.id));

  route(app, replyToTicket, admin, async (req) => support.reply(req.user!.id, req.params.id, req.body.body));

  route(app, addTicketNote, admin, async (req) => support.note(req.user!.id, req.params.id, req.body.body));

  route(app, closeTicket, admin, async (req) => support.close(req.user!.id, req.params.id));

  route(app, reopenTicket, admin, async (req) => support.reopen(req.user!.id, req.params.id));
};
