import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  createAnnouncement,
  listAnnouncements,
  listOutbox,
  previewAnnouncement,
  retryEmail,
  sendAnnouncement,
  unsubscribeFromAnnouncements,
} from '../../../common/contracts/admin-emails.ts';
import { EMAILS_MSG } from '../../../common/rules/admin-emails.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http-errors.ts';
import { requireAdmin } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import { perIpLimit } from '../../plugins/rate-limits.ts';
import type { AnnouncementService } from './announcements-service.ts';
import type { OutboxService } from './emails-service.ts';

const unsubscribeLimit = perIpLimit(30, '1 minute', 'Too many requests. Please wait a moment and try again.');

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The unsubscribe pages are tiny server-rendered HTML (they work from any mail client, no JavaScript). */
function page(reply: FastifyReply, status: number, config: Config, heading: string, body: string) {
  const app = escapeHtml(config.appName);
  return reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('X-Robots-Tag', 'noindex')
    .send(`<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(heading)} · ${app}</title>
<style>body{font-family:system-ui,Arial,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:32px 20px}
a{color:#1d4ed8}button{font:inherit;font-weight:600;background:#1e3a8a;color:#fff;border:0;border-radius:8px;min-height:44px;padding:0 20px;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}</style></head>
<body><main><p><a href="/">${app}</a></p><h1>${escapeHtml(heading)}</h1>${body}</main></body></html>`);
}

/**
 * Admin: the mail outbox and announcements (docs/API.md "Admin: emails and announcements"), and the
 * unsubscribe link of every announcement. Admin routes authorise at preValidation (guest 401, member
 * 403). The announcement sender loop starts with the app, except in tests, which run batches by
 * calling runAnnouncementBatch.
 */
export const adminEmailRoutes: FastifyPluginAsync<{ config: Config; outbox: OutboxService; announcements: AnnouncementService }> = async (
  app,
  { config, outbox, announcements },
) => {
  if (config.env !== 'test') {
    const sender = announcements.startSender();
    app.addHook('onClose', async () => sender.stop());
  }

  // The unsubscribe page's form posts urlencoded (and RFC 8058 one-click clients do too); only here.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

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

  // --- Unsubscribe (anyone holding the link) ---

  route(app, unsubscribeFromAnnouncements, { config: unsubscribeLimit }, async (req) => {
    await announcements.unsubscribe(req.body.token);
    return { message: EMAILS_MSG.unsubscribed };
  });

  // A GET never changes anything (mail scanners open links): it shows a button that posts.
  app.get('/unsubscribe', { config: unsubscribeLimit }, async (req, reply) => {
    const token = typeof (req.query as { token?: unknown }).token === 'string' ? (req.query as { token: string }).token : '';
    const userId = token.length <= 200 ? await announcements.readUnsubscribeToken(token) : null;
    if (userId == null) return page(reply, 400, config, 'Invalid unsubscribe link', `<p>${escapeHtml(EMAILS_MSG.unsubscribeInvalid)}</p><p><a href="/support">Contact support</a></p>`);
    return page(
      reply,
      200,
      config,
      'Unsubscribe from announcements',
      `<p>Stop receiving announcements from ${escapeHtml(config.appName)} by email? Emails about your account (codes, password resets, replies to your support messages) still arrive.</p>
<form method="post" action="/unsubscribe"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Unsubscribe</button></form>`,
    );
  });

  app.post('/unsubscribe', { config: unsubscribeLimit }, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const query = req.query as Record<string, unknown>;
    const raw = typeof body.token === 'string' ? body.token : typeof query.token === 'string' ? query.token : '';
    try {
      if (raw.length > 200) throw new HttpError(400, EMAILS_MSG.unsubscribeInvalid);
      await announcements.unsubscribe(raw);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 400) {
        return page(reply, 400, config, 'Invalid unsubscribe link', `<p>${escapeHtml(err.message)}</p><p><a href="/support">Contact support</a></p>`);
      }
      throw err;
    }
    return page(reply, 200, config, 'You are unsubscribed', `<p>${escapeHtml(EMAILS_MSG.unsubscribed)}</p><p><a href="/forum">Back to the forum</a></p>`);
  });
};
