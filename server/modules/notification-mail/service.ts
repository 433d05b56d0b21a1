import type { TNotificationType } from '../../../common/contracts/notifications.ts';
import { and, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  DIGEST_EVERY_MS,
  DIGEST_MAX_POSTS,
  NOTIFY_MAIL_GAP_MS,
  NOTIFY_MAIL_ITEMS_PER_KIND,
  NOTIFY_MAIL_LOOKBACK_MS,
} from '../../../common/rules/notification-mail.ts';
import { CHAT_MSG } from '../../../common/rules/chat.ts';
import { NOTIFY_DEFAULTS, NOTIFY_KINDS, type NotifyKind } from '../../../common/rules/notification-preferences.ts';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { categories, categoryFollows, conversations, emails, messages, notificationMailState, posts, users } from '../../db/schema/index.ts';
import { makeExcerpt } from '../../lib/markdown.ts';
import { chatPushMessage } from '../chat/index.ts';
import { digestMail, notificationMail, type DigestPost, type NotificationMailItem, type NotificationMailKind, type NotificationMailSection } from '../../mail/templates.ts';
import { signUnsubscribeToken, unsubscribeHeaders, unsubscribeSecret, unsubscribeUrl } from './unsubscribe.ts';
import { NOTIFICATION_KIND } from '../notifications/index.ts';

// The notification mail (issue 16; docs/API.md "Notification mail"): every minute, as a scheduled job
// of the runner (one process each minute), mails each member who is away what they have not seen, one
// mail per member at most every 15 minutes, and the weekly digest to those who asked for it. All of a
// run is one transaction: the outbox rows and the members' mail state are written together, so a crash
// mails nothing twice; and a member's mail state row is claimed before their mail is written, so two
// runs at once (a run repeated while the first still works) never mail one member twice.

export const NOTIFICATION_MAIL_KIND = 'notification';
export const DIGEST_MAIL_KIND = 'digest';
/** Members mailed per run (the rest are mailed by the next run, a minute later). */
export const NOTIFY_MAIL_BATCH = 200;
const EVERY_MS = 60_000;
/** Pages of NOTIFY_MAIL_BATCH members with news a run looks through (members on the site are skipped). */
const MAX_PAGES = 10;
const EXCERPT_CHARS = 160;

/** The notification types of the bell, as the kinds a member switches (the notifications module's own map). */
const KIND_OF_TYPE = NOTIFICATION_KIND as Record<TNotificationType, NotificationMailKind>;
const MAIL_KINDS: NotificationMailKind[] = ['chat', 'replies', 'mentions', 'followed', 'alerts'];

/**
 * Whether a member's email switch for `kind` is on, in SQL: their saved boolean, else the default
 * (resolvePreferences' rule). `settings` is notification_preferences.settings of a left join (null
 * when the member never saved any); `kind` a text expression or a kind.
 */
export function emailSwitchOn(settings: SQL, kind: SQL | NotifyKind): SQL {
  const k = typeof kind === 'string' ? sql`${kind}::text` : kind;
  const fallback = sql.join(
    NOTIFY_KINDS.filter((n) => NOTIFY_DEFAULTS[n].email !== undefined).map((n) => sql`when ${n}::text then ${NOTIFY_DEFAULTS[n].email === true}::boolean`),
    sql` `,
  );
  return sql`(case when jsonb_typeof(${settings} -> ${k} -> 'email') = 'boolean' then (${settings} -> ${k} ->> 'email')::boolean else (case ${k} ${fallback} else false end) end)`;
}

type Row = Record<string, unknown>;
const rowsOf = <T extends Row>(res: unknown) => (res as { rows: T[] }).rows;

export type RunResult = { mailed: number; digests: number };

type Deps = Pick<Core, 'db' | 'config' | 'mailer' | 'clock' | 'log' | 'jobs'> & {
  /** Of these members, those with an open socket in some process (the chat's presence). */
  online: (userIds: number[]) => Promise<Set<number>>;
};

export function createNotificationMailService(deps: Deps) {
  const { db, config, mailer, clock, log, jobs } = deps;
  const delayMs = config.notifyEmailDelayS * 1000;
  const link = (path: string) => `${config.appUrl}${path}`;
  const preferencesUrl = link('/settings/notifications');

  // ------------------------------------------------------------------------------------------
  // Notification mails

  /**
   * Who has news to mail, per kind, with how much: unread chat messages and unseen bell rows (read_at
   * null, or stored read because the bell is off for the kind: read_at = created_at) older than the
   * delay and newer than what the member was last mailed, of members verified, live and not suspended,
   * not mailed in the last 15 minutes, with no request for the delay, whose email switch for the kind
   * is on. Only the rows of the last NOTIFY_MAIL_LOOKBACK_MS are read, found through the primary keys
   * (ids grow with time): the run costs what a day brings, not the size of the tables.
   */
  async function pendingCounts(tx: Db, now: Date, afterUserId: number): Promise<{ counts: Map<number, Map<NotificationMailKind, number>>; full: boolean }> {
    const cutoff = new Date(now.getTime() - delayMs);
    const floor = new Date(cutoff.getTime() - NOTIFY_MAIL_LOOKBACK_MS);
    const gapStart = new Date(now.getTime() - NOTIFY_MAIL_GAP_MS);
    const kindOfType = sql.join(
      Object.entries(KIND_OF_TYPE).map(([type, kind]) => sql`when ${type}::text then ${kind}::text`),
      sql` `,
    );
    // The newest ids older than the window: a walk back down each primary key over the window's rows.
    // Given as values (not subqueries), so the planner sees how few rows the range holds.
    const [bounds] = rowsOf<{ message: number; notification: number }>(
      await tx.execute(sql`select
        coalesce((select id from messages where created_at <= ${floor} order by id desc limit 1), 0) as message,
        coalesce((select id from notifications where created_at <= ${floor} order by id desc limit 1), 0) as notification`),
    );
    // Materialized: the window is read once, however the members' rows are then joined.
    const res = await tx.execute(sql`
      with pending as materialized (
        select case when m.sender_id = c.user_low_id then c.user_high_id else c.user_low_id end as user_id, 'chat'::text as kind, m.created_at
        from messages m join conversations c on c.id = m.conversation_id
        where m.id > ${bounds.message} and m.created_at > ${floor} and m.created_at <= ${cutoff} and m.read_at is null and m.sender_id is not null
        union all
        select n.user_id, case n.type ${kindOfType} end, n.created_at
        from notifications n
        where n.id > ${bounds.notification} and n.created_at > ${floor} and n.created_at <= ${cutoff} and (n.read_at is null or n.read_at = n.created_at)
      )
      select p.user_id as "userId", p.kind, count(*)::int as n
      from pending p
      join users u on u.id = p.user_id
      left join notification_mail_state s on s.user_id = p.user_id
      left join notification_preferences np on np.user_id = p.user_id
      where p.user_id > ${afterUserId}
        and p.created_at > coalesce(s.mailed_through, '-infinity'::timestamptz)
        and (s.mailed_at is null or s.mailed_at <= ${gapStart})
        and u.email_verified_at is not null and u.deleted_at is null and u.suspended_at is null
        and not (p.kind = 'chat' and u.chat_suspended_at is not null)
        and ${emailSwitchOn(sql`np.settings`, sql`p.kind`)}
        and not exists (select 1 from sessions se where se.user_id = p.user_id and se.last_seen_at > ${cutoff})
      group by p.user_id, p.kind
      order by p.user_id
      limit ${NOTIFY_MAIL_BATCH * MAIL_KINDS.length}`);
    const rows = rowsOf<{ userId: number; kind: NotificationMailKind; n: number }>(res);
    const out = new Map<number, Map<NotificationMailKind, number>>();
    for (const r of rows) {
      if (!out.has(r.userId)) out.set(r.userId, new Map());
      out.get(r.userId)!.set(r.kind, r.n);
    }
    // A full page may have cut the last member's kinds short: they come first on the next page.
    const full = rows.length === NOTIFY_MAIL_BATCH * MAIL_KINDS.length;
    if (full && out.size > 1) out.delete(rows[rows.length - 1].userId);
    return { counts: out, full };
  }

  /** The listed items of each member's mail: chat by conversation, bell rows newest first, a few per kind. */
  async function items(tx: Db, userIds: number[], since: Map<number, Date | null>, now: Date) {
    const cutoff = new Date(now.getTime() - delayMs);
    const floor = new Date(cutoff.getTime() - NOTIFY_MAIL_LOOKBACK_MS);
    const after = (userId: number) => {
      const t = since.get(userId);
      return t && t > floor ? t : floor;
    };
    type Listed = { items: NotificationMailItem[]; total: number };
    const out = new Map<number, Map<NotificationMailKind, Listed>>();
    const add = (userId: number, kind: NotificationMailKind, item: NotificationMailItem) => {
      if (!out.has(userId)) out.set(userId, new Map());
      const listed = out.get(userId)!.get(kind) ?? { items: [], total: 0 };
      listed.total += 1;
      if (listed.items.length < NOTIFY_MAIL_ITEMS_PER_KIND) listed.items.push(item);
      out.get(userId)!.set(kind, listed);
    };

    // Chat: each conversation with unread messages, its sender, how many, and the latest one's text.
    const convs = await tx
      .select({ id: conversations.id, low: conversations.userLowId, high: conversations.userHighId })
      .from(conversations)
      .where(or(inArray(conversations.userLowId, userIds), inArray(conversations.userHighId, userIds)));
    const unread = convs.length
      ? await tx
          .select({
            conversationId: messages.conversationId,
            senderId: messages.senderId,
            sender: users.username,
            content: messages.content,
            createdAt: messages.createdAt,
          })
          .from(messages)
          .innerJoin(users, eq(users.id, messages.senderId))
          .where(
            and(
              inArray(
                messages.conversationId,
                convs.map((c) => c.id),
              ),
              isNull(messages.readAt),
              gt(messages.createdAt, floor),
              lte(messages.createdAt, cutoff),
            ),
          )
          .orderBy(desc(messages.id))
      : [];
    const byConversation = new Map<number, { sender: string; latest: string; n: number; recipient: number }>();
    const convOf = new Map(convs.map((c) => [c.id, c]));
    for (const m of unread) {
      const c = convOf.get(m.conversationId)!;
      const recipient = m.senderId === c.low ? c.high : c.low;
      if (m.senderId === recipient || !userIds.includes(recipient) || m.createdAt <= after(recipient)) continue;
      const seen = byConversation.get(m.conversationId);
      if (seen) seen.n += 1;
      // A photo sent alone has no text: the mail says so.
      else byConversation.set(m.conversationId, { sender: m.sender, latest: m.content || CHAT_MSG.photoOnly, n: 1, recipient });
    }
    for (const [id, c] of byConversation) {
      add(c.recipient, 'chat', {
        title: c.n === 1 ? `New message from ${c.sender}` : `${c.n} new messages from ${c.sender}`,
        // Chat is plain text: the latest message as its push notification shows it.
        excerpt: chatPushMessage({ conversationId: id, senderName: c.sender, text: c.latest }).body,
        url: link(`/inbox/${id}`),
      });
    }

    // The bell: each member's newest rows since their bound (notifications_user_idx, one short walk
    // each), with the post and the comment they point at.
    const bounds = sql.join(
      userIds.map((id) => sql`(${id}::int, ${after(id)}::timestamptz)`),
      sql`, `,
    );
    const bell = rowsOf<{ userId: number; type: keyof typeof KIND_OF_TYPE; message: string; commentId: number | null; slug: string | null; excerptOf: string | null }>(
      await tx.execute(sql`
        select v.user_id as "userId", n.type, n.message, n.comment_id as "commentId", p.slug, coalesce(c.content, p.content) as "excerptOf"
        from (values ${bounds}) as v(user_id, after)
        cross join lateral (
          select n.* from notifications n
          where n.user_id = v.user_id and n.created_at > v.after and n.created_at <= ${cutoff} and (n.read_at is null or n.read_at = n.created_at)
          order by n.created_at desc, n.id desc
          limit ${NOTIFY_MAIL_ITEMS_PER_KIND * 4}
        ) n
        left join posts p on p.id = n.post_id and p.deleted_at is null
        left join comments c on c.id = n.comment_id and c.deleted_at is null
        order by v.user_id, n.created_at desc, n.id desc`),
    );
    for (const b of bell) {
      const url = b.slug ? link(`/forum/posts/${encodeURIComponent(b.slug)}${b.commentId ? `#comment-${b.commentId}` : ''}`) : link('/forum');
      add(b.userId, KIND_OF_TYPE[b.type], { title: b.message, excerpt: b.excerptOf ? makeExcerpt(b.excerptOf, EXCERPT_CHARS) : '', url });
    }
    return out;
  }

  /**
   * Pages of members with news, in id order, until NOTIFY_MAIL_BATCH are mailed (the rest go next
   * run): members on the site are passed over, so they never hold back the others.
   */
  async function notificationMails(tx: Db, now: Date): Promise<number> {
    let mailed = 0;
    let after = 0;
    for (let page = 0; page < MAX_PAGES && mailed < NOTIFY_MAIL_BATCH; page++) {
      const { counts, full } = await pendingCounts(tx, now, after);
      if (counts.size === 0) break;
      mailed += await mailMembers(tx, now, counts);
      if (!full) break;
      after = Math.max(...counts.keys());
    }
    return mailed;
  }

  async function mailMembers(tx: Db, now: Date, pending: Map<number, Map<NotificationMailKind, number>>): Promise<number> {
    // Away: no socket open in any process either (a member reading the site right now is not mailed).
    const online = await deps.online([...pending.keys()]);
    const away = [...pending.keys()].filter((id) => !online.has(id));
    if (away.length === 0) return 0;
    // What each was mailed up to (their mail lists only what is newer), read before the claim moves it.
    const found = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, mailedThrough: notificationMailState.mailedThrough })
      .from(users)
      .leftJoin(notificationMailState, eq(notificationMailState.userId, users.id))
      .where(inArray(users.id, away));
    const claimed = await claimMailState(tx, away, now);
    const members = found.filter((m) => claimed.has(m.id));
    const userIds = members.map((m) => m.id);
    if (userIds.length === 0) return 0;
    const listed = await items(
      tx,
      userIds,
      new Map(members.map((m) => [m.id, m.mailedThrough])),
      now,
    );
    const secret = await unsubscribeSecret(tx);
    const mails: Array<typeof emails.$inferInsert> = [];
    for (const m of members) {
      const counts = pending.get(m.id)!;
      const kinds = MAIL_KINDS.filter((k) => (counts.get(k) ?? 0) > 0);
      const sections: NotificationMailSection[] = kinds.map((kind) => {
        const count = counts.get(kind)!;
        const own = listed.get(m.id)?.get(kind) ?? { items: [], total: 0 };
        return {
          kind,
          count,
          items: own.items,
          // Chat lists conversations (its count is of messages); the bell lists at most a few rows of each type.
          more: (kind === 'chat' ? own.total : count) - own.items.length,
          unsubscribeUrl: unsubscribeUrl(config, signUnsubscribeToken(secret, m.id, [kind])),
        };
      });
      const all = unsubscribeUrl(config, signUnsubscribeToken(secret, m.id, kinds));
      mails.push({
        to: m.email.toLowerCase(),
        kind: NOTIFICATION_MAIL_KIND,
        headers: unsubscribeHeaders(all),
        ...notificationMail({ appName: config.appName, firstName: m.firstName, sections, preferencesUrl }),
      });
    }
    if (mails.length === 0) return 0;
    // Due at once (the outbox's own clock, the database's: `now` may be a test's).
    await tx.insert(emails).values(mails);
    return mails.length;
  }

  /**
   * Claims the members' mail state for this run: mailed now, through the cutoff (everything up to it
   * was considered: the next mail covers only what is newer), for those not mailed in the last 15
   * minutes. Rows are taken in id order; a run at the same time waits on each row this one holds and
   * then finds the member mailed, so each is mailed by one run. Answers the members claimed.
   */
  async function claimMailState(tx: Db, userIds: number[], now: Date): Promise<Set<number>> {
    const cutoff = new Date(now.getTime() - delayMs);
    const gapStart = new Date(now.getTime() - NOTIFY_MAIL_GAP_MS);
    const rows = await tx
      .insert(notificationMailState)
      .values([...userIds].sort((a, b) => a - b).map((userId) => ({ userId, mailedAt: now, mailedThrough: cutoff })))
      .onConflictDoUpdate({
        target: notificationMailState.userId,
        set: { mailedAt: now, mailedThrough: cutoff },
        setWhere: or(isNull(notificationMailState.mailedAt), lte(notificationMailState.mailedAt, gapStart)),
      })
      .returning({ userId: notificationMailState.userId });
    return new Set(rows.map((r) => r.userId));
  }

  // ------------------------------------------------------------------------------------------
  // The weekly digest

  /**
   * Members who switched the digest on, follow a category, and were not considered for it in the last
   * week: each gets the week's most popular posts (hot score, then upvotes) in the categories they
   * follow, at most DIGEST_MAX_POSTS, or nothing when there are none. Either way digest_sent_at moves
   * to now first (claimed row by row, as the notification mail's state), so each member is looked at
   * once a week, by one run.
   */
  async function weeklyDigests(tx: Db, now: Date): Promise<number> {
    const weekAgo = new Date(now.getTime() - DIGEST_EVERY_MS);
    const due = rowsOf<{ id: number; email: string; firstName: string }>(
      await tx.execute(sql`
        select u.id, u.email, u.first_name as "firstName"
        from notification_preferences np
        join users u on u.id = np.user_id
        left join notification_mail_state s on s.user_id = u.id
        where ${emailSwitchOn(sql`np.settings`, 'digest')}
          and u.email_verified_at is not null and u.deleted_at is null and u.suspended_at is null
          and (s.digest_sent_at is null or s.digest_sent_at <= ${weekAgo})
          and exists (select 1 from category_follows cf where cf.user_id = u.id)
        order by u.id
        limit ${NOTIFY_MAIL_BATCH}`),
    );
    if (due.length === 0) return 0;
    const claimed = await tx
      .insert(notificationMailState)
      .values(due.map((m) => ({ userId: m.id, digestSentAt: now })))
      .onConflictDoUpdate({
        target: notificationMailState.userId,
        set: { digestSentAt: now },
        setWhere: or(isNull(notificationMailState.digestSentAt), lte(notificationMailState.digestSentAt, weekAgo)),
      })
      .returning({ userId: notificationMailState.userId });
    const mine = new Set(claimed.map((r) => r.userId));
    const members = due.filter((m) => mine.has(m.id));
    if (members.length === 0) return 0;
    const ids = members.map((m) => m.id);
    const follows = await tx.select({ userId: categoryFollows.userId, categoryId: categoryFollows.categoryId }).from(categoryFollows).where(inArray(categoryFollows.userId, ids));
    const categoryIds = [...new Set(follows.map((f) => f.categoryId))];
    // The best of each followed category (posts_category_popular_idx), then each member's best of those.
    const ranked = db
      .select({
        id: posts.id,
        slug: posts.slug,
        title: posts.title,
        content: posts.content,
        categoryId: posts.categoryId,
        category: categories.name,
        upvotes: posts.upvotes,
        comments: posts.commentCount,
        hotScore: posts.hotScore,
        rank: sql<number>`row_number() over (partition by ${posts.categoryId} order by ${posts.hotScore} desc, ${posts.upvotes} desc, ${posts.id} desc)`.as('rank'),
      })
      .from(posts)
      .innerJoin(categories, eq(categories.id, posts.categoryId))
      .where(and(inArray(posts.categoryId, categoryIds), isNull(posts.deletedAt), gt(posts.createdAt, weekAgo)))
      .as('ranked');
    const best = await tx.select().from(ranked).where(lte(ranked.rank, DIGEST_MAX_POSTS));
    const secret = await unsubscribeSecret(tx);
    const mails: Array<typeof emails.$inferInsert> = [];
    for (const m of members) {
      const mine = new Set(follows.filter((f) => f.userId === m.id).map((f) => f.categoryId));
      const top = best
        .filter((p) => mine.has(p.categoryId))
        .sort((a, b) => b.hotScore - a.hotScore || b.upvotes - a.upvotes || b.id - a.id)
        .slice(0, DIGEST_MAX_POSTS);
      if (top.length === 0) continue;
      const digestPosts: DigestPost[] = top.map((p) => ({
        title: p.title,
        category: p.category,
        excerpt: makeExcerpt(p.content, EXCERPT_CHARS),
        url: link(`/forum/posts/${encodeURIComponent(p.slug)}`),
        comments: p.comments,
        upvotes: p.upvotes,
      }));
      const stop = unsubscribeUrl(config, signUnsubscribeToken(secret, m.id, ['digest']));
      mails.push({
        to: m.email.toLowerCase(),
        kind: DIGEST_MAIL_KIND,
        headers: unsubscribeHeaders(stop),
        ...digestMail({ appName: config.appName, firstName: m.firstName, posts: digestPosts, unsubscribeUrl: stop, preferencesUrl }),
      });
    }
    if (mails.length) await tx.insert(emails).values(mails);
    return mails.length;
  }

  // ------------------------------------------------------------------------------------------
  // The run and its schedule

  /** One run at `now`: the notification mails, then the digests, in one transaction. */
  async function runOnce(now: Date = clock.now()): Promise<RunResult> {
    const result = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      return { mailed: await notificationMails(tx, now), digests: await weeklyDigests(tx, now) };
    });
    if (result.mailed + result.digests > 0) await mailer.deliverDue();
    return result;
  }

  jobs.every('notification-mail.run', { everyMs: EVERY_MS }, async () => {
    const r = await runOnce();
    if (r.mailed + r.digests > 0) log.info(r, 'notification mails queued');
  });

  return { runOnce };
}
export type NotificationMailService = ReturnType<typeof createNotificationMailService>;
