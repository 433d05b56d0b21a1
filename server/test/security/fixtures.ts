// Shared by the adversarial suites (authorisation matrix, fuzzing): one app with the built client's
// pages, a member in every role, something each of them owns, and a cheap fingerprint of the whole
// database to prove that a refused or invalid request changed nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client.ts';
import { notifications, users } from '../../db/schema/index.ts';
import { cookieName, createSession } from '../../identity/index.ts';
import { buildTestApp, type TestApp } from '../app.ts';
import { addCategory, createComment, createPost } from '../forum.ts';
import { call, member, type Member } from '../members.ts';

/** An id that names no row: calls on it by an allowed caller answer 404 and change nothing. */
export const MISSING_ID = '999999';

/** A stand-in for the built client: the server writes each page's head and body into it. */
const INDEX_HTML = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="default" />
    <title>Kerbside</title>
    <script type="module" crossorigin src="/assets/index-x.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

export type SecurityApp = TestApp & { dispose(): Promise<void> };

/** The real app (pages included, so the not-found handler and page rendering are in play) on a fresh database. */
export async function buildSecurityApp(kind: 'pglite' | 'postgres'): Promise<SecurityApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-security-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  const t = await buildTestApp(kind, {}, { clientDir: dir });
  return {
    ...t,
    dispose: async () => {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const ROLES = ['guest', 'unverified', 'member', 'other', 'chatSuspended', 'suspended', 'admin'] as const;
export type RoleName = (typeof ROLES)[number];

export type Cast = {
  /** null for the guest. */
  members: Record<RoleName, Member | null>;
  categoryId: number;
  /** A category only admin fuzzing edits. */
  scratchCategoryId: number;
  /** Owned by `member`; commented on by the admin, so `member` has a notification. */
  memberPost: { id: number; slug: string };
  memberComment: { id: number };
  memberNotificationId: number;
  adminPost: { id: number; slug: string };
  adminComment: { id: number };
  /** Between `member` and the admin; the admin's message to `member` is unread. */
  conversationId: number;
  messageId: number;
  ticketId: number;
  bulletinId: number;
  adId: number;
};

/** Every role's member and the rows they own, created through the API (one sign-up each). */
export async function createCast(t: TestApp): Promise<Cast> {
  const db = t.database.db;
  const [admin, owner, other, unverified, chatSuspended, suspended] = [
    await member(t, 'admin'),
    await member(t),
    await member(t),
    await member(t, 'unverified'),
    await member(t),
    await member(t, 'suspended'),
  ];
  await db.update(users).set({ chatSuspendedAt: new Date() }).where(eq(users.id, chatSuspended.id));

  const category = await addCategory(db, 'Security');
  const scratch = await addCategory(db, 'Scratch');
  const memberPost = await createPost(t, owner.cookie, category.id);
  const memberComment = await createComment(t, owner.cookie, memberPost.id);
  await createComment(t, admin.cookie, memberPost.id, { content: 'An admin answer, which notifies the author.' });
  const [notification] = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, owner.id)).limit(1);
  expect(notification, 'the admin comment notified the post author').toBeDefined();
  const adminPost = await createPost(t, admin.cookie, category.id);
  const adminComment = await createComment(t, admin.cookie, adminPost.id);

  const ok = async (res: Awaited<ReturnType<typeof call>>, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as { id: number; conversationId?: number };
  };
  const started = await ok(await call(t, 'POST', '/api/chat/start', { cookie: owner.cookie, body: { recipientId: admin.id } }), 200);
  const conversationId = started.conversationId!;
  const message = await ok(
    await call(t, 'POST', `/api/inbox/conversations/${conversationId}/messages`, { cookie: admin.cookie, body: { text: 'Hello from the admin' } }),
    201,
  );
  const ticket = await ok(
    await call(t, 'POST', '/api/support', {
      body: { name: 'Pat Tester', email: 'pat@example.test', subject: 'A question', message: 'How do I change my avatar, please?' },
    }),
    201,
  );
  const bulletin = await ok(
    await call(t, 'POST', '/api/admin/bulletins', { cookie: admin.cookie, body: { title: 'Depot closed', message: 'The depot is closed on Monday.' } }),
    201,
  );
  const ad = await ok(
    await call(t, 'POST', '/api/admin/ads', { cookie: admin.cookie, body: { location: 'forum-top', adType: 'custom', customHtml: '<p>Ad</p>' } }),
    201,
  );

  return {
    members: { guest: null, unverified, member: owner, other, chatSuspended, suspended, admin },
    categoryId: category.id,
    scratchCategoryId: scratch.id,
    memberPost,
    memberComment,
    memberNotificationId: notification.id,
    adminPost,
    adminComment,
    conversationId,
    messageId: message.id,
    ticketId: ticket.id,
    bulletinId: bulletin.id,
    adId: ad.id,
  };
}

/** A further session for a member (a cookie to spend on a call that ends its session). */
export async function extraSessionCookie(t: TestApp, userId: number): Promise<string> {
  return `${cookieName(t.app.deps.config)}=${await createSession(t.database.db, userId, new Date())}`;
}

/** Whether a member's cookie still names a live session. */
export async function sessionAlive(t: TestApp, cookie: string): Promise<boolean> {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  return res.statusCode === 200;
}

/**
 * Columns that move after the answer without the request having changed anything: read-side
 * bookkeeping, and the outbox's delivery state (a queued mail is sent off the request's path).
 */
const VOLATILE: Record<string, readonly string[]> = {
  sessions: ['last_seen_at'],
  // A member's visit times (issue 18) move with any request of theirs, refused or not, like last_seen_at.
  users: ['last_active_at', 'previous_visit_at'],
  emails: ['status', 'attempts', 'sent_at', 'error', 'next_attempt_at'],
};
/**
 * Tables of read-side bookkeeping left out whole: user_visits (issue 28's trust model) gains a member's
 * row with their first request of the day, and their posts read, whatever the request's answer.
 */
const BOOKKEEPING = new Set(['user_visits']);
/** Bulky columns left out where rows are hashed (a change to them alone is not what a refusal would make). */
const BULKY: Record<string, readonly string[]> = { emails: ['text', 'html', 'headers'] };

/**
 * The database's fingerprint, per table. Most tables: row count and the newest row version's
 * transaction id (max xmin), which any insert, update or delete moves, and which costs nothing however
 * large the fuzzed rows grow. Tables with volatile columns: row count and an md5 of every row without
 * them. Built from the catalogue, so a new table is covered without touching this file. Buffered
 * writes (view counts, analytics) are flushed first, so they never land between two fingerprints.
 *
 * Kept while no transaction has ended since it was taken: a change to any row needs a transaction id,
 * and PostgreSQL's snapshot xmax (one past the newest ended transaction) moves when such a transaction
 * commits or aborts. Most refused requests write nothing, so the fuzzer's thousands of fingerprints are
 * mostly one cheap read.
 */
export async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  await t.app.viewCounter.flush();
  await t.app.analytics.flush();
  const db = t.database.db;
  // Read before the tables: a transaction ending in between moves it again, so the next call reads afresh.
  const mark = await lastEndedTransaction(db);
  const kept = fingerprints.get(db);
  if (kept?.mark === mark) return kept.value;
  const query = await fingerprintQuery(db);
  const rows = (await db.execute(sql.raw(query))) as unknown as { rows: Array<{ t: string; n: number; h: string }> };
  const value = Object.fromEntries(rows.rows.map((r) => [r.t, `${r.n}:${r.h}`]));
  fingerprints.set(db, { mark, value });
  return value;
}

const fingerprints = new WeakMap<Db, { mark: string; value: Record<string, string> }>();
async function lastEndedTransaction(db: Db): Promise<string> {
  const res = (await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`)) as unknown as { rows: Array<{ x: string }> };
  return res.rows[0].x;
}

const queries = new WeakMap<Db, string>();
async function fingerprintQuery(db: Db): Promise<string> {
  const cached = queries.get(db);
  if (cached) return cached;
  const res = (await db.execute(sql`
    select table_name as t, string_agg(column_name, ',' order by ordinal_position) as cols
    from information_schema.columns
    where table_schema = 'public'
    group by table_name order by table_name`)) as unknown as { rows: Array<{ t: string; cols: string }> };
  const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const parts = res.rows.filter(({ t }) => !BOOKKEEPING.has(t)).map(({ t, cols }) => {
    if (!VOLATILE[t]) return `select '${t}' as t, count(*)::int as n, coalesce(max(x.xmin::text::bigint), 0)::text as h from ${q(t)} x`;
    const kept = cols.split(',').filter((c) => !VOLATILE[t].includes(c) && !BULKY[t]?.includes(c));
    const row = `row(${kept.map((c) => `x.${q(c)}`).join(', ')})::text`;
    return `select '${t}' as t, count(*)::int as n, md5(coalesce(string_agg(${row}, E'\\n' order by ${row}), '')) as h from ${q(t)} x`;
  });
  const query = parts.join('\nunion all\n');
  queries.set(db, query);
  return query;
}

/** The tables whose fingerprints differ, for a failure message. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => before[k] !== after[k]);
}
