// The authorisation matrix: every route the app registers × every kind of caller, against the rule
// written down for it below. The routes come from the app itself (an onRoute hook on every Fastify
// instance), so a route added without a row here fails the first test by name, and so does a row whose
// route is gone. Rules are read from each route's preValidation guard (server/identity/sessions.ts,
// requireChat in chat/routes.ts, requireVoter, requireDirectoryAccess) or, where a handler decides
// (GET /api/auth/user), from the handler.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WS_CLOSE } from '../../../common/ws-events.ts';
import { testDatabases } from '../databases.ts';
import { call } from '../members.ts';
import { appRoutes, declaresStatus, fillPath, resetCollectedRoutes, type AppRoute } from '../route-table.ts';
import { connect, listen } from '../sockets.ts';
import {
  buildSecurityApp,
  changedTables,
  createCast,
  extraSessionCookie,
  fingerprint,
  MISSING_ID,
  ROLES,
  type Cast,
  type RoleName,
  type SecurityApp,
} from './fixtures.ts';

vi.mock('fastify', async (importOriginal) => (await import('../route-table.ts')).collectingFastify(await importOriginal()));

/**
 * - public: anyone, signed in or not.
 * - user: any signed-in member, verified or not (guest 401).
 * - verified: a member with a verified email (guest 401, unverified 403).
 * - chat: verified and not chat-suspended (guest 401, unverified or chat-suspended 403).
 * - chatRead: verified; a chat-suspended member still reads their chats (guest 401, unverified 403).
 * - admin: admins only (guest 401, any other member 403).
 * - moderator: admins and moderators (issue 18; guest 401, any other member 403). The cast has no
 *   moderator: members/moderators.test.ts holds a moderator to both kinds of route, and to issue 28's
 *   bounds on the member routes (never on an admin, a moderator or themselves: 403).
 * - local: this machine only, or METRICS_TOKEN (server/plugins/metrics.ts). Every caller here comes
 *   through the tests' proxy (X-Forwarded-For), so each hears 403 whoever they are; metrics.test.ts
 *   covers loopback and the token.
 * A suspended account's cookie is a guest's everywhere (401 where a guest gets 401).
 */
type Rule = 'public' | 'user' | 'verified' | 'chat' | 'chatRead' | 'moderator' | 'admin' | 'local';

type Row = {
  rule: Rule;
  /** The call ends the caller's session (sign-out): each role spends a spare session on it. */
  endsSession?: true;
  /** The WebSocket route: checked by opening sockets, not by HTTP calls. */
  socket?: true;
  /**
   * Owner-sensitive: the URL (and a valid body, so the call gets past validation to the ownership
   * check) naming what `member` owns. `other` must hear 403 or 404 and change nothing.
   */
  owned?: (c: Cast) => { url: string; body?: object };
};

const conv = (c: Cast) => `/api/inbox/conversations/${c.conversationId}`;

const ACCESS: Record<string, Row> = {
  // ——— Not the API: health, metrics, SEO files, the unsubscribe page, the socket ———
  'GET /healthz': { rule: 'public' },
  'GET /readyz': { rule: 'public' },
  'GET /robots.txt': { rule: 'public' },
  'GET /sitemap.xml': { rule: 'public' },
  'GET /sitemaps/pages.xml': { rule: 'public' },
  'GET /sitemaps/:file': { rule: 'public' },
  'GET /feeds/latest.rss': { rule: 'public' },
  'GET /feeds/latest.atom': { rule: 'public' },
  'GET /feeds/categories/:file': { rule: 'public' },
  'GET /feeds/tags/:file': { rule: 'public' },
  'GET /feeds/areas/:file': { rule: 'public' },
  'GET /feeds/posts/:file': { rule: 'public' },
  'GET /unsubscribe': { rule: 'public' },
  'POST /unsubscribe': { rule: 'public' },
  'GET /ws': { rule: 'user', socket: true },
  'GET /metrics': { rule: 'local' },

  // ——— Site ———
  'GET /api/site-config': { rule: 'public' },
  'GET /api/maintenance/status': { rule: 'public' },
  'PUT /api/admin/maintenance': { rule: 'admin' },
  'GET /api/bulletins': { rule: 'public' },
  // The Courier Pay Index (pay/pay.test.ts covers another member's 404 on PATCH and DELETE).
  'GET /api/pay-index': { rule: 'public' },
  'GET /pay/index.csv': { rule: 'public' },
  'POST /api/pay-reports': { rule: 'verified' },
  'GET /api/pay-reports/mine': { rule: 'verified' },
  'PATCH /api/pay-reports/:id': { rule: 'verified' },
  'DELETE /api/pay-reports/:id': { rule: 'verified' },
  'GET /api/admin/pay-reports': { rule: 'admin' },
  'GET /api/ads/slots': { rule: 'public' },
  'POST /api/analytics/session/start': { rule: 'public' },
  'POST /api/analytics/page-view': { rule: 'public' },
  'POST /api/analytics/user-action': { rule: 'public' },
  'POST /api/analytics/session/end': { rule: 'public' },
  'POST /api/metrics/vitals': { rule: 'public' },
  'POST /api/support': { rule: 'public' },
  'POST /api/unsubscribe': { rule: 'public' },

  // ——— Accounts ———
  'GET /api/auth/register-token': { rule: 'public' },
  'POST /api/auth/register': { rule: 'public' },
  'POST /api/auth/verify-code': { rule: 'public' },
  'POST /api/auth/resend-verification': { rule: 'public' },
  'POST /api/auth/login': { rule: 'public' },
  'POST /api/auth/forgot-password': { rule: 'public' },
  'POST /api/auth/reset-password': { rule: 'public' },
  // Issue 33: passkey sign-in and the second step (sign-in-factors.test.ts: tickets, challenges, limits).
  'POST /api/auth/passkey/options': { rule: 'public' },
  'POST /api/auth/passkey': { rule: 'public' },
  'POST /api/auth/second-step': { rule: 'public' },
  'GET /api/auth/user': { rule: 'user' },
  'POST /api/logout': { rule: 'public', endsSession: true },
  'GET /api/logout': { rule: 'public', endsSession: true },

  // ——— Own profile (any signed-in member) ———
  'GET /api/profile': { rule: 'user' },
  'GET /api/profile/trust': { rule: 'user' },
  'GET /api/profile/courier': { rule: 'user' },
  'PUT /api/profile/courier': { rule: 'user' },
  'GET /api/profile/courier/verification': { rule: 'user' },
  'POST /api/profile/courier/verification': { rule: 'verified' },
  'DELETE /api/profile/courier/verification': { rule: 'user' },
  'DELETE /api/profile/courier/badge': { rule: 'user' },
  'PATCH /api/profile': { rule: 'user' },
  'DELETE /api/profile': { rule: 'user' },
  'POST /api/onboarding': { rule: 'user' },
  'POST /api/profile/password': { rule: 'user' },
  'POST /api/profile/email': { rule: 'user' },
  'POST /api/profile/email/verify': { rule: 'user' },
  'POST /api/profile/sessions/end-others': { rule: 'user' },
  // Issue 33: the member's own passkeys and two-step sign-in (sign-in-factors.test.ts: another member's passkey is a 404).
  'GET /api/profile/security': { rule: 'user' },
  'POST /api/profile/passkeys/options': { rule: 'verified' },
  'POST /api/profile/passkeys': { rule: 'verified' },
  'PATCH /api/profile/passkeys/:id': { rule: 'user' },
  'DELETE /api/profile/passkeys/:id': { rule: 'user' },
  'POST /api/profile/two-step/setup': { rule: 'user' },
  'POST /api/profile/two-step/confirm': { rule: 'user' },
  'POST /api/profile/two-step/recovery-codes': { rule: 'user' },
  'POST /api/profile/two-step/disable': { rule: 'user' },
  'POST /api/profile/two-step/forget-devices': { rule: 'user' },
  'GET /api/auth/me/export': { rule: 'user' },
  'GET /api/users/:username': { rule: 'user' },
  'GET /api/users/:username/posts': { rule: 'user' },
  'GET /api/directory/users': { rule: 'verified' },
  'GET /api/members/mention-suggestions': { rule: 'verified' },

  // ——— Forum: reading is public, writing needs a verified member ———
  'GET /api/forum/categories': { rule: 'public' },
  // ——— Tags and postcode areas (issue 32) ———
  'GET /api/tags': { rule: 'public' },
  'GET /api/tags/:slug': { rule: 'public' },
  'GET /api/areas': { rule: 'public' },
  'GET /api/areas/:code': { rule: 'public' },
  'GET /api/forum/posts': { rule: 'public' },
  'GET /api/forum/search': { rule: 'public' },
  'GET /api/forum/posts/:idOrSlug': { rule: 'public' },
  'GET /api/forum/posts/:id/comments': { rule: 'public' },
  'GET /api/forum/posts/:id/reactions': { rule: 'public' },
  'GET /api/forum/comments/:id/reactions': { rule: 'public' },
  // Edit history (issue 28): public for a live post or comment; a removed one's is the moderators'
  // (posts/revisions.test.ts: 404 to guests and members, 200 to moderators and admins).
  'GET /api/forum/posts/:id/revisions': { rule: 'public' },
  'GET /api/forum/comments/:id/revisions': { rule: 'public' },
  'POST /api/forum/posts/share': { rule: 'public' },
  'POST /api/forum/posts': { rule: 'verified' },
  // Issue 32: the editor's question (anonymity itself needs trust level 2: anonymous.test.ts).
  'GET /api/forum/anonymous-voice': { rule: 'verified' },
  'PATCH /api/forum/posts/:id': {
    rule: 'verified',
    owned: (c) => ({ url: `/api/forum/posts/${c.memberPost.id}`, body: { title: 'Taken over by someone else', content: 'This edit must never reach the post.' } }),
  },
  'DELETE /api/forum/posts/:id': { rule: 'verified', owned: (c) => ({ url: `/api/forum/posts/${c.memberPost.id}` }) },
  // Issue 33: the question's author or a moderator (another member hears 403 before anything is read).
  'PUT /api/forum/posts/:id/answer': { rule: 'verified', owned: (c) => ({ url: `/api/forum/posts/${c.memberPost.id}/answer`, body: { commentId: c.adminComment.id } }) },
  'DELETE /api/forum/posts/:id/answer': { rule: 'verified', owned: (c) => ({ url: `/api/forum/posts/${c.memberPost.id}/answer` }) },
  // Issue 33: polls (the level, the poll's state and its author or a moderator for closing: polls.test.ts).
  'PUT /api/forum/posts/:id/poll/vote': { rule: 'verified' },
  'POST /api/forum/posts/:id/poll/close': { rule: 'verified' },
  'PUT /api/forum/posts/:id/pin': { rule: 'moderator' },
  'PUT /api/forum/posts/:id/lock': { rule: 'moderator' },
  'POST /api/forum/posts/:id/comments': { rule: 'verified' },
  // Issue 28: a member's own posts and comments awaiting approval (always the caller's own).
  'GET /api/forum/held': { rule: 'verified' },
  'PATCH /api/forum/comments/:id': {
    rule: 'verified',
    owned: (c) => ({ url: `/api/forum/comments/${c.memberComment.id}`, body: { content: 'Not yours to edit.' } }),
  },
  'DELETE /api/forum/comments/:id': { rule: 'verified', owned: (c) => ({ url: `/api/forum/comments/${c.memberComment.id}` }) },
  // Votes and reactions check only for a signed-in member (requireVoter, requireUser).
  'POST /api/forum/posts/:id/vote': { rule: 'user' },
  'POST /api/forum/comments/:id/vote': { rule: 'user' },
  'POST /api/forum/posts/:id/reactions': { rule: 'user' },
  'POST /api/forum/comments/:id/reactions': { rule: 'user' },
  'GET /api/forum/posts/:id/user-reactions': { rule: 'user' },
  'POST /api/reports': { rule: 'verified' },

  // ——— Notifications ———
  'GET /api/forum/notifications': { rule: 'user' },
  'GET /api/forum/notifications/unread-count': { rule: 'user' },
  'POST /api/forum/notifications/read-all': { rule: 'user' },
  'POST /api/forum/notifications/:id/read': { rule: 'user', owned: (c) => ({ url: `/api/forum/notifications/${c.memberNotificationId}/read` }) },

  // ——— Notification preferences and follows (notifications/routes.ts): always the caller's own ———
  'GET /api/notification-preferences': { rule: 'verified' },
  'PUT /api/notification-preferences': { rule: 'verified' },
  'GET /api/forum/posts/:id/follow': { rule: 'verified' },
  'PUT /api/forum/posts/:id/follow': { rule: 'verified' },
  'GET /api/forum/categories/follows': { rule: 'verified' },
  'PUT /api/forum/categories/:id/follow': { rule: 'verified' },
  'GET /api/follows/labels': { rule: 'verified' },
  'PUT /api/tags/:slug/follow': { rule: 'verified' },
  'DELETE /api/tags/:slug/follow': { rule: 'verified' },
  'PUT /api/areas/:code/follow': { rule: 'verified' },
  'DELETE /api/areas/:code/follow': { rule: 'verified' },
  'DELETE /api/forum/categories/:id/follow': { rule: 'verified' },

  // ——— Bookmarks (bookmarks/routes.ts): always the caller's own; another member's: bookmarks.test.ts ———
  'PUT /api/forum/posts/:id/bookmark': { rule: 'user' },
  'DELETE /api/forum/posts/:id/bookmark': { rule: 'user' },
  'GET /api/bookmarks': { rule: 'user' },

  // ——— Web push (push/routes.ts; another member's device: push.test.ts) ———
  'GET /api/push/public-key': { rule: 'public' },
  'POST /api/push/subscriptions': { rule: 'verified' },
  'DELETE /api/push/subscriptions': { rule: 'user' },

  // ——— Photos (uploads/routes.ts): the files are public by their unguessable address ———
  'POST /api/uploads': { rule: 'verified' },
  'GET /uploads/:id/:file': { rule: 'public' },
  'DELETE /api/admin/uploads/:id': { rule: 'moderator' },

  // ——— Chat (issue 18: a chat-suspended member keeps reading; starting and sending are refused) ———
  'GET /api/chat/access': { rule: 'user' },
  'POST /api/chat/start': { rule: 'chat' },
  'PUT /api/chat/conversation/:id/state': {
    rule: 'chatRead',
    owned: (c) => ({ url: `/api/chat/conversation/${c.conversationId}/state`, body: { state: 'closed' } }),
  },
  'GET /api/chat/unread-count': { rule: 'chatRead' },
  'GET /api/chat/messages': { rule: 'chatRead', owned: (c) => ({ url: `/api/chat/messages?conversationId=${c.conversationId}` }) },
  'GET /api/inbox/conversations': { rule: 'chatRead' },
  'GET /api/inbox/conversations/:id': { rule: 'chatRead', owned: (c) => ({ url: conv(c) }) },
  'POST /api/inbox/conversations/:id/messages': { rule: 'chat', owned: (c) => ({ url: `${conv(c)}/messages`, body: { text: 'Let me in' } }) },
  'PUT /api/inbox/conversations/:id/read': { rule: 'chatRead', owned: (c) => ({ url: `${conv(c)}/read` }) },
  'PUT /api/inbox/conversations/:id/messages/:messageId/read': { rule: 'chatRead', owned: (c) => ({ url: `${conv(c)}/messages/${c.messageId}/read` }) },
  'GET /api/chat/blocks': { rule: 'chatRead' },
  'POST /api/chat/blocks': { rule: 'chatRead' },
  'DELETE /api/chat/blocks/:userId': { rule: 'chatRead' },
  // Blocks (issue 18): any signed-in member; a block is the caller's own (another's DELETE changes nothing of theirs).
  'GET /api/blocks': { rule: 'user' },
  'POST /api/blocks': { rule: 'user' },
  'DELETE /api/blocks/:userId': { rule: 'user' },
  'GET /api/blocks/anonymous': { rule: 'user' },
  'POST /api/blocks/anonymous': { rule: 'user' },
  'DELETE /api/blocks/anonymous/:id': { rule: 'user' },

  // ——— Admin ———
  'GET /api/admin/dashboard': { rule: 'admin' },
  'GET /api/admin/members': { rule: 'admin' },
  'GET /api/admin/members/:id': { rule: 'admin' },
  'POST /api/admin/members/:id/chat-suspension': { rule: 'moderator' },
  'DELETE /api/admin/members/:id/chat-suspension': { rule: 'moderator' },
  // Issue 28: moderators suspend members for up to 7 days (moderators.test.ts: bounds, length, lifting).
  'POST /api/admin/members/:id/suspension': { rule: 'moderator' },
  'DELETE /api/admin/members/:id/suspension': { rule: 'admin' },
  'POST /api/admin/members/:id/admin': { rule: 'admin' },
  'DELETE /api/admin/members/:id/admin': { rule: 'admin' },
  'PUT /api/admin/members/:id/role': { rule: 'admin' },
  // Issue 28: pinning a member's trust level.
  'PUT /api/admin/members/:id/trust-level': { rule: 'admin' },
  'POST /api/admin/members/:id/resend-verification': { rule: 'admin' },
  'DELETE /api/admin/members/:id': { rule: 'admin' },
  'GET /api/admin/audit-log': { rule: 'admin' },
  'GET /api/admin/backups': { rule: 'admin' },
  'POST /api/admin/backups': { rule: 'admin' },
  'GET /api/admin/backups/:name': { rule: 'admin' },
  'GET /api/admin/jobs': { rule: 'admin' },
  'POST /api/admin/jobs/:id/retry': { rule: 'admin' },
  'GET /api/admin/posts': { rule: 'moderator' },
  'POST /api/admin/posts/:id/move': { rule: 'moderator' },
  // Issue 32: a reveal is an admin's alone (moderators act on anonymous content without the account).
  'POST /api/admin/posts/:id/reveal': { rule: 'admin' },
  'POST /api/admin/comments/:id/reveal': { rule: 'admin' },
  'GET /api/admin/reports': { rule: 'moderator' },
  'POST /api/admin/reports/:id/resolve': { rule: 'moderator' },
  'POST /api/admin/reports/:id/dismiss': { rule: 'moderator' },
  // Issue 28: the review queue beside the reports (moderators); the watched words and the review setting (admins).
  'GET /api/admin/review': { rule: 'moderator' },
  'POST /api/admin/review/:id/approve': { rule: 'moderator' },
  'POST /api/admin/review/:id/reject': { rule: 'moderator' },
  'GET /api/admin/review-settings': { rule: 'admin' },
  'PUT /api/admin/review-settings': { rule: 'admin' },
  'GET /api/admin/watched-words': { rule: 'admin' },
  'POST /api/admin/watched-words': { rule: 'admin' },
  'DELETE /api/admin/watched-words/:id': { rule: 'admin' },
  'GET /api/admin/categories': { rule: 'admin' },
  'POST /api/admin/categories': { rule: 'admin' },
  'POST /api/admin/tags': { rule: 'admin' },
  'GET /api/admin/courier-verifications': { rule: 'moderator' },
  'GET /api/admin/courier-verifications/:id/proof': { rule: 'moderator' },
  'POST /api/admin/courier-verifications/:id/approve': { rule: 'moderator' },
  'POST /api/admin/courier-verifications/:id/refuse': { rule: 'moderator' },
  'POST /api/admin/members/:id/courier-badge/withdraw': { rule: 'moderator' },
  'PATCH /api/admin/tags/:id': { rule: 'admin' },
  'DELETE /api/admin/tags/:id': { rule: 'admin' },
  'PUT /api/admin/categories/order': { rule: 'admin' },
  'PATCH /api/admin/categories/:id': { rule: 'admin' },
  'DELETE /api/admin/categories/:id': { rule: 'admin' },
  'GET /api/admin/emails': { rule: 'admin' },
  'POST /api/admin/emails/:id/retry': { rule: 'admin' },
  'GET /api/admin/announcements': { rule: 'admin' },
  'POST /api/admin/announcements': { rule: 'admin' },
  'GET /api/admin/announcements/:id/preview': { rule: 'admin' },
  'POST /api/admin/announcements/:id/send': { rule: 'admin' },
  'GET /api/admin/bulletins': { rule: 'admin' },
  'POST /api/admin/bulletins': { rule: 'admin' },
  'PATCH /api/admin/bulletins/:id': { rule: 'admin' },
  'DELETE /api/admin/bulletins/:id': { rule: 'admin' },
  'GET /api/admin/ads': { rule: 'admin' },
  'POST /api/admin/ads': { rule: 'admin' },
  'PATCH /api/admin/ads/:id': { rule: 'admin' },
  'DELETE /api/admin/ads/:id': { rule: 'admin' },
  'GET /api/admin/analytics': { rule: 'admin' },
  'GET /api/admin/support': { rule: 'admin' },
  'GET /api/admin/support/:id': { rule: 'admin' },
  'POST /api/admin/support/:id/reply': { rule: 'admin' },
  'POST /api/admin/support/:id/notes': { rule: 'admin' },
  'POST /api/admin/support/:id/close': { rule: 'admin' },
  'POST /api/admin/support/:id/reopen': { rule: 'admin' },
};

type Expected = 'allowed' | 401 | 403;

/** What each kind of caller must hear under each rule. */
const EXPECT: Record<Rule, Record<RoleName, Expected>> = {
  public: { guest: 'allowed', unverified: 'allowed', member: 'allowed', other: 'allowed', chatSuspended: 'allowed', suspended: 'allowed', admin: 'allowed' },
  user: { guest: 401, unverified: 'allowed', member: 'allowed', other: 'allowed', chatSuspended: 'allowed', suspended: 401, admin: 'allowed' },
  verified: { guest: 401, unverified: 403, member: 'allowed', other: 'allowed', chatSuspended: 'allowed', suspended: 401, admin: 'allowed' },
  chat: { guest: 401, unverified: 403, member: 'allowed', other: 'allowed', chatSuspended: 403, suspended: 401, admin: 'allowed' },
  chatRead: { guest: 401, unverified: 403, member: 'allowed', other: 'allowed', chatSuspended: 'allowed', suspended: 401, admin: 'allowed' },
  moderator: { guest: 401, unverified: 403, member: 403, other: 403, chatSuspended: 403, suspended: 401, admin: 'allowed' },
  admin: { guest: 401, unverified: 403, member: 403, other: 403, chatSuspended: 403, suspended: 401, admin: 'allowed' },
  local: { guest: 403, unverified: 403, member: 403, other: 403, chatSuspended: 403, suspended: 403, admin: 403 },
};

const brief = (body: string) => body.replace(/\s+/g, ' ').slice(0, 160);

describe.each(testDatabases)('authorisation matrix on %s', (kind) => {
  let t: SecurityApp;
  let cast: Cast;
  let routes: AppRoute[];
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    resetCollectedRoutes();
    t = await buildSecurityApp(kind);
    routes = appRoutes();
    cast = await createCast(t);
  }, 180_000);
  afterAll(async () => {
    await t?.dispose();
    console.info(`authorisation matrix on ${kind}: ${routes?.length} routes × ${ROLES.length} callers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  const rowOf = (r: AppRoute) => ACCESS[r.key];
  /** A request as `role`, with no body: authorisation must answer before any input is read. */
  const callAs = async (role: RoleName, r: AppRoute, row: Row, target?: { url: string; body?: object }) => {
    const m = cast.members[role];
    const cookie = m && row.endsSession ? await extraSessionCookie(t, m.id) : m?.cookie;
    return call(t, r.method, target?.url ?? fillPath(r.url, {}, MISSING_ID), { cookie, body: target?.body });
  };
  const pairs = (want: (e: Expected) => boolean) =>
    routes.flatMap((r) => {
      const row = rowOf(r);
      if (!row || row.socket) return [];
      return ROLES.filter((role) => want(EXPECT[row.rule][role])).map((role) => ({ r, row, role }));
    });

  it('every registered route has a row, and every row a route', () => {
    const registered = new Set(routes.map((r) => r.key));
    const missing = [...registered].filter((k) => !ACCESS[k]);
    const stale = Object.keys(ACCESS).filter((k) => !registered.has(k));
    expect(registered.size).toBeGreaterThan(100);
    expect({ missing, stale }, 'add a row to ACCESS for each missing route (and drop stale rows)').toEqual({ missing: [], stale: [] });
  });

  it('every /api route is registered from its contract (common/contracts, server/lib/route.ts)', () => {
    const bare = routes.filter((r) => r.url.startsWith('/api/') && r.endpoint?.path !== r.url).map((r) => r.key);
    expect(bare).toEqual([]);
  });

  it('refused callers hear 401 (guest, suspended) or 403, as JSON {message}, and nothing changes', async () => {
    const failures: string[] = [];
    const before = await fingerprint(t);
    for (const { r, row, role } of pairs((e) => e !== 'allowed')) {
      const res = await callAs(role, r, row);
      const want = EXPECT[row.rule][role];
      const message = String(res.headers['content-type']).includes('application/json') ? (res.json() as { message?: unknown }).message : undefined;
      if (res.statusCode !== want || typeof message !== 'string') failures.push(`${role} ${r.key}: ${res.statusCode} ${brief(res.body)} (want ${want})`);
      if (!declaresStatus(r, res.statusCode)) failures.push(`${role} ${r.key}: ${res.statusCode} is not in its contract's errors`);
    }
    expect(failures).toEqual([]);
    expect(changedTables(before, await fingerprint(t))).toEqual([]);
  });

  it("another member's post, comment, conversation, message and notification: 403 or 404, and left untouched", async () => {
    const failures: string[] = [];
    const owned = routes.filter((r) => rowOf(r)?.owned);
    expect(owned.length).toBeGreaterThanOrEqual(11);
    for (const r of owned) {
      const row = rowOf(r)!;
      const before = await fingerprint(t);
      const res = await callAs('other', r, row, row.owned!(cast));
      if (![403, 404].includes(res.statusCode)) failures.push(`other ${r.key}: ${res.statusCode} ${brief(res.body)}`);
      if (!declaresStatus(r, res.statusCode)) failures.push(`other ${r.key}: ${res.statusCode} is not in its contract's errors`);
      const changed = changedTables(before, await fingerprint(t));
      if (changed.length) failures.push(`other ${r.key} changed ${changed.join(', ')}`);
    }
    expect(failures).toEqual([]);
    // And the owner still can: the targets above were real.
    for (const r of owned.filter((x) => x.method === 'GET')) {
      const res = await callAs('member', r, rowOf(r)!, rowOf(r)!.owned!(cast));
      expect(res.statusCode, `member ${r.key}: ${res.body}`).toBe(200);
    }
  });

  it('allowed callers get past authorisation (never 401/403, never 5xx) with no body', async () => {
    const failures: string[] = [];
    for (const { r, row, role } of pairs((e) => e === 'allowed')) {
      const res = await callAs(role, r, row);
      if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) failures.push(`${role} ${r.key}: ${res.statusCode} ${brief(res.body)}`);
      if (!declaresStatus(r, res.statusCode)) failures.push(`${role} ${r.key}: ${res.statusCode} is not in its contract's errors`);
    }
    expect(failures).toEqual([]);
    // Spare sessions went on sign-out; every role's own session is intact, so the sweeps above were real.
    for (const role of ROLES) {
      const m = cast.members[role];
      if (!m || role === 'suspended') continue;
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: m.cookie } });
      expect(res.statusCode, `${role} still signed in`).toBe(200);
    }
  });

  it('/ws: a guest and a suspended account are closed with 4401; signed-in members connect', async () => {
    const socketRoutes = routes.filter((r) => rowOf(r)?.socket);
    expect(socketRoutes.map((r) => r.key)).toEqual(['GET /ws']);
    const base = (await listen(t)).replace(/\/ws$/, '');
    const failures: string[] = [];
    for (const r of socketRoutes) {
      for (const role of ROLES) {
        const want = EXPECT[rowOf(r)!.rule][role];
        const s = await connect(`${base}${r.url}`, cast.members[role]?.cookie, { headers: { origin: t.app.deps.config.appUrl } });
        if (want === 'allowed') {
          s.send({ type: 'ping' });
          const ok = await s.next('pong', undefined, 3000).then(
            () => true,
            () => false,
          );
          if (!ok) failures.push(`${role} ${r.key}: no pong (${JSON.stringify(await Promise.race([s.closed, Promise.resolve('open')]))})`);
        } else {
          const closed = await s.closed;
          if (closed.code !== WS_CLOSE.unauthorized) failures.push(`${role} ${r.key}: closed ${closed.code} (want ${WS_CLOSE.unauthorized})`);
        }
        await s.close();
      }
    }
    expect(failures).toEqual([]);
  });
});
