import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { TCreatePostRequest, TListPostsQuery, TPostDetail, TUpdatePostRequest } from '../../../common/contracts/forum.ts';
import { COMMENTS_PAGE, FORUM_MSG } from '../../../common/rules/forum.ts';
import { canModerate } from '../../../common/rules/roles.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Clock, Core } from '../../core.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Events } from '../../events.ts';
import { categories, posts, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../http-errors.ts';
import type { SessionUser } from '../../identity/index.ts';
import { makeExcerpt, slugify } from '../../lib/markdown.ts';
import { loadCommentPage, mayDelete, mayEdit, type Viewer } from './thread.ts';
import { renderContent, type ContentPhotos } from './photos.ts';
import { presentPostDetail, type PostDetailRow } from './presenter.ts';
import { hotScore } from './ranking.ts';
import { loadReactionSummaries, loadUserReactions } from '../reactions/index.ts';
import { findPosts, movePost } from './admin-service.ts';
import { listColumns, listPosts, loadAuthors, loadCategories, loadUserBookmarks, loadUserVotes, type ListViewer } from './list-service.ts';
import { createViewCounter } from './view-counter.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Posting limits: every account, and stricter on its first day (spam accounts post at once). */
export const POST_LIMITS = {
  burst: { max: 5, windowMs: 10 * MINUTE },
  newAccount: { max: 3, windowMs: 24 * HOUR, accountAgeMs: 24 * HOUR },
} as const;

export const postingTooFast = (waitMs: number) => {
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE));
  return tooManyRequests(
    `You are posting too quickly. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before posting again.`,
    waitMs / 1000,
  );
};

// The list's columns, with the whole text instead of the excerpt.
const detailColumns = {
  ...listColumns,
  content: posts.content,
  contentHtml: posts.contentHtml,
  editedAt: posts.editedAt,
};

/** A URL reference to a post: all digits is an id (slugs never are, see uniqueSlug), anything else a slug. */
function postRef(idOrSlug: string) {
  if (/^\d+$/.test(idOrSlug)) return /^\d{1,9}$/.test(idOrSlug) ? eq(posts.id, Number(idOrSlug)) : sql`false`;
  return eq(posts.slug, idOrSlug.toLowerCase());
}

/** The post page: the post, its category, author, the reader's vote and reactions, and the first comments. */
async function loadDetail(db: Db, where: ReturnType<typeof postRef>, viewer: Viewer): Promise<TPostDetail> {
  const [row] = await db
    .select(detailColumns)
    .from(posts)
    .where(and(where, isNull(posts.deletedAt)))
    .limit(1);
  if (!row) throw notFound(FORUM_MSG.postNotFound);
  return presentLoaded(db, row, viewer);
}

async function presentLoaded(db: Db, row: PostDetailRow, viewer: Viewer): Promise<TPostDetail> {
  // Sequential on purpose (one pooled connection per request); each is an index lookup.
  const category = (await loadCategories(db)).find((c) => c.id === row.categoryId)!;
  const authors = await loadAuthors(db, row.authorId === null ? [] : [row.authorId]);
  const votes = await loadUserVotes(db, viewer?.id ?? null, [row.id]);
  const reactions = (await loadReactionSummaries(db, 'post', [row.id])).get(row.id) ?? {};
  const userReactions = viewer ? await loadUserReactions(db, viewer.id, row.id) : { postReactions: [], commentReactions: {} };
  const page = await loadCommentPage(db, row.id, viewer, { limit: COMMENTS_PAGE });
  const saved = await loadUserBookmarks(db, viewer?.id ?? null, [row.id]);
  const detail = presentPostDetail(row, category, row.authorId === null ? undefined : authors.get(row.authorId), votes.get(row.id), {
    canEdit: mayEdit(viewer, row.authorId),
    canModerate: canModerate(viewer),
    reactions,
    userReactions,
    comments: page.comments,
    hasMoreComments: page.hasMore,
  });
  // Issue 18: a member's post page says whether they saved it; a guest's (shared, cached) says nothing.
  return viewer ? { ...detail, bookmarked: saved.has(row.id) } : detail;
}

const getPostDetailById = (db: Db, id: number, viewer: Viewer): Promise<TPostDetail> => loadDetail(db, eq(posts.id, id), viewer);

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

/** Throws 429 when the author is over a posting limit; counts deleted posts too (deleting is no reset). */
async function assertMayPost(tx: Tx, user: SessionUser, now: Date) {
  const accountAge = now.getTime() - user.createdAt.getTime();
  const limit = accountAge < POST_LIMITS.newAccount.accountAgeMs ? POST_LIMITS.newAccount : POST_LIMITS.burst;
  // Both windows read the author's newest posts from posts_author_idx (author_id, created_at desc).
  for (const rule of limit === POST_LIMITS.newAccount ? [POST_LIMITS.burst, POST_LIMITS.newAccount] : [POST_LIMITS.burst]) {
    const recent = await tx
      .select({ createdAt: posts.createdAt })
      .from(posts)
      .where(and(eq(posts.authorId, user.id), gt(posts.createdAt, new Date(now.getTime() - rule.windowMs))))
      .orderBy(asc(posts.createdAt));
    if (recent.length < rule.max) continue;
    // Free again when enough of the window's posts have aged out of it.
    let freeAt = recent[recent.length - rule.max].createdAt.getTime() + rule.windowMs;
    if (rule === POST_LIMITS.newAccount) freeAt = Math.min(freeAt, user.createdAt.getTime() + POST_LIMITS.newAccount.accountAgeMs);
    throw postingTooFast(freeAt - now.getTime());
  }
}

async function assertCategory(tx: Tx, categoryId: number) {
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!category) throw badRequest(FORUM_MSG.chooseCategory, { categoryId: FORUM_MSG.chooseCategory });
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
 */
async function createPost(
  db: Db,
  clock: Clock,
  events: Events,
  uploads: ContentPhotos,
  user: SessionUser,
  input: TCreatePostRequest,
): Promise<TPostDetail> {
  const { contentHtml, photoIds } = await renderContent(uploads, input.content, db);
  const { id, created } = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    // Before the limit: the post a resend repeats has already been counted once.
    const earlier = await postByClientId(tx, user.id, input.clientId);
    if (earlier !== undefined) return { id: earlier, created: false };
    const now = clock.now();
    await assertMayPost(tx, user, now);
    await assertCategory(tx, input.categoryId);

    const base = baseSlug(input.title);
    const values = {
      title: input.title,
      content: input.content,
      contentHtml,
      excerpt: makeExcerpt(input.content),
      categoryId: input.categoryId,
      authorId: user.id,
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
        await uploads.recordUses(tx, { type: 'post', id: row.id }, photoIds);
        return { id: row.id, created: true };
      }
      const repeated = await postByClientId(tx, user.id, input.clientId);
      if (repeated !== undefined) return { id: repeated, created: false };
      if (attempt >= 5) throw new Error(`no free slug for ${base}`);
      slug = randomSlug(base);
    }
  });
  if (created) await events.publish('post.created', { actor: { id: user.id, username: user.username }, post: { id, title: input.title, content: input.content } });
  return getPostDetailById(db, id, user);
}

/** The post (deleted or not) locked for a change. */
async function lockPost(tx: Tx, id: number) {
  const [post] = await tx
    .select({ id: posts.id, authorId: posts.authorId, categoryId: posts.categoryId, deletedAt: posts.deletedAt })
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
  uploads: ContentPhotos,
  user: SessionUser,
  id: number,
  input: TUpdatePostRequest,
  now: Date,
): Promise<TPostDetail> {
  const content = input.content === undefined ? undefined : { text: input.content, ...(await renderContent(uploads, input.content, db)) };
  await db.transaction(async (tx) => {
    const post = await lockPost(tx, id);
    if (!post || post.deletedAt) throw notFound(FORUM_MSG.postNotFound);
    if (!mayEdit(user, post.authorId)) throw forbidden(FORUM_MSG.editOwnPost);
    const changes: Partial<typeof posts.$inferInsert> = { editedAt: now, updatedAt: now };
    if (input.title !== undefined) changes.title = input.title;
    if (content) {
      changes.content = content.text;
      changes.contentHtml = content.contentHtml;
      changes.excerpt = makeExcerpt(content.text);
      await uploads.recordUses(tx, { type: 'post', id }, content.photoIds);
    }
    if (input.categoryId !== undefined && input.categoryId !== post.categoryId) {
      await assertCategory(tx, input.categoryId);
      changes.categoryId = input.categoryId;
      await tx
        .update(categories)
        .set({ postCount: sql`greatest(${categories.postCount} - 1, 0)` })
        .where(eq(categories.id, post.categoryId));
      await tx
        .update(categories)
        .set({ postCount: sql`${categories.postCount} + 1` })
        .where(eq(categories.id, input.categoryId));
    }
    await tx.update(posts).set(changes).where(eq(posts.id, id));
    // An admin changing someone else's post is a moderation action: audited with it.
    if (user.isAdmin && post.authorId !== user.id) {
      await recordAudit(tx, { actorId: user.id, action: 'post.edit', targetType: 'post', targetId: id, details: { fields: Object.keys(input) } });
    }
  });
  return getPostDetailById(db, id, user);
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
  return getPostDetailById(db, id, admin);
}

/**
 * The posts service: buildApp creates it once from the core and the uploads service (the photos a
 * post shows). It owns the app's view counter (its buffer and dedupe live as long as the app; the
 * posts routes flush it on close).
 */
export function createPostService({
  db,
  clock,
  events,
  redis,
  log,
  uploads,
}: Pick<Core, 'db' | 'clock' | 'events' | 'redis' | 'log'> & { uploads: ContentPhotos }) {
  const views = createViewCounter({ db, redis, log, now: () => clock.now().getTime() });
  return {
    views,
    /** The viewer: a member (their id and previous visit, for isNew and Top's default period) or null. */
    listPosts: (query: TListPostsQuery, viewer: ListViewer | null) => listPosts(db, query, viewer, clock.now()),
    /** The post page as it is, without counting a view (the server-written page). */
    getPost: (idOrSlug: string, viewer: Viewer) => loadDetail(db, postRef(idOrSlug), viewer),
    /** GET /api/forum/posts/:idOrSlug: the post page, counting the view; the reader sees it (and any not yet written) at once. */
    async viewPost(idOrSlug: string, viewer: Viewer, viewerKey: string): Promise<TPostDetail> {
      const post = await loadDetail(db, postRef(idOrSlug), viewer);
      return { ...post, viewCount: post.viewCount + (await views.record(post.id, viewerKey)) };
    },
    createPost: (user: SessionUser, input: TCreatePostRequest) => createPost(db, clock, events, uploads, user, input),
    async updatePost(user: SessionUser, id: number, input: TUpdatePostRequest): Promise<TPostDetail> {
      const post = await updatePost(db, uploads, user, id, input, clock.now());
      // After commit: the post's live readers see the edit in place (modules/live-posts).
      const { title, content, contentHtml, excerpt, editedAt, category } = post;
      await events.publish('post.updated', { post: { id, title, content, contentHtml, excerpt, editedAt, category } });
      return post;
    },
    deletePost: (user: SessionUser, id: number) => deletePost(db, user, id, clock.now()),
    moderatePost: (admin: SessionUser, id: number, change: { isPinned: boolean } | { isLocked: boolean }) => moderatePost(db, admin, id, change, clock.now()),
    findPosts: (q: string | undefined) => findPosts(db, q),
    movePost: (admin: SessionUser, id: number, categoryId: number) => movePost(db, admin, id, categoryId, clock.now()),
  };
}
export type PostService = ReturnType<typeof createPostService>;
