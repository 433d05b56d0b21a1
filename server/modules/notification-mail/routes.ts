import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { unsubscribeFromMail } from '../../../common/contracts/notification-mail.ts';
import { UNSUBSCRIBE_KIND_WORDS, UNSUBSCRIBE_MSG, wordList } from '../../../common/rules/notification-mail.ts';
import type { NotifyKind } from '../../../common/rules/notification-preferences.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http-errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { route } from '../../lib/route.ts';
import { perIpLimit } from '../../plugins/rate-limits.ts';
import type { UnsubscribeService } from './unsubscribe.ts';

const unsubscribeLimit = perIpLimit(30, '1 minute', 'Too many requests. Please wait a moment and try again.');

/** The unsubscribe pages are tiny server-rendered HTML (they work from any mail client, no JavaScript; dark when the device is). */
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
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
@media (prefers-color-scheme:dark){:root{color-scheme:dark}body{background:#0b1321;color:#e5ebf4}a{color:#8db8ff}button{background:#2d5a9e}}</style></head>
<body><main><p><a href="/">${app}</a></p><h1>${escapeHtml(heading)}</h1>${body}</main></body></html>`);
}

const invalid = (reply: FastifyReply, config: Config, message: string = UNSUBSCRIBE_MSG.invalid) =>
  page(reply, 400, config, 'Invalid unsubscribe link', `<p>${escapeHtml(message)}</p><p><a href="/support">Contact support</a></p>`);

const preferencesLink = '<a href="/settings/notifications">Choose which emails you get</a>';
const words = (kinds: NotifyKind[]) => wordList(kinds.map((k) => UNSUBSCRIBE_KIND_WORDS[k]));

/**
 * The unsubscribe link of every notification mail, digest and announcement (docs/API.md "Notification
 * mail"), for anyone holding it.
 */
export const notificationMailRoutes: FastifyPluginAsync<{ config: Config; unsubscribe: UnsubscribeService }> = async (app, { config, unsubscribe }) => {
  // The unsubscribe page's form posts urlencoded (and RFC 8058 one-click clients do too); only here.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  route(app, unsubscribeFromMail, { config: unsubscribeLimit }, async (req) => {
    const { kinds } = await unsubscribe.unsubscribe(req.body.token);
    return { message: UNSUBSCRIBE_MSG.unsubscribed(kinds), kinds };
  });

  // A GET never changes anything (mail scanners open links): it says what stops and shows a button that posts.
  app.get('/unsubscribe', { config: unsubscribeLimit }, async (req, reply) => {
    const token = typeof (req.query as { token?: unknown }).token === 'string' ? (req.query as { token: string }).token : '';
    const read = token.length <= 200 ? await unsubscribe.read(token) : null;
    if (!read) return invalid(reply, config);
    return page(
      reply,
      200,
      config,
      `Unsubscribe from ${words(read.kinds)}`,
      `<p>Stop receiving emails about ${escapeHtml(words(read.kinds))} from ${escapeHtml(config.appName)}? Emails about your account (codes, password resets, replies to your support messages) still arrive.</p>
<form method="post" action="/unsubscribe"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Unsubscribe</button></form>
<p>${preferencesLink} (you may be asked to sign in).</p>`,
    );
  });

  // The page's button, and the mail client's one-click POST to the List-Unsubscribe link (?token=).
  app.post('/unsubscribe', { config: unsubscribeLimit }, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const query = req.query as Record<string, unknown>;
    const raw = typeof body.token === 'string' ? body.token : typeof query.token === 'string' ? query.token : '';
    let kinds: NotifyKind[];
    try {
      if (raw.length > 200) throw new HttpError(400, UNSUBSCRIBE_MSG.invalid);
      ({ kinds } = await unsubscribe.unsubscribe(raw));
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 400) return invalid(reply, config, err.message);
      throw err;
    }
    return page(
      reply,
      200,
      config,
      'You are unsubscribed',
      `<p>${escapeHtml(UNSUBSCRIBE_MSG.unsubscribed(kinds))}</p><p>${preferencesLink} · <a href="/forum">Back to the forum</a></p>`,
    );
  });
};
