import type { FastifyPluginAsync } from 'fastify';
import {
  createAnnouncement,
  listAnnouncements,
  listOutbox,
  previewAnnouncement,
  retryEmail,
  sendAnnouncement,
} from '../../../common/contracts/admin-emails.ts';
import { requireAdmin } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import type { AnnouncementService } from './announcements-service.ts';
import type { OutboxService } from './emails-service.ts';

/**
 * Admin: the mail outbox and announcements (docs/API.md "Admin: emails and announcements"); their
 * unsubscribe link is the notification mail's (notification-mail/). Admin routes authorise at
 * preValidation (guest 401, member 403). Announcements are sent in batches by their service's scheduled job.
 */
export const adminEmailRoutes: FastifyPluginAsync<{ outbox: OutboxService; announcements: AnnouncementService }> = async (app, { outbox, announcements }) => {
  const admin = { preValidation: requireAdmin };

  route(app, listOutbox, admin, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return outbox.list(req.query);
  });

  route(app, retryEmail, admin, async (req) => outbox.retry(req.user!.id, req.params.id));

  route(app, listAnnouncements, admin, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { announcements: await announcements.list() };
  });

  route(app, createAnnouncement, admin, async (req, reply) => reply.code(201).send(await announcements.create(req.user!.id, req.body)));

  route(app, previewAnnouncement, admin, async (req) => announcements.preview(req.params.id, req.user!));

  route(app, sendAnnouncement, admin, async (req) => announcements.start(req.user!.id, req.params.id));
};
