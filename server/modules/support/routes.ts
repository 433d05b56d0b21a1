import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SUPPORT_LIMITS,
  SUPPORT_MSG,
  ZSupportRequest,
  ZSupportResponse,
  ZTicketDetail,
  ZTicketList,
  ZTicketListQuery,
  ZTicketNoteRequest,
  ZTicketParams,
  ZTicketReplyRequest,
} from '../../../common/contracts/support.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAdmin } from '../../identity/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { perIpLimit } from '../../plugins/rate-limits.ts';
import { createSupportService } from './service.ts';

/**
 * Support (docs/API.md "Support"): the contact form for anyone, and the admin support desk. Admin
 * routes authorise at preValidation, so a guest hears 401 and a member 403 before any validation.
 */
export const supportRoutes: FastifyPluginAsync<{ config: Config; db: Db; mailer: Mailer }> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const support = createSupportService(opts);

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  app.post(
    '/api/support',
    {
      config: perIpLimit(SUPPORT_LIMITS.perIpPerHour, '1 hour', SUPPORT_MSG.rateLimited),
      schema: { body: ZSupportRequest, response: { 201: ZSupportResponse } },
    },
    async (req, reply) => reply.code(201).send(await support.createTicket(req.body, req.user?.id ?? null)),
  );

  app.get(
    '/api/admin/support',
    { preValidation: requireAdmin, schema: { querystring: ZTicketListQuery, response: { 200: ZTicketList } } },
    async (req) => support.listTickets(req.query.status, req.query.page),
  );

  app.get(
    '/api/admin/support/:id',
    { preValidation: requireAdmin, schema: { params: ZTicketParams, response: { 200: ZTicketDetail } } },
    async (req) => support.getTicket(req.params.id),
  );

  app.post(
    '/api/admin/support/:id/reply',
    { preValidation: requireAdmin, schema: { params: ZTicketParams, body: ZTicketReplyRequest, response: { 200: ZTicketDetail } } },
    async (req) => support.reply(req.user!.id, req.params.id, req.body.body),
  );

  app.post(
    '/api/admin/support/:id/notes',
    { preValidation: requireAdmin, schema: { params: ZTicketParams, body: ZTicketNoteRequest, response: { 200: ZTicketDetail } } },
    async (req) => support.note(req.user!.id, req.params.id, req.body.body),
  );

  app.post(
    '/api/admin/support/:id/close',
    { preValidation: requireAdmin, schema: { params: ZTicketParams, response: { 200: ZTicketDetail } } },
    async (req) => support.close(req.user!.id, req.params.id),
  );

  app.post(
    '/api/admin/support/:id/reopen',
    { preValidation: requireAdmin, schema: { params: ZTicketParams, response: { 200: ZTicketDetail } } },
    async (req) => support.reopen(req.user!.id, req.params.id),
  );
};
