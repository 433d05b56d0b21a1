import { and, asc, count, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { TCreateCommentRequest, TCreatePostRequest } from '../../../common/contracts/forum.ts';
import type { TAdminHeldItem, TAdminHeldList, TReviewQuery } from '../../../common/contracts/review.ts';
import { REVIEW_MSG, REVIEW_PAGE } from '../../../common/rules/review.ts';
import { isSuspended } from '../../../common/rules/roles.ts';
import { effectiveLevel } from '../../../common/rules/trust.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { comments, heldItems, posts, users } from '../../db/schema/index.ts';
import { conflict, HttpError, notFound } from '../../http-errors.ts';
import type { SessionUser } from '../../identity/index.ts';
import type { AnonymousInput } from '../posts/index.ts';
import { levelOfMember, presentHeldItems, releaseHeldPhotos, type HeldPostExtras, type HeldRow } from '../../trust/index.ts';

// The review queue (issue 28, item 3; docs/API.md "Review queue and watched words"): held posts and
// comments for moderators, beside the reports. Approving publishes the item through the forum's own
// create path, which modules cannot import from each other: buildApp hands this service the posts'
// and comments' publishHeld.

/** The forum's create paths for an approved item, as its author (posts and comments services' publishHeld). */
export type Publish = {
  post(author: SessionUser, input: TCreatePostRequest & AnonymousInput): Promise<{ id: number; slug: string; title: string }>;
  comment(author: SessionUser, postId: number, input: TCreateCommentRequest & AnonymousInput): Promise<{ id: number; postId: number }>;
};

/**
 * A moderator's claim on a pending item while its post or comment is made (outside any transaction of
 * ours: the forum's create path runs its own). Two moderators cannot both publish it, nor one reject
 * what another is publishing; a claim left by a process that died is taken over after this long.
 */
const CLAIM_MS = 60_000;

/** The approved item's page: the post, or the post at the comment. */
async function hrefsOf(db: Db, rows: HeldRow[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const postIds = rows.filter((r) => r.status === 'approved' && r.kind === 'post' && r.publishedId !== null).map((r) => r.publishedId!);
  const commentIds = rows.filter((r) => r.status === 'approved' && r.kind === 'comment' && r.publishedId !== null).map((r) => r.publishedId!);
  const livePosts =
    postIds.length === 0
      ? []
      : await db
          .select({ id: posts.id, slug: posts.slug })
          .from(posts)
          .where(and(inArray(posts.id, postIds), isNull(posts.deletedAt)));
  const liveComments =
    commentIds.length === 0
      ? []
      : await db
          .select({ id: comments.id, slug: posts.slug })
          .from(comments)
          .innerJoin(posts, eq(posts.id, comments.postId))
          .where(and(inArray(comments.id, commentIds), isNull(comments.deletedAt), isNull(posts.deletedAt)));
  const postHref = new Map(livePosts.map((p) => [p.id, `/forum/posts/${encodeURIComponent(p.slug)}`]));
  const commentHref = new Map(liveComments.map((c) => [c.id, `/forum/posts/${encodeURIComponent(c.slug)}#comment-${c.id}`]));
  for (const r of rows) {
    const href = r.kind === 'post' ? postHref.get(r.publishedId ?? 0) : commentHref.get(r.publishedId ?? 0);
    if (r.status === 'approved' && href) out.set(r.id, href);
  }
  return out;
}

/** Held rows → the queue's items: the author, who decided, where it is now. */
async function presentForQueue(db: Db, rows: HeldRow[]): Promise<TAdminHeldItem[]> {
  const base = await presentHeldItems(db, rows);
  const people = [...new Set(rows.flatMap((r) => [r.authorId, ...(r.decidedBy === null ? [] : [r.decidedBy])]))];
  const found =
    people.length === 0
      ? []
      : await db
          .select({ id: users.id, username: users.username, createdAt: users.createdAt, deletedAt: users.deletedAt, trustLevel: users.trustLevel, trustLevelPinned: users.trustLevelPinned })
          .from(users)
          .where(inArray(users.id, people));
  const byId = new Map(found.filter((u) => u.deletedAt === null).map((u) => [u.id, u]));
  const hrefs = await hrefsOf(db, rows);
  return rows.map((r, i) => {
    // Issue 32: an anonymous write is judged by its words: the queue names no account (base[i] carries its label).
    const author = r.anonymousAs === null ? byId.get(r.authorId) : undefined;
    const decider = r.decidedBy === null ? undefined : byId.get(r.decidedBy);
    const decided = r.status !== 'pending';
    return {
      ...base[i],
      author: author ? { id: author.id, username: author.username, joinedAt: author.createdAt.toISOString(), trustLevel: effectiveLevel(author) } : null,
      reason: r.reason as TAdminHeldItem['reason'],
      matched: r.matched,
      decidedBy: decided && decider ? { username: decider.username } : null,
      decidedAt: decided ? (r.decidedAt?.toISOString() ?? null) : null,
      href: hrefs.get(r.id) ?? null,
    };
  });
}

/** GET /api/admin/review: pending oldest first (held_items_pending_idx), decided newest first; 50 a page. */
async function listHeld(db: Db, query: TReviewQuery): Promise<TAdminHeldList> {
  const order = query.status === 'pending' ? [asc(heldItems.createdAt), asc(heldItems.id)] : [desc(heldItems.decidedAt), desc(heldItems.id)];
  const rows = await db
    .select()
    .from(heldItems)
    .where(eq(heldItems.status, query.status))
    .orderBy(...order)
    .limit(REVIEW_PAGE + 1)
    .offset((query.page - 1) * REVIEW_PAGE);
  const hasMore = rows.length > REVIEW_PAGE;
  const page = hasMore ? rows.slice(0, REVIEW_PAGE) : rows;
  const [total] = await db.select({ n: count() }).from(heldItems).where(eq(heldItems.status, query.status));
  const [pending] = query.status === 'pending' ? [total] : await db.select({ n: count() }).from(heldItems).where(eq(heldItems.status, 'pending'));
  return { items: await presentForQueue(db, page), totalCount: Number(total.n), hasMore, pendingCount: Number(pending.n) };
}

async function loadHeld(db: Db, id: number): Promise<HeldRow> {
  const [row] = await db.select().from(heldItems).where(eq(heldItems.id, id));
  if (!row) throw notFound(REVIEW_MSG.notFound);
  return row;
}

const claimable = (now: Date) =>
  and(eq(heldItems.status, 'pending'), or(isNull(heldItems.decidedBy), lt(heldItems.decidedAt, new Date(now.getTime() - CLAIM_MS))));

/** Claims a pending item for this moderator (409 when decided, or claimed by another just now). */
async function claim(db: Db, id: number, moderatorId: number, now: Date): Promise<HeldRow> {
  const [row] = await db
    .update(heldItems)
    .set({ decidedBy: moderatorId, decidedAt: now })
    .where(and(eq(heldItems.id, id), claimable(now)))
    .returning();
  if (row) return row;
  await loadHeld(db, id); // 404 when there is no such item
  throw conflict(REVIEW_MSG.decided);
}

const release = (db: Db, id: number, moderatorId: number) =>
  db
    .update(heldItems)
    .set({ decidedBy: null, decidedAt: null })
    .where(and(eq(heldItems.id, id), eq(heldItems.status, 'pending'), eq(heldItems.decidedBy, moderatorId)));

/** The author as the forum's create path takes them: live, not suspended. */
async function authorOf(db: Db, held: HeldRow, now: Date): Promise<SessionUser> {
  const [row] = await db.select().from(users).where(eq(users.id, held.authorId));
  if (!row || row.deletedAt || isSuspended(row, now)) throw conflict(REVIEW_MSG.authorGone);
  const { passwordHash: _passwordHash, ...author } = row;
  return { ...author, trustLevel: levelOfMember(row) };
}

export type ReviewDeps = Pick<Core, 'db' | 'clock' | 'events'> & { publish: Publish };

/**
 * POST /api/admin/review/:id/approve. The item is claimed, published as its author wrote it (the
 * forum's create path: counters, photos, post.created / comment.created, so followers and mentions
 * are told now and not before), then marked approved with the new post's or comment's id and audited
 * in one transaction; the author hears of it ('review.decided'). The offline write's clientId goes
 * with it, so the author's device resending it gets the published post. Anything refusing the publish
 * (the post gone, a parent comment gone) releases the claim and answers as the forum would.
 */
async function approve(deps: ReviewDeps, moderator: SessionUser, id: number): Promise<TAdminHeldItem> {
  const { db, clock, events, publish } = deps;
  const now = clock.now();
  const held = await claim(db, id, moderator.id, now);
  let published: { id: number; postId: number; postTitle: string };
  try {
    const author = await authorOf(db, held, now);
    // The write's own clientId (or one of the item's): published twice, it is the one post.
    const clientId = held.clientId ?? `held-${held.id}`;
    if (held.kind === 'post') {
      const extras = (held.postExtras as HeldPostExtras | null) ?? { tags: [], areas: [] };
      const post = await publish.post(author, { title: held.title!, content: held.content, categoryId: held.categoryId!, clientId, ...extras, anonymousAs: held.anonymousAs });
      published = { id: post.id, postId: post.id, postTitle: post.title };
    } else {
      const [post] = held.postId === null ? [] : await db.select({ title: posts.title }).from(posts).where(and(eq(posts.id, held.postId), isNull(posts.deletedAt)));
      if (!post) throw conflict(REVIEW_MSG.postGone);
      const comment = await publish.comment(author, held.postId!, { content: held.content, parentId: held.parentId, clientId, anonymousAs: held.anonymousAs });
      published = { id: comment.id, postId: comment.postId, postTitle: post.title };
    }
  } catch (err) {
    await release(db, id, moderator.id);
    // The forum's own 404 (the post deleted since) means the same as ours.
    if (err instanceof HttpError && err.statusCode === 404) throw conflict(REVIEW_MSG.postGone);
    throw err;
  }
  const row = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(heldItems)
      .set({ status: 'approved', decidedBy: moderator.id, decidedAt: clock.now(), publishedId: published.id })
      .where(and(eq(heldItems.id, id), eq(heldItems.status, 'pending')))
      .returning();
    if (!done) throw conflict(REVIEW_MSG.decided);
    await recordAudit(tx, {
      actorId: moderator.id,
      action: 'review.approve',
      targetType: 'held_item',
      targetId: id,
      // An anonymous item's account stays out of the log (issue 32): only a reveal, with its reason, names it.
      details: { kind: held.kind, ...(held.anonymousAs === null ? { authorId: held.authorId } : {}), publishedId: published.id, reason: held.reason, matched: held.matched },
    });
    await events.publish(
      'review.decided',
      {
        moderatorId: moderator.id,
        authorId: held.authorId,
        kind: held.kind,
        outcome: 'approved',
        postTitle: published.postTitle,
        postId: published.postId,
        commentId: held.kind === 'comment' ? published.id : null,
        reason: null,
      },
      tx,
    );
    return done;
  });
  return (await presentForQueue(db, [row]))[0];
}

/** POST /api/admin/review/:id/reject: with the reason the author is told; audited. */
async function reject(deps: ReviewDeps, moderator: SessionUser, id: number, reason: string): Promise<TAdminHeldItem> {
  const { db, clock, events } = deps;
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(heldItems)
      .set({ status: 'rejected', decidedBy: moderator.id, decidedAt: now, rejectReason: reason })
      .where(and(eq(heldItems.id, id), claimable(now)))
      .returning();
    if (!done) {
      const [exists] = await tx.select({ id: heldItems.id }).from(heldItems).where(eq(heldItems.id, id));
      throw exists ? conflict(REVIEW_MSG.decided) : notFound(REVIEW_MSG.notFound);
    }
    await releaseHeldPhotos(tx, done);
    await recordAudit(tx, {
      actorId: moderator.id,
      action: 'review.reject',
      targetType: 'held_item',
      targetId: id,
      details: { kind: done.kind, ...(done.anonymousAs === null ? { authorId: done.authorId } : {}), reason, heldFor: done.reason, matched: done.matched },
    });
    // The post a rejected comment was written on, if it is still there (the notification links to it).
    const [post] =
      done.kind === 'comment' && done.postId !== null
        ? await tx
            .select({ id: posts.id, title: posts.title })
            .from(posts)
            .where(and(eq(posts.id, done.postId), isNull(posts.deletedAt)))
        : [];
    await events.publish(
      'review.decided',
      {
        moderatorId: moderator.id,
        authorId: done.authorId,
        kind: done.kind,
        outcome: 'rejected',
        postTitle: done.kind === 'post' ? (done.title ?? '') : (post?.title ?? ''),
        postId: post?.id ?? null,
        commentId: null,
        reason,
      },
      tx,
    );
    return done;
  });
  return (await presentForQueue(db, [row]))[0];
}

/** The review queue: buildApp creates it once from the core and the forum's publish paths. */
export function createReviewQueue(deps: ReviewDeps) {
  return {
    list: (query: TReviewQuery) => listHeld(deps.db, query),
    approve: (moderator: SessionUser, id: number) => approve(deps, moderator, id),
    reject: (moderator: SessionUser, id: number, reason: string) => reject(deps, moderator, id, reason),
  };
}
export type ReviewQueue = ReturnType<typeof createReviewQueue>;
