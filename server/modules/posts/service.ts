import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { THeldAnswer, TCreatePostRequest, TListPostsQuery, TPostDetail, TPostList, TUpdatePostRequest } from '../../../common/contracts/forum.ts';
import { COMMENTS_PAGE, FORUM_MSG } from '../../../common/rules/forum.ts';
import { canModerate } from '../../../common/rules/roles.ts';
import { ALERT_CONTENT_MAX, LABEL_MSG } from '../../../common/rules/labels.ts';
import { TRUST_MSG } from '../../../common/rules/trust.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Clock, Core } from '../../core.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Events } from '../../events.ts';
import { categories, comments, heldItems, posts, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../http-errors.ts';
import type { SessionUser } from '../../identity/index.ts';
import { makeExcerpt, slugify } from '../../lib/markdown.ts';
import {
  allowance,
  assertTextAllowed,
  freeAgainAt,
  heldByClientId,
  holdItem,
  holdReason,
  limitRefusal,
  ownHeldComments,
  presentHeldItem,
  reportWatchedWord,
  type HeldRow,
  type VisitRecorder,
  type WatchedWords,
} from '../../trust/index.ts';
import { loadAcceptedAnswer, loadCommentPage, mayAcceptAnswer, mayDelete, mayEdit, type Viewer } from './thread.ts';
import { renderContent, type ContentPhotos } from './photos.ts';
import { presentPostDetail, type PostDetailRow } from './presenter.ts';
import { qaStateIn } from './qa-state.ts';
import { hotScore } from './ranking.ts';
import { loadReactionSummaries, loadUserReactions } from '../reactions/index.ts';
import { findPosts, movePost } from './admin-service.ts';
import { loadTagNames, tagIdsOf } from './tags.ts';
import { anonymousLabelFor, eventActor, revealAuthor, type AnonymousInput } from './anonymous.ts';
import { assertPollTimes, closePoll, insertPoll, loadPoll, votePoll } from './polls.ts';
import { ANONYMOUS_MSG } from '../../../common/rules/anonymous.ts';
import { listColumns, listPosts, listQueryFor, loadAuthors, loadCategories, loadUserBookmarks, loadUserVotes, withViewerState, type ListViewer } from './list-service.ts';
import { createViewCounter } from './view-counter.ts';
import { commentRevisions, postRevisions, recordRevision } from './revisions.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Posting limits: a short burst for everyone, and a day's maximum by the author's trust level
 * (common/rules/trust.ts TRUST_LIMITS.postsPerDay: a new member's few, a regular's many).
 */
export const POST_LIMITS = {
  burst: { max: 5, windowMs: 10 * MINUTE },
  dayMs: 24 * HOUR,
} as const;

const postingTooFast = (waitMs: number) => {
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE));
  return `You are posting too quickly. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before posting again.`;
};

// The list's columns, with the whole text instead of the excerpt.
const detailColumns = {
  ...listColumns,
  content: posts.content,
  contentHtml: posts.contentHtml,
  editedAt: posts.editedAt,
  acceptedCommentId: posts.acceptedCommentId,
};

/** A URL reference to a post: all digits is an id (slugs never are, see uniqueSlug), anything else a slug. */
function postRef(idOrSlug: string) {
  if (/^\d+$/.test(idOrSlug)) return /^\d{1,9}$/.test(idOrSlug) ? eq(posts.id, Number(idOrSlug)) : sql`false`;
  return eq(posts.slug, idOrSlug.toLowerCase());
}

/** The post page: the post, its category, author, the reader's vote and reactions, and the first comments. */
async function loadDetail(db: Db, where: ReturnType<typeof postRef>, viewer: Viewer, now: Date): Promise<TPostDetail> {
  const [row] = await db
    .select(detailColumns)
    .from(posts)
    .where(and(where, isNull(posts.deletedAt)))
    .limit(1);
  if (!row) throw notFound(FORUM_MSG.postNotFound);
  return presentLoaded(db, row, viewer, now);
}

async function presentLoaded(db: Db, row: PostDetailRow, viewer: Viewer, now: Date): Promise<TPostDetail> {
  // Sequential on purpose (one pooled connection per request); each is an index lookup.
  const category = (await loadCategories(db)).find((c) => c.id === row.categoryId)!;
  const authors = await loadAuthors(db, row.authorId === null ? [] : [row.authorId]);
  const votes = await loadUserVotes(db, viewer?.id ?? null, [row.id]);
  const reactions = (await loadReactionSummaries(db, 'post', [row.id])).get(row.id) ?? {};
  const userReactions = viewer ? await loadUserReactions(db, viewer.id, row.id) : { postReactions: [], commentReactions: {} };
  const page = await loadCommentPage(db, row.id, viewer, { limit: COMMENTS_PAGE });
  const saved = await loadUserBookmarks(db, viewer?.id ?? null, [row.id]);
  // Issue 28: the reader's own comments awaiting approval, for them alone.
  const held = viewer ? await ownHeldComments(db, row.id, viewer.id) : [];
  const tags = await loadTagNames(db, [row]);
  const detail = presentPostDetail(row, category, row.authorId === null ? undefined : authors.get(row.authorId), votes.get(row.id), tags, {
    canEdit: mayEdit(viewer, row.authorId),
    canModerate: canModerate(viewer),
    reactions,
    userReactions,
    comments: page.comments,
    hasMoreComments: page.hasMore,
  });
  // Issue 33: a Q&A post's accepted answer, and whether this reader may choose it; its poll, as this reader may see it.
  const qa = row.qaState !== null ? { acceptedAnswer: await loadAcceptedAnswer(db, row.acceptedCommentId), canAcceptAnswer: mayAcceptAnswer(viewer, row.authorId) } : {};
  const poll = row.hasPoll ? await loadPoll(db, row.id, row.authorId, viewer, now) : undefined;
  // Issue 18: a member's post page says whether they saved it; a guest's (shared, cached) says nothing.
  const extra = { ...qa, ...(poll ? { poll } : {}) };
  return viewer ? { ...detail, ...extra, bookmarked: saved.has(row.id), ...(held.length > 0 ? { heldComments: held } : {}) } : { ...detail, ...extra };
}

/**
 * PUT and DELETE /api/forum/posts/:id/answer (issue 33): the post's author or a moderator marks one of its
 * live replies as the answer (`commentId`), or none (null). In a Q&A category only. The answerer hears of
 * it (not when they accepted it themselves); a moderator's choice on someone else's post is audited.
 */
async function setAnswer(db: Db, events: Events, user: SessionUser, id: number, commentId: number | null, now: Date): Promise<TPostDetail> {
  await db.transaction(async (tx) => {
    const post = await lockPost(tx, id);
    if (!post || post.deletedAt) throw notFound(FORUM_MSG.postNotFound);
    if (!mayAcceptAnswer(user, post.authorId)) throw forbidden(FORUM_MSG.acceptNotAllowed);
    const [category] = await tx.select({ isQa: categories.isQa }).from(categories).where(eq(categories.id, post.categoryId));
    if (!category?.isQa) throw badRequest(FORUM_MSG.notQa);
    let answerer: number | null = null;
    if (commentId !== null) {
      const [reply] = await tx
        .select({ authorId: comments.authorId })
        .from(comments)
        .where(and(eq(comments.id, commentId), eq(comments.postId, id), isNull(comments.deletedAt)));
      if (!reply) throw notFound(FORUM_MSG.commentNotFound);
      answerer = reply.authorId;
    }
    if (post.acceptedCommentId === commentId) return;
    await tx.update(posts).set({ acceptedCommentId: commentId, qaState: commentId === null ? 0 : 1, updatedAt: now }).where(eq(posts.id, id));
    if (canModerate(user) && post.authorId !== user.id) {
      await recordAudit(tx, {
        actorId: user.id,
        action: commentId === null ? 'post.answer_clear' : 'post.answer_accept',
        targetType: 'post',
        targetId: id,
        details: { commentId: commentId ?? post.acceptedCommentId },
      });
    }
    // Readers of the thread see it change; the answerer hears of it (notifications/).
    await events.publish('answer.changed', { postId: id, commentId, answererId: answerer, acceptedById: user.id }, tx);
  });
  return getPostDetailById(db, id, user, now);
}

const getPostDetailById = (db: Db, id: number, viewer: Viewer, now: Date): Promise<TPostDetail> => loadDetail(db, eq(posts.id, id), viewer, now);

/**
 * The slug for a new post: slugify(title), never all digits (those URLs mean ids), and unique. The
 * plain slug and -2…-9 are tried with one indexed IN lookup; past that, or when a concurrent post took
 * the chosen one between lookup and insert (the caller's ON CONFLICT tells), a random suffix.
 */
export function baseSlug(title: string): string {
  const slug = slugify(title) || 'post';
  return /^\d+$/.test(slug) ? `${slug}-post` : slug;
}

async function freeSlug(tx: Tx, base: string): Promise<string> {
  const candidates = [base, ...Array.from({ length: 8 }, (_, i) => `${base}-${i + 2}`)];
  const taken = new Set(
    (await tx.select({ slug: posts.slug }).from(posts).where(inArray(posts.slug, candidates))).map((r) => r.slug),
  );
  return candidates.find((c) => !taken.has(c)) ?? randomSlug(base);
}

const randomSlug = (base: string) => `${base}-${randomBytes(4).toString('hex')}`;

/**
 * Throws 429 when the author is over a posting limit: the burst, or their level's day (the message
 * says when in clock time: "You can post again at 14:05."). Counts deleted posts too (deleting is no
 * reset), and posts the review queue holds or rejected (a held post is no post, but it was sent; an
 * approved one is counted as the post it became). The author's last day of each, from
 * posts_author_idx and held_items_author_idx (author_id, created_at desc).
 */
async function assertMayPost(tx: Tx, user: SessionUser, now: Date) {
  const since = new Date(now.getTime() - POST_LIMITS.dayMs);
  const recent = await tx
    .select({ createdAt: posts.createdAt })
    .from(posts)
    .where(and(eq(posts.authorId, user.id), gt(posts.createdAt, since)));
  const held = await tx
    .select({ createdAt: heldItems.createdAt })
    .from(heldItems)
    .where(and(eq(heldItems.authorId, user.id), gt(heldItems.createdAt, since), eq(heldItems.kind, 'post'), ne(heldItems.status, 'approved')));
  const times = [...recent, ...held].map((r) => r.createdAt);
  const { burst } = POST_LIMITS;
  const inBurst = times.filter((t) => t.getTime() > now.getTime() - burst.windowMs);
  // Free again when enough of each window's posts have aged out of it: the later of the two.
  const freeAt = [freeAgainAt(inBurst, burst.max, burst.windowMs), freeAgainAt(times, allowance(user.trustLevel, 'postsPerDay'), POST_LIMITS.dayMs)]
    .filter((t): t is Date => t !== null)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  if (freeAt) throw limitRefusal(freeAt, now, { again: TRUST_MSG.postAgain, tooFast: postingTooFast });
}

/**
 * Issue 32: a local alert reaches every follower of its area by push, so it is the trust level's to send
 * (TRUST_LIMITS.alertsPerDay: none at level 0) and counted over a rolling day, held ones included.
 */
async function assertMayAlert(tx: Tx, user: SessionUser, now: Date) {
  const max = allowance(user.trustLevel, 'alertsPerDay');
  if (max === 0) throw forbidden(LABEL_MSG.alertLevel);
  const since = new Date(now.getTime() - POST_LIMITS.dayMs);
  const sent = await tx
    .select({ createdAt: posts.createdAt })
    .from(posts)
    .where(and(eq(posts.authorId, user.id), gt(posts.createdAt, since), isNotNull(posts.alertKind)));
  const held = await tx
    .select({ createdAt: heldItems.createdAt })
    .from(heldItems)
    .where(and(eq(heldItems.authorId, user.id), gt(heldItems.createdAt, since), sql`${heldItems.postExtras} ? 'alert'`, ne(heldItems.status, 'approved')));
  const freeAt = freeAgainAt([...sent, ...held].map((r) => r.createdAt), max, POST_LIMITS.dayMs);
  if (freeAt) throw limitRefusal(freeAt, now, { again: TRUST_MSG.alertAgain, tooFast: postingTooFast });
}

/** The category a post goes into; whether it is Q&A says the new post's qa_state. */
async function assertCategory(tx: Tx, categoryId: number): Promise<{ isQa: boolean; allowAnonymous: boolean }> {
  const [category] = await tx.select({ isQa: categories.isQa, allowAnonymous: categories.allowAnonymous }).from(categories).where(eq(categories.id, categoryId));
  if (!category) throw badRequest(FORUM_MSG.chooseCategory, { categoryId: FORUM_MSG.chooseCategory });
  return category;
}

/** The author's post sent earlier with this clientId (offline writes), if any. */
async function postByClientId(tx: Tx, authorId: number, clientId: string | undefined): Promise<number | undefined> {
  if (clientId === undefined) return undefined;
  const [row] = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.authorId, authorId), eq(posts.clientId, clientId)));
  return row?.id;
}

/**
 * POST /api/forum/posts (verified member). One transaction: the author's row is locked so two requests
 * cannot both pass the posting limit, then the post is inserted (markdown rendered once) and the
 * category's post_count goes up. The time is read once the lock is held, so the limit counts every
 * post committed before. A clientId sent again (an offline write resent, an answer lost) is the post
 * already stored: answered as it is, with no count, event or limit asked again. The photos it shows
 * are recorded as used by it in the same transaction.
 *
 * Issue 28: the watched words screen the title and text first (a block word refuses it, censored words
 * are stored as ■■■); a post the review queue holds (server/trust/review.ts) is stored as a held item
 * instead, in the same transaction, and answered as one (202), with no post, count or event. A
 * moderator's approval publishes it through here (`approved`: as it was held, without screening,
 * limits or the queue asked again). A flag word opens a report by the system with the post.
 */
async function createPost(
  db: Db,
  clock: Clock,
  events: Events,
  uploads: ContentPhotos,
  words: WatchedWords,
  user: SessionUser,
  raw: TCreatePostRequest & AnonymousInput,
  approved = false,
): Promise<TPostDetail | THeldAnswer> {
  const screened = approved ? null : words.screen({ title: raw.title, content: raw.content }, { title: 'title', content: 'post' });
  const input = screened ? { ...raw, ...screened.texts } : raw;
  const { contentHtml, photoIds } = await renderContent(uploads, input.content, db, user.id);
  const outcome = await db.transaction(async (tx): Promise<{ id: number; created: boolean } | { held: HeldRow }> => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    // Before the limit: the post a resend repeats has already been counted once.
    const earlier = await postByClientId(tx, user.id, input.clientId);
    if (earlier !== undefined) return { id: earlier, created: false };
    // A resend of a write the queue holds is the same held item.
    const earlierHeld = approved ? undefined : await heldByClientId(tx, user.id, input.clientId);
    if (earlierHeld) return { held: earlierHeld };
    const now = clock.now();
    if (!approved) {
      // What the author's trust level lets one post carry (links, photos, mentions), then their day's posts.
      assertTextAllowed(user.trustLevel, input.content, { field: 'content' });
      await assertMayPost(tx, user, now);
    }
    const { isQa } = await assertCategory(tx, input.categoryId);
    const anonymousAs = await anonymousLabelFor(tx, user, input.categoryId, input, approved);
    // Issue 32: its tags must exist; an alert is the author's level's to send (held or not, it counts).
    const tagIds = await tagIdsOf(tx, input.tags);
    if (input.alert && !approved) await assertMayAlert(tx, user, now);
    // Issue 33: a poll's closing time is checked when it is written (an approval publishes it as held).
    if (input.poll && !approved) assertPollTimes(input.poll, now);
    const why = screened ? await holdReason(tx, user, [input.title, input.content], screened.approval, now) : null;
    if (why) {
      const postExtras = { tags: input.tags, areas: input.areas, ...(input.alert && { alert: input.alert }), ...(input.poll && { poll: input.poll }) };
      const draft = { kind: 'post' as const, authorId: user.id, categoryId: input.categoryId, title: input.title, content: input.content, clientId: input.clientId, postExtras, anonymousAs };
      return { held: await holdItem(tx, draft, why, now) };
    }

    const base = baseSlug(input.title);
    const values = {
      title: input.title,
      content: input.content,
      contentHtml,
      excerpt: makeExcerpt(input.content),
      categoryId: input.categoryId,
      // A question, unsolved, in a Q&A category (issue 33).
      qaState: isQa ? 0 : null,
      tagIds,
      areas: input.areas,
      ...(input.alert && { alertKind: input.alert.kind, alertPlace: input.alert.place, alertExpiresAt: new Date(now.getTime() + input.alert.hours * HOUR) }),
      authorId: user.id,
      anonymousAs,
      hasPoll: input.poll !== undefined,
      clientId: input.clientId ?? null,
      hotScore: hotScore(0, 0, 0, now),
      createdAt: now,
      updatedAt: now,
    };
    let slug = await freeSlug(tx, base);
    for (let attempt = 0; ; attempt++) {
      // Either unique index may refuse the row: the slug's, or the author's clientId's (the unique
      // index, not the lookup above, is what keeps one post per clientId).
      const [row] = await tx
        .insert(posts)
        .values({ ...values, slug })
        .onConflictDoNothing()
        .returning({ id: posts.id });
      if (row) {
        await tx
          .update(categories)
          .set({ postCount: sql`${categories.postCount} + 1` })
          .where(eq(categories.id, input.categoryId));
        await uploads.recordUses(tx, { type: 'post', id: row.id }, photoIds, user.id);
        if (input.poll) await insertPoll(tx, row.id, input.poll, now);
        if (screened?.flag) await reportWatchedWord(tx, { type: 'post', id: row.id }, screened.flag, now);
        // In the outbox of this transaction: followers and mentions hear of it once it commits.
        await events.publish('post.created', { actor: eventActor(user, anonymousAs), post: { id: row.id, title: input.title, content: input.content } }, tx);
        return { id: row.id, created: true };
      }
      const repeated = await postByClientId(tx, user.id, input.clientId);
      if (repeated !== undefined) return { id: repeated, created: false };
      if (attempt >= 5) throw new Error(`no free slug for ${base}`);
      slug = randomSlug(base);
    }
  });
  if ('held' in outcome) return { held: true, heldItem: await presentHeldItem(db, outcome.held), message: TRUST_MSG.heldNotice };
  return getPostDetailById(db, outcome.id, user, clock.now());
}

/** The post (deleted or not) locked for a change. */
async function lockPost(tx: Tx, id: number) {
  const [post] = await tx
    .select({
      id: posts.id,
      authorId: posts.authorId,
      categoryId: posts.categoryId,
      deletedAt: posts.deletedAt,
      hiddenAt: posts.hiddenAt,
      // The version an edit replaces (its revision, issue 28).
      title: posts.title,
      content: posts.content,
      createdAt: posts.createdAt,
      // Its answer, which setAnswer replaces (issue 33).
      acceptedCommentId: posts.acceptedCommentId,
      // An alert's one area, which an edit keeps (issue 32).
      alertKind: posts.alertKind,
      areas: posts.areas,
      anonymousAs: posts.anonymousAs,
    })
    .from(posts)
    .where(eq(posts.id, id))
    .for('update');
  return post;
}

/**
 * PATCH /api/forum/posts/:id: its author or an admin. Re-renders what changed and stamps editedAt; a move
 * to another category moves one from its post_count to the other's. The slug stays, so links keep working.
 * New content replaces the post's recorded photos with the ones it now shows.
 */
async function updatePost(
  db: Db,
  events: Events,
  uploads: ContentPhotos,
  words: WatchedWords,
  user: SessionUser,
  id: number,
  raw: TUpdatePostRequest,
  now: Date,
): Promise<TPostDetail> {
  // Issue 28: an edit meets the watched words as a new post does; what cannot be held now (a require-
  // approval word in a published post) is reported, as a flag word is.
  const screened = words.screen({ title: raw.title, content: raw.content }, { title: 'title', content: 'post' });
  const input: TUpdatePostRequest = { ...raw, ...screened.texts };
  const report = screened.flag ?? screened.approval;
  // An edit carries no more links, photos or mentions than a new post of the editor's level may.
  if (input.content !== undefined) assertTextAllowed(user.trustLevel, input.content, { field: 'content' });
  await db.transaction(async (tx) => {
    const post = await lockPost(tx, id);
    if (!post || post.deletedAt) throw notFound(FORUM_MSG.postNotFound);
    if (!mayEdit(user, post.authorId)) throw forbidden(FORUM_MSG.editOwnPost);
    // Issue 32: an alert keeps its one area; a post that is no alert has no alert to correct.
    if (input.alert !== undefined && post.alertKind === null) throw badRequest(LABEL_MSG.alertNotAlert, { alert: LABEL_MSG.alertNotAlert });
    if (input.areas !== undefined && post.alertKind !== null && (input.areas.length !== 1 || input.areas[0] !== post.areas[0])) {
      throw badRequest(LABEL_MSG.alertArea, { areas: LABEL_MSG.alertArea });
    }
    if (input.content !== undefined && post.alertKind !== null && input.content.length > ALERT_CONTENT_MAX) {
      throw badRequest(LABEL_MSG.alertContent, { content: LABEL_MSG.alertContent });
    }
    // Rendered once the post is locked: its photos are its author's, also when an admin edits it (issue 28).
    const content =
      input.content === undefined ? undefined : { text: input.content, ...(await renderContent(uploads, input.content, tx, post.authorId)) };
    // The edit history keeps the version this replaces, in this transaction (issue 28).
    await recordRevision(tx, { postId: id }, post, { title: input.title, content: content?.text }, user.id, now);
    // qa_state is an expression of the target category (issue 33), so the changes are SQL where they need to be.
    const changes: { [K in keyof typeof posts.$inferInsert]?: (typeof posts.$inferInsert)[K] | SQL } = { editedAt: now, updatedAt: now };
    if (input.title !== undefined) changes.title = input.title;
    if (input.tags !== undefined) changes.tagIds = await tagIdsOf(tx, input.tags);
    if (input.areas !== undefined) changes.areas = input.areas;
    if (input.alert?.kind !== undefined) changes.alertKind = input.alert.kind;
    if (input.alert?.place !== undefined) changes.alertPlace = input.alert.place;
    if (content) {
      changes.content = content.text;
      changes.contentHtml = content.contentHtml;
      changes.excerpt = makeExcerpt(content.text);
      await uploads.recordUses(tx, { type: 'post', id }, content.photoIds, post.authorId);
    }
    if (input.categoryId !== undefined && input.categoryId !== post.categoryId) {
      const target = await assertCategory(tx, input.categoryId);
      // Issue 32: its author cannot carry an anonymous post where anonymity is closed; an admin's move keeps it anonymous.
      if (post.anonymousAs !== null && !target.allowAnonymous && !user.isAdmin) {
        throw badRequest(ANONYMOUS_MSG.categoryClosed, { categoryId: ANONYMOUS_MSG.categoryClosed });
      }
      changes.categoryId = input.categoryId;
      changes.qaState = qaStateIn(input.categoryId);
      await tx
        .update(categories)
        .set({ postCount: sql`greatest(${categories.postCount} - 1, 0)` })
        .where(eq(categories.id, post.categoryId));
      await tx
        .update(categories)
        .set({ postCount: sql`${categories.postCount} + 1` })
        .where(eq(categories.id, input.categoryId));
    }
    const [edited] = await tx
      .update(posts)
      .set(changes)
      .where(eq(posts.id, id))
      .returning({ title: posts.title, content: posts.content, contentHtml: posts.contentHtml, excerpt: posts.excerpt, categoryId: posts.categoryId });
    if (report) await reportWatchedWord(tx, { type: 'post', id }, report, now);
    // An admin changing someone else's post is a moderation action: audited with it.
    if (user.isAdmin && post.authorId !== user.id) {
      await recordAudit(tx, { actorId: user.id, action: 'post.edit', targetType: 'post', targetId: id, details: { fields: Object.keys(raw) } });
    }
    // In this transaction (issue 29): once it commits, the post's live readers see the edit in place (modules/live-posts).
    const { categoryId, ...text } = edited;
    const [category] = await tx
      .select({ id: categories.id, name: categories.name, slug: categories.slug, color: categories.color, description: categories.description })
      .from(categories)
      .where(eq(categories.id, categoryId));
    await events.publish('post.updated', { post: { id, ...text, editedAt: now.toISOString(), category } }, tx);
  });
  return getPostDetailById(db, id, user, now);
}

/**
 * DELETE /api/forum/posts/:id: its author or an admin. Soft (deleted_at), the category's post_count drops
 * in the same transaction; a second delete changes nothing. Exported for the reports queue, which
 * deletes a reported post inside its own transaction.
 */
export async function deletePost(db: Db, user: SessionUser, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const post = await lockPost(tx, id);
    if (!post) throw notFound(FORUM_MSG.postNotFound);
    if (!mayDelete(user, post.authorId)) {
      throw post.deletedAt ? notFound(FORUM_MSG.postNotFound) : forbidden(FORUM_MSG.deleteOwnPost);
    }
    if (post.deletedAt) return;
    await tx.update(posts).set({ deletedAt: now, updatedAt: now }).where(eq(posts.id, id));
    await tx
      .update(categories)
      .set({ postCount: sql`greatest(${categories.postCount} - 1, 0)` })
      .where(eq(categories.id, post.categoryId));
    if (canModerate(user) && post.authorId !== user.id) {
      await recordAudit(tx, { actorId: user.id, action: 'post.delete', targetType: 'post', targetId: id });
    }
  });
}

/** PUT /api/forum/posts/:id/pin and /lock (admins; the route checks), audited in the same transaction. */
async function moderatePost(
  db: Db,
  admin: SessionUser,
  id: number,
  change: { isPinned: boolean } | { isLocked: boolean },
  now: Date,
): Promise<TPostDetail> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(posts)
      .set({ ...change, updatedAt: now })
      .where(and(eq(posts.id, id), isNull(posts.deletedAt)))
      .returning({ id: posts.id });
    if (updated.length === 0) throw notFound(FORUM_MSG.postNotFound);
    const action = 'isPinned' in change ? (change.isPinned ? 'post.pin' : 'post.unpin') : change.isLocked ? 'post.lock' : 'post.unlock';
    await recordAudit(tx, { actorId: admin.id, action, targetType: 'post', targetId: id });
  });
  return getPostDetailById(db, id, admin, now);
}

/**
 * The posts service: buildApp creates it once from the core and the uploads service (the photos a
 * post shows). It owns the app's view counter (its buffer and dedupe live as long as the app; the job
 * runner flushes it every few seconds and on close).
 */
export function createPostService({
  db,
  clock,
  events,
  redis,
  log,
  jobs,
  uploads,
  words,
  reads,
}: Pick<Core, 'db' | 'clock' | 'events' | 'redis' | 'log' | 'jobs'> & { uploads: ContentPhotos; words: WatchedWords; reads?: Pick<VisitRecorder, 'read'> }) {
  const views = createViewCounter({ db, redis, log, jobs, now: () => clock.now().getTime() });
  return {
    views,
    /** The list query as the reader's list is made (Top's default period: a member's follows their last visit). */
    listQueryFor: (query: TListPostsQuery, viewer: ListViewer | null) => listQueryFor(query, viewer, clock.now()),
    /** The list as every reader shares it (the guest cache keeps it). */
    listPosts: (query: TListPostsQuery) => listPosts(db, query, clock.now()),
    /** A member's list: the shared one with their votes, saved posts and new marks on it. */
    withViewerState: (list: TPostList, viewer: ListViewer) => withViewerState(db, list, viewer),
    /** The post page as it is, without counting a view (the server-written page). */
    getPost: (idOrSlug: string, viewer: Viewer) => loadDetail(db, postRef(idOrSlug), viewer, clock.now()),
    /** GET /api/forum/posts/:idOrSlug: the post page, counting the view; the reader sees it (and any not yet written) at once. */
    async viewPost(idOrSlug: string, viewer: Viewer, viewerKey: string): Promise<TPostDetail> {
      const post = await loadDetail(db, postRef(idOrSlug), viewer, clock.now());
      // A member's read, for their trust level (once per post a day; the server-written page comes through here too).
      if (viewer && reads) await reads.read(viewer.id, post.id);
      return { ...post, viewCount: post.viewCount + (await views.record(post.id, viewerKey)) };
    },
    /** A member's new post, or the held item when the review queue holds it (issue 28). */
    createPost: (user: SessionUser, input: TCreatePostRequest) => createPost(db, clock, events, uploads, words, user, input),
    /**
     * A held post a moderator approved, published as its author (the review queue, modules/review):
     * followers and mentions hear of it now. Inside no transaction of the caller's.
     */
    publishHeld: async (author: SessionUser, input: TCreatePostRequest & AnonymousInput) => (await createPost(db, clock, events, uploads, words, author, input, true)) as TPostDetail,
    updatePost: (user: SessionUser, id: number, input: TUpdatePostRequest) => updatePost(db, events, uploads, words, user, id, input, clock.now()),
    deletePost: (user: SessionUser, id: number) => deletePost(db, user, id, clock.now()),
    moderatePost: (admin: SessionUser, id: number, change: { isPinned: boolean } | { isLocked: boolean }) => moderatePost(db, admin, id, change, clock.now()),
    /** Issue 33: accept a reply as a Q&A post's answer, or (null) clear it. */
    setAnswer: (user: SessionUser, id: number, commentId: number | null) => setAnswer(db, events, user, id, commentId, clock.now()),
    findPosts: (q: string | undefined) => findPosts(db, q),
    revealAuthor: (admin: SessionUser, kind: 'post' | 'comment', id: number, reason: string) => revealAuthor(db, admin, kind, id, reason),
    votePoll: (user: SessionUser, id: number, optionIds: number[]) => votePoll(db, events, user, id, optionIds, clock.now()),
    closePoll: (user: SessionUser, id: number) => closePoll(db, events, user, id, clock.now()),
    movePost: (admin: SessionUser, id: number, categoryId: number) => movePost(db, admin, id, categoryId, clock.now()),
    /** Edit history (issue 28): a post's or comment's versions; a removed one's for moderators only. */
    postRevisions: (viewer: Viewer, id: number) => postRevisions(db, viewer, id),
    commentRevisions: (viewer: Viewer, id: number) => commentRevisions(db, viewer, id),
  };
}
export type PostService = ReturnType<typeof createPostService>;
