import { and, count, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TPostFollowLevel, TUpdateNotifyPreferences } from '../../../common/contracts/notification-preferences.ts';
import type { TNotification, TNotificationReadResponse, TNotificationType } from '../../../common/contracts/notifications.ts';
import { type NotifyKind, resolvePreferences } from '../../../common/rules/notification-preferences.ts';
import { NOTIFICATION_MSG } from '../../../common/rules/notifications.ts';
import { REVIEW_NOTICE } from '../../../common/rules/review.ts';
import { FLAG_NOTICE } from '../../../common/rules/reports.ts';
import { MENTION_PATTERN } from '../../../common/rules/mentions.ts';
import { courierNetworkName, verifiedBadgeText } from '../../../common/rules/courier.ts';
import { ALERT_KIND_LABELS, areaLabel, tagLabel, type TAlertKind } from '../../../common/rules/labels.ts';
import type { ServerFrame } from '../../../common/ws-events.ts';
import type { Core } from '../../core.ts';
import { afterCommit } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { DomainEvents } from '../../events.ts';
import { categories, categoryFollows, comments, labelFollows, notificationPreferences, notifications, postFollows, posts, tags, users } from '../../db/schema/index.ts';
import { notFound } from '../../http-errors.ts';
import { blockersAmong } from '../blocks/index.ts';
import type { SendToDevices } from '../push/index.ts';
import { getPostFollow, listCategoryFollows, setCategoryFollow, setPostFollow } from './follows-service.ts';
import { getPreferences, updatePreferences } from './preferences-service.ts';
import { presentNotification } from './presenter.ts';

// Forum notifications (spec §3 Notification, §4; docs/API.md "Notifications"). Created after the
// comment or post has committed, one per event and recipient, never for the actor nor for a member who
// muted the post; each new one and each read is pushed to the recipient's sockets in every process
// through the gateway, and each new one also to the recipient's devices (Web Push), as far as the
// recipient's switches for its kind allow (docs/API.md "Notification preferences"). Module-private
// helpers take the database and where to push; createNotificationService binds them once.

// ---- Where new notifications and reads are pushed ----

/** Sends a frame to every socket of a member, in every process (the gateway's sendToUser). */
export type SendToUser = (userId: number, frame: ServerFrame) => Promise<void>;


type NotificationPush = { sendToUser: SendToUser; sendToDevices: SendToDevices; log: Core['log'] };

async function push(target: NotificationPush, userId: number, frame: ServerFrame) {
  try {
    await target.sendToUser(userId, frame);
  } catch (err) {
    // The row is stored; the panel catches up on its next load.
    target.log.warn({ err, userId, frameType: frame.type }, 'notification push failed');
  }
}

// ---- Creating ----

/** Distinct @mentions a single post or comment may notify; more are ignored (no mass pinging). */
export const MAX_MENTIONS = 10;
/**
 * Mention notifications one member may cause in an hour, over all their posts and comments. Mentions
 * past it are not notified (the post or comment stands), so a burst of comments naming ten members
 * each cannot flood anyone's panel.
 */
export const MENTIONS_PER_HOUR = 30;
const TITLE_IN_MESSAGE = 60;

/**
 * The @usernames in a post or comment's markdown, lower-cased, distinct, in order of appearance, at
 * most MAX_MENTIONS. Not inside code; not the middle of an e-mail address or a longer word.
 */
export function parseMentions(markdown: string): string[] {
  const text = markdown.replace(/```[\s\S]*?```/g, ' ').replace(/`[^`\n]*`/g, ' ');
  const found = new Set<string>();
  for (const m of text.matchAll(MENTION_PATTERN)) {
    found.add(m[1].toLowerCase());
    if (found.size >= MAX_MENTIONS) break;
  }
  return [...found];
}

/** `"title"`, cut to fit a one-line message. */
function quoted(title: string) {
  const t = title.trim();
  return `"${t.length > TITLE_IN_MESSAGE ? `${t.slice(0, TITLE_IN_MESSAGE - 1).trimEnd()}…` : t}"`;
}

export const NOTIFICATION_TEXT = {
  comment: (actor: string, postTitle: string) => ({
    title: 'New comment on your post',
    message: `${actor} commented on ${quoted(postTitle)}`,
  }),
  reply: (actor: string, postTitle: string) => ({
    title: 'New reply to your comment',
    message: `${actor} replied to your comment on ${quoted(postTitle)}`,
  }),
  mentionInComment: (actor: string, postTitle: string) => ({
    title: 'You were mentioned',
    message: `${actor} mentioned you in a comment on ${quoted(postTitle)}`,
  }),
  mentionInPost: (actor: string, postTitle: string) => ({
    title: 'You were mentioned',
    message: `${actor} mentioned you in ${quoted(postTitle)}`,
  }),
  followedPost: (actor: string, postTitle: string) => ({
    title: 'New comment on a post you follow',
    message: `${actor} commented on ${quoted(postTitle)}`,
  }),
  followedCategory: (actor: string, postTitle: string, category: string) => ({
    title: `New post in ${category}`,
    message: `${actor} posted ${quoted(postTitle)}`,
  }),
  followedTag: (actor: string, postTitle: string, tag: string) => ({
    title: `New post tagged ${tag}`,
    message: `${actor} posted ${quoted(postTitle)}`,
  }),
  followedArea: (actor: string, postTitle: string, area: string) => ({
    title: `New post about ${area}`,
    message: `${actor} posted ${quoted(postTitle)}`,
  }),
  areaAlert: (kind: string, area: string, place: string, postTitle: string) => ({
    title: `${kind} alert in ${area}${place ? ` (${place})` : ''}`,
    message: quoted(postTitle),
  }),
  answerAccepted: (actor: string, postTitle: string) => ({
    title: 'Your answer was accepted',
    message: `${actor} accepted your reply as the answer to ${quoted(postTitle)}`,
  }),
};

/** The switch (common/rules/notification-preferences.ts) each type of notification answers to. */
export const NOTIFICATION_KIND: Record<TNotificationType, NotifyKind> = {
  reply: 'replies',
  comment: 'replies',
  mention: 'mentions',
  followed_post: 'followed',
  followed_category: 'followed',
  followed_tag: 'followed',
  followed_area: 'followed',
  area_alert: 'alerts',
  // A moderator's word on the member's own post or comment: as personal as a reply.
  review: 'replies',
  answer: 'replies',
};

type Draft = { userId: number; type: TNotificationType; title: string; message: string };

/** A member's own switches as stored (notification_preferences.settings; null: all defaults). */
type Saved = unknown;

/** Verified, not deleted members with these (lower-cased) usernames. Uses users_username_lower_key. */
async function mentionedUserIds(db: Db, usernames: string[]): Promise<number[]> {
  if (usernames.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, usernames), isNotNull(users.emailVerifiedAt), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}

/**
 * Everyone who follows or muted a post, with their switches: one query however many there are (walks
 * post_follows_post_idx). Deleted accounts are left out. The author's follow is implicit (no row) and
 * reaches them as a "comment" notification, so only their mute matters here.
 */
async function postAudience(db: Db, postId: number): Promise<{ followers: Map<number, Saved>; muted: Set<number> }> {
  const rows = await db
    .select({ userId: postFollows.userId, level: postFollows.level, settings: notificationPreferences.settings })
    .from(postFollows)
    .innerJoin(users, and(eq(users.id, postFollows.userId), isNull(users.deletedAt)))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, postFollows.userId))
    .where(eq(postFollows.postId, postId));
  const followers = new Map<number, Saved>();
  const muted = new Set<number>();
  for (const r of rows) {
    if (r.level === 'mute') muted.add(r.userId);
    else followers.set(r.userId, r.settings);
  }
  return { followers, muted };
}

/** The followers of a category, with their switches: one query (walks category_follows_category_idx). */
async function categoryFollowers(db: Db, categoryId: number): Promise<Map<number, Saved>> {
  const rows = await db
    .select({ userId: categoryFollows.userId, settings: notificationPreferences.settings })
    .from(categoryFollows)
    .innerJoin(users, and(eq(users.id, categoryFollows.userId), isNull(users.deletedAt)))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, categoryFollows.userId))
    .where(eq(categoryFollows.categoryId, categoryId));
  return new Map(rows.map((r) => [r.userId, r.settings]));
}

/**
 * Issue 32: the followers of any of these labels (`tag:<id>`, `area:<AREA>`), alive, with their switches
 * and the first of the labels they follow, in one query.
 */
async function labelFollowers(db: Db, labels: string[]): Promise<Map<number, { settings: Saved; label: string }>> {
  if (labels.length === 0) return new Map();
  const rows = await db
    .select({ userId: labelFollows.userId, label: labelFollows.label, settings: notificationPreferences.settings })
    .from(labelFollows)
    .innerJoin(users, and(eq(users.id, labelFollows.userId), isNull(users.deletedAt)))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, labelFollows.userId))
    .where(inArray(labelFollows.label, labels));
  const out = new Map<number, { settings: Saved; label: string }>();
  for (const r of rows.sort((a, b) => labels.indexOf(a.label) - labels.indexOf(b.label))) if (!out.has(r.userId)) out.set(r.userId, { settings: r.settings, label: r.label });
  return out;
}

/** Rows per INSERT: a post's followers may be thousands, and a statement takes at most 65,535 parameters. */
const INSERT_BATCH = 1000;

/**
 * Stores one notification per recipient (the first draft for a user wins, so callers list them by
 * precedence), skipping the actor, members who muted the post or blocked the actor and deleted accounts, then tells each
 * recipient as their switches for its kind say:
 * - site off: the row is still stored, since the notification mail reads the rows, but stored already
 *   read (readAt = createdAt: the bell does not count it) and not sent to the member's sockets. The
 *   notification mail counts a row as unseen while readAt is null or equals createdAt.
 * - push off: no Web Push to their devices.
 * `known` holds the switches of recipients already read with their follow (alive); the others (a
 * handful: reply target, post author, mentions) are read here in one query. A bounded number of
 * queries whatever the number of followers: one per INSERT_BATCH rows.
 */
async function deliver(
  db: Db,
  to: NotificationPush,
  actorId: number,
  target: { postId: number; commentId: number | null; postSlug: string },
  drafts: Draft[],
  audience: { known?: Map<number, Saved>; muted?: Set<number> } = {},
) {
  const known = audience.known ?? new Map<number, Saved>();
  const byUser = new Map<number, Draft>();
  for (const d of drafts) if (d.userId !== actorId && !audience.muted?.has(d.userId) && !byUser.has(d.userId)) byUser.set(d.userId, d);
  if (byUser.size === 0) return;
  // Issue 18: a member who blocked the actor hears nothing of them (mention, reply, comment, follow):
  // no row, so neither the bell, the sockets, Web Push nor the notification mail (which reads the rows).
  for (const id of await blockersAmong(db, actorId, [...byUser.keys()])) byUser.delete(id);
  if (byUser.size === 0) return;
  const saved = new Map<number, Saved>([...known].filter(([id]) => byUser.has(id)));
  const unknown = [...byUser.keys()].filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const active = await db
      .select({ id: users.id, settings: notificationPreferences.settings })
      .from(users)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .where(and(inArray(users.id, unknown), isNull(users.deletedAt)));
    for (const a of active) saved.set(a.id, a.settings);
  }
  const wants = new Map([...saved].map(([id, settings]) => [id, resolvePreferences(settings)[NOTIFICATION_KIND[byUser.get(id)!.type]]]));
  let rows = [...saved.keys()].map((id) => {
    const d = byUser.get(id)!;
    return {
      userId: id,
      type: d.type,
      actorId,
      postId: target.postId,
      commentId: target.commentId,
      title: d.title,
      message: d.message,
      // One transaction, one now(): a site-off row's readAt is exactly its createdAt.
      createdAt: sql`now()`,
      readAt: wants.get(id)!.site === false ? sql`now()` : null,
    };
  });
  const created = await db.transaction(async (tx) => {
    if (rows.some((r) => r.type === 'mention')) {
      // The actor's row is locked so two of their comments at once cannot both spend the last of the
      // hour's allowance (MENTIONS_PER_HOUR); the stored mentions are the count, in the database's time.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, actorId)).for('update');
      const [spent] = await tx
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.actorId, actorId), eq(notifications.type, 'mention'), gt(notifications.createdAt, sql`now() - interval '1 hour'`)));
      let left = MENTIONS_PER_HOUR - Number(spent?.n ?? 0);
      rows = rows.filter((r) => r.type !== 'mention' || left-- > 0);
    }
    const out: (typeof notifications.$inferSelect)[] = [];
    for (let i = 0; i < rows.length; i += INSERT_BATCH) out.push(...(await tx.insert(notifications).values(rows.slice(i, i + INSERT_BATCH)).returning()));
    return out;
  });
  // Devices' pushes are jobs queued with the rows; sockets hear of the rows once they have committed.
  for (const row of created) if (wants.get(row.userId)!.push === true) await pushToDevices(db, to, row, target);
  await afterCommit(async () => {
    await Promise.all(
      created
        .filter((row) => row.readAt === null)
        .map((row) => push(to, row.userId, { type: 'notification:new', notification: presentNotification(row, target.postSlug) })),
    );
  });
}

/** The page a notification opens: the post, at the comment when there is one (the anchor the client scrolls to). */
export function notificationUrl(postSlug: string, commentId: number | null): string {
  const post = `/forum/posts/${encodeURIComponent(postSlug)}`;
  return commentId === null ? post : `${post}#comment-${commentId}`;
}

/**
 * The stored notification to the member's devices: its title and message, opening its page. One tag
 * per post, so a busy thread replaces its earlier notification on the device instead of piling up.
 */
function pushToDevices(db: Db, to: NotificationPush, row: typeof notifications.$inferSelect, target: { postId: number; commentId: number | null; postSlug: string }) {
  return to.sendToDevices(row.userId, { title: row.title, body: row.message, url: notificationUrl(target.postSlug, target.commentId), tag: `post:${target.postId}` }, {}, db);
}

/**
 * After a comment has committed: the parent comment's author hears of a reply, the post's author of
 * a comment, each @mentioned member of a mention, and each follower of the post of a comment on a post
 * they follow; one notification each (in that order of precedence), never the commenter, nobody who
 * muted the post. A failure fails the job, which runs again.
 */
async function notifyNewComment(db: Db, to: NotificationPush, { actor, comment }: DomainEvents['comment.created']): Promise<void> {
  const [post] = await db
    .select({ id: posts.id, title: posts.title, slug: posts.slug, authorId: posts.authorId })
    .from(posts)
    .where(and(eq(posts.id, comment.postId), isNull(posts.deletedAt)));
  if (!post) return;
  const drafts: Draft[] = [];
  if (comment.parentId !== null) {
    const [parent] = await db.select({ authorId: comments.authorId }).from(comments).where(eq(comments.id, comment.parentId));
    if (parent?.authorId != null) drafts.push({ userId: parent.authorId, type: 'reply', ...NOTIFICATION_TEXT.reply(actor.username, post.title) });
  }
  if (post.authorId !== null) drafts.push({ userId: post.authorId, type: 'comment', ...NOTIFICATION_TEXT.comment(actor.username, post.title) });
  for (const id of await mentionedUserIds(db, parseMentions(comment.content))) {
    drafts.push({ userId: id, type: 'mention', ...NOTIFICATION_TEXT.mentionInComment(actor.username, post.title) });
  }
  const { followers, muted } = await postAudience(db, post.id);
  const followed = NOTIFICATION_TEXT.followedPost(actor.username, post.title);
  for (const id of followers.keys()) drafts.push({ userId: id, type: 'followed_post', ...followed });
  await deliver(db, to, actor.id, { postId: post.id, commentId: comment.id, postSlug: post.slug }, drafts, { known: followers, muted });
}

/**
 * After a post has committed: each @mentioned member (not the author) is told once, and each follower
 * of its category of a new post there (a mention wins).
 */
async function notifyNewPost(db: Db, to: NotificationPush, { actor, post }: DomainEvents['post.created']): Promise<void> {
  const [row] = await db
    .select({
      slug: posts.slug,
      categoryId: posts.categoryId,
      categoryName: categories.name,
      tagIds: posts.tagIds,
      areas: posts.areas,
      alertKind: posts.alertKind,
      alertPlace: posts.alertPlace,
    })
    .from(posts)
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .where(eq(posts.id, post.id));
  if (!row) return;
  // Issue 32: a local alert reaches its area's followers first (its own kind of notification, pushed);
  // then mentions; then the followers of its category, its tags and its areas (one notification each).
  const drafts: Draft[] = [];
  const known = new Map<number, Saved>();
  if (row.alertKind !== null) {
    const area = row.areas[0]!;
    const alerted = await labelFollowers(db, [areaLabel(area)]);
    const text = NOTIFICATION_TEXT.areaAlert(ALERT_KIND_LABELS[row.alertKind as TAlertKind] ?? 'Local', area, row.alertPlace ?? '', post.title);
    for (const [id, f] of alerted) {
      drafts.push({ userId: id, type: 'area_alert', ...text });
      known.set(id, f.settings);
    }
  }
  for (const id of await mentionedUserIds(db, parseMentions(post.content))) {
    drafts.push({ userId: id, type: 'mention', ...NOTIFICATION_TEXT.mentionInPost(actor.username, post.title) });
  }
  const followers = await categoryFollowers(db, row.categoryId);
  const followed = NOTIFICATION_TEXT.followedCategory(actor.username, post.title, row.categoryName);
  for (const [id, settings] of followers) {
    drafts.push({ userId: id, type: 'followed_category', ...followed });
    known.set(id, settings);
  }
  const labels = [...row.tagIds.map(tagLabel), ...row.areas.map(areaLabel)];
  const tagNames = row.tagIds.length ? new Map((await db.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.id, row.tagIds))).map((t) => [tagLabel(t.id), t.name])) : new Map<string, string>();
  for (const [id, f] of await labelFollowers(db, labels)) {
    const tagName = tagNames.get(f.label);
    // A tag an admin removed since the post was written: its followers follow nothing any more.
    if (f.label.startsWith('tag:') && tagName === undefined) continue;
    const text = tagName !== undefined
      ? { type: 'followed_tag' as const, ...NOTIFICATION_TEXT.followedTag(actor.username, post.title, tagName) }
      : { type: 'followed_area' as const, ...NOTIFICATION_TEXT.followedArea(actor.username, post.title, f.label.slice('area:'.length)) };
    drafts.push({ userId: id, ...text });
    known.set(id, f.settings);
  }
  await deliver(db, to, actor.id, { postId: post.id, commentId: null, postSlug: row.slug }, drafts, { known });
}

/**
 * The site's word to a member about their own post or comment (issue 28: a review decision, flags):
 * told whatever their switches for the bell say (they are waiting for it) and whoever they blocked (it
 * is the site's word, not a member's); pushed to their devices as their replies' switch says. The link
 * is the post while it is on the site.
 */
async function notifyAuthor(
  db: Db,
  to: NotificationPush,
  e: { authorId: number; postId: number | null; commentId: number | null },
  text: { title: string; message: string },
  tag: (row: typeof notifications.$inferSelect) => string,
): Promise<void> {
  const [author] = await db
    .select({ id: users.id, settings: notificationPreferences.settings, slug: posts.slug })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .leftJoin(posts, and(eq(posts.id, e.postId ?? 0), isNull(posts.deletedAt)))
    .where(and(eq(users.id, e.authorId), isNull(users.deletedAt)));
  if (!author) return;
  const [row] = await db
    .insert(notifications)
    .values({ userId: e.authorId, type: 'review', actorId: null, postId: author.slug === null ? null : e.postId, commentId: author.slug === null ? null : e.commentId, ...text })
    .returning();
  if (resolvePreferences(author.settings).replies.push === true) {
    await to.sendToDevices(row.userId, { title: row.title, body: row.message, url: author.slug === null ? '/forum' : notificationUrl(author.slug, row.commentId), tag: tag(row) }, {}, db);
  }
  await afterCommit(async () => {
    await push(to, row.userId, { type: 'notification:new', notification: presentNotification(row, author.slug) });
  });
}

/**
 * Issue 33: the member's reply was accepted as the answer (by the asker or a moderator; blocks apply as to
 * a reply); not when they accepted it themselves, nor when it was cleared.
 */
async function notifyAnswerAccepted(db: Db, to: NotificationPush, e: DomainEvents['answer.changed']): Promise<void> {
  if (e.commentId === null || e.answererId === null || e.answererId === e.acceptedById) return;
  const [row] = await db
    // The asker who wrote anonymously (issue 32) is named by the question's label, never the account.
    .select({
      slug: posts.slug,
      title: posts.title,
      accepted: posts.acceptedCommentId,
      actor: sql<string>`case when ${posts.authorId} = ${e.acceptedById} and ${posts.anonymousAs} is not null then ${posts.anonymousAs} else ${users.username} end`,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, e.acceptedById))
    .where(and(eq(posts.id, e.postId), isNull(posts.deletedAt)));
  // Cleared or changed again before this ran: nothing to tell.
  if (!row || row.accepted !== e.commentId) return;
  const drafts: Draft[] = [{ userId: e.answererId, type: 'answer', ...NOTIFICATION_TEXT.answerAccepted(row.actor, row.title) }];
  await deliver(db, to, e.acceptedById, { postId: e.postId, commentId: e.commentId, postSlug: row.slug }, drafts);
}

/** Issue 32: the verified courier badge's decisions, as the member is told them. */
const withStop = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);
const VERIFY_NOTICE = {
  approved: (network: string) => ({ title: `You are a ${verifiedBadgeText(network)}`, message: 'A moderator checked your proof and gave you the badge. Your proof has been deleted.' }),
  refused: (network: string, reason: string) => ({
    title: `Your ${courierNetworkName(network)} badge request was not approved`,
    message: `Reason: ${withStop(reason)} Your proof has been deleted; you can send another.`,
  }),
  withdrawn: (network: string, reason: string) => ({ title: `Your ${verifiedBadgeText(network)} badge was withdrawn`, message: `Reason: ${withStop(reason)}` }),
};

/** A moderator approved or rejected the member's held post or comment (issue 28). */
function notifyReviewDecision(db: Db, to: NotificationPush, e: DomainEvents['review.decided']): Promise<void> {
  const approved = e.outcome === 'approved';
  const text = approved
    ? { title: REVIEW_NOTICE.approvedTitle(e.kind), message: REVIEW_NOTICE.approvedMessage(e.kind, e.postTitle) }
    : { title: REVIEW_NOTICE.rejectedTitle(e.kind), message: REVIEW_NOTICE.rejectedMessage(e.kind, e.postTitle, e.reason ?? '') };
  return notifyAuthor(db, to, e, text, (row) => `review:${row.id}`);
}

/** Members' flags hid the member's post or comment, or a moderator decided on it (issue 28 item 5). */
function notifyFlagChange(db: Db, to: NotificationPush, e: DomainEvents['flags.changed']): Promise<void> {
  const text = {
    hidden: { title: FLAG_NOTICE.hiddenTitle(e.kind), message: FLAG_NOTICE.hiddenMessage(e.kind, e.postTitle) },
    upheld: { title: FLAG_NOTICE.upheldTitle(e.kind), message: FLAG_NOTICE.upheldMessage(e.kind, e.postTitle) },
    restored: { title: FLAG_NOTICE.restoredTitle(e.kind), message: FLAG_NOTICE.restoredMessage(e.kind, e.postTitle) },
  }[e.outcome];
  return notifyAuthor(db, to, e, text, () => `flags:${e.kind}:${e.commentId ?? e.postId}`);
}

// ---- Reading (the owner only) ----

/**
 * One page, newest first, with the live post's slug for the link. Walks notifications_user_idx from
 * (created_at, id) of the `before` row (keyset: ties on created_at are split by id, and the row's own
 * timestamp is compared in the database, at its full precision). `before` that is not one of the user's
 * notifications gives an empty page. A page shorter than `limit` is the last (ADR 0010: the spec's list).
 */
async function listNotifications(db: Db, userId: number, limit: number, before?: number): Promise<TNotification[]> {
  const older =
    before === undefined
      ? undefined
      : sql`(${notifications.createdAt}, ${notifications.id}) < (select c.created_at, c.id from notifications c where c.id = ${before} and c.user_id = ${userId})`;
  const rows = await db
    .select({ n: notifications, postSlug: posts.slug })
    .from(notifications)
    .leftJoin(posts, and(eq(posts.id, notifications.postId), isNull(posts.deletedAt)))
    .where(and(eq(notifications.userId, userId), older))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map((r) => presentNotification(r.n, r.postSlug));
}

/** Uses the partial index notifications_unread_idx. */
async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks every unread notification of the user read; all their sockets hear `markRead {ids: []}`. */
async function markAllRead(db: Db, to: NotificationPush, now: Date, userId: number): Promise<{ count: 0 }> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  await push(to, userId, { type: 'notification:markRead', ids: [] });
  return { count: 0 };
}

/**
 * Marks one of the user's notifications read (again is fine); all their sockets hear
 * `markRead {ids: [id]}`. Anyone else's, or a missing one: 404, so ids reveal nothing.
 */
async function markRead(db: Db, to: NotificationPush, userId: number, id: number): Promise<TNotificationReadResponse> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw notFound(NOTIFICATION_MSG.notFound);
  await push(to, userId, { type: 'notification:markRead', ids: [row.id] });
  return { id: row.id, isRead: true };
}

/**
 * The notifications service: buildApp creates it once from the core, with the gateway's sendToUser
 * for the sockets and the push service's sendToUser for the devices. New notifications come from
 * post.created and comment.created (routes.ts subscribes). It also keeps the members' switches and
 * follows (preferences-service.ts, follows-service.ts), which decide who is told what.
 */
export function createNotificationService({
  db,
  clock,
  log,
  sendToUser,
  sendToDevices,
}: Pick<Core, 'db' | 'clock' | 'log'> & { sendToUser: SendToUser; sendToDevices: SendToDevices }) {
  const to: NotificationPush = { sendToUser, sendToDevices, log };
  return {
    // `inTx`: the job's transaction, so the rows commit with it (events.on's transactional handlers).
    notifyNewPost: (event: DomainEvents['post.created'], inTx: Db | Tx = db) => notifyNewPost(inTx, to, event),
    notifyNewComment: (event: DomainEvents['comment.created'], inTx: Db | Tx = db) => notifyNewComment(inTx, to, event),
    notifyReviewDecision: (event: DomainEvents['review.decided'], inTx: Db | Tx = db) => notifyReviewDecision(inTx, to, event),
    notifyVerification: (event: DomainEvents['verification.decided'], inTx: Db | Tx = db) =>
      notifyAuthor(inTx, to, { authorId: event.userId, postId: null, commentId: null }, VERIFY_NOTICE[event.outcome](event.network, event.reason ?? ''), (row) => `verification:${row.id}`),
    notifyAnswerAccepted: (event: DomainEvents['answer.changed'], inTx: Db | Tx = db) => notifyAnswerAccepted(inTx, to, event),
    notifyFlagChange: (event: DomainEvents['flags.changed'], inTx: Db | Tx = db) => notifyFlagChange(inTx, to, event),
    list: (userId: number, limit: number, before?: number) => listNotifications(db, userId, limit, before),
    unreadCount: (userId: number) => unreadCount(db, userId),
    markAllRead: (userId: number) => markAllRead(db, to, clock.now(), userId),
    markRead: (userId: number, id: number) => markRead(db, to, userId, id),
    preferences: {
      get: (userId: number) => getPreferences(db, userId),
      update: (userId: number, changes: TUpdateNotifyPreferences['preferences']) => updatePreferences(db, clock.now(), userId, changes),
    },
    follows: {
      getPost: (userId: number, postId: number) => getPostFollow(db, userId, postId),
      setPost: (userId: number, postId: number, level: TPostFollowLevel) => setPostFollow(db, userId, postId, level),
      categories: (userId: number) => listCategoryFollows(db, userId),
      setCategory: (userId: number, categoryId: number, following: boolean) => setCategoryFollow(db, userId, categoryId, following),
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
