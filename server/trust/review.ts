import { and, count, desc, eq, inArray, isNull, notExists } from 'drizzle-orm';
import type { THeldItem } from '../../common/contracts/forum.ts';
import type { TAlertKind } from '../../common/rules/labels.ts';
import type { TPollRequest } from '../../common/contracts/polls.ts';
import { OWN_HELD_MAX, REPEATED_OWN_MSG, type HeldReason } from '../../common/rules/review.ts';
import { REVIEW_FIRST_ITEMS_DEFAULT, REVIEW_MODES, type ReviewMode } from '../../common/rules/trust.ts';
import { canModerate } from '../../common/rules/roles.ts';
import type { Db, Tx } from '../db/client.ts';
import { categories, comments, heldItems, posts, siteSettings, uploadUses, uploads } from '../db/schema/index.ts';
import { uploadIdsIn } from '../lib/markdown.ts';
import { conflict } from '../http-errors.ts';
import { countLinks } from './content.ts';
import { repeatedText } from './repeated-text.ts';
import type { Hit } from './watched-words.ts';

// The review queue's gate (issue 28, item 3): whether a post or comment being written waits for a
// moderator, and the held items as their author sees them. Part of the core so the posts and comments
// services ask it inside their own transaction, after their own checks (the post exists, the limits),
// and the post page shows the reader's own held comments. The queue itself (list, approve, reject) is
// modules/review.
//
// Who is held:
// - anyone but a moderator or admin whose text has a watched word set to "require approval";
// - a member at trust level 0 whose published posts and comments number fewer than the setting's
//   `firstItems` (default 2), when the item carries a link, or always when the setting says "all".
// - a member at trust level 0 whose text repeats one someone else sent in the last day (a spam wave
//   says the same thing from many accounts); a member at level 0 or 1 repeating their own is refused.
// Held items waiting do not count as published: while a new member's first items wait, the next
// ones are checked too (a spammer's third link does not pass because the first two are waiting).

export type ReviewSettings = { mode: ReviewMode; firstItems: number };
export const REVIEW_SETTINGS_KEY = 'review';
export const REVIEW_SETTINGS_DEFAULT: ReviewSettings = { mode: 'risky', firstItems: REVIEW_FIRST_ITEMS_DEFAULT };

/** The admins' review setting (site_settings 'review'), the default where none was saved. */
export async function readReviewSettings(db: Db | Tx): Promise<ReviewSettings> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, REVIEW_SETTINGS_KEY)).limit(1);
  const v = (row?.value ?? {}) as Partial<ReviewSettings>;
  return {
    mode: (REVIEW_MODES as readonly string[]).includes(v.mode as string) ? (v.mode as ReviewMode) : REVIEW_SETTINGS_DEFAULT.mode,
    firstItems: Number.isInteger(v.firstItems) && (v.firstItems as number) >= 0 ? (v.firstItems as number) : REVIEW_SETTINGS_DEFAULT.firstItems,
  };
}

export async function writeReviewSettings(tx: Db | Tx, settings: ReviewSettings, now: Date): Promise<void> {
  await tx
    .insert(siteSettings)
    .values({ key: REVIEW_SETTINGS_KEY, value: settings, updatedAt: now })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: settings, updatedAt: now } });
}

/** Posts and comments the member has published (deleted ones too: deleting is no way back into review). */
async function publishedCount(tx: Db | Tx, userId: number, upTo: number): Promise<number> {
  const [p] = await tx.select({ n: count() }).from(posts).where(eq(posts.authorId, userId));
  if (Number(p.n) >= upTo) return Number(p.n);
  const [c] = await tx.select({ n: count() }).from(comments).where(eq(comments.authorId, userId));
  return Number(p.n) + Number(c.n);
}

export type HoldWhy = { reason: HeldReason; matched: string | null };

/**
 * Why this write waits for a moderator, or null when it is published at once. `approval` is the
 * require-approval watched word its texts hold, if any (watched-words.ts screenTexts).
 */
export async function holdReason(
  tx: Db | Tx,
  author: { id: number; isAdmin: boolean; isModerator?: boolean; trustLevel: number },
  texts: string[],
  approval: Hit | null,
  now: Date,
): Promise<HoldWhy | null> {
  if (canModerate(author)) return null;
  if (approval) return { reason: 'watched_word', matched: approval.phrase };
  // The request's effective level (the session reads it with the member: server/identity/sessions.ts).
  if (author.trustLevel > 1) return null;
  const repeated = await repeatedText(tx, author.id, texts.at(-1) ?? '', now);
  if (repeated === 'own') throw conflict(REPEATED_OWN_MSG);
  if (author.trustLevel > 0) return null;
  if (repeated === 'others') return { reason: 'repeated', matched: null };
  const settings = await readReviewSettings(tx);
  if (settings.firstItems === 0) return null;
  if ((await publishedCount(tx, author.id, settings.firstItems)) >= settings.firstItems) return null;
  if (settings.mode === 'all') return { reason: 'all', matched: null };
  return texts.some((t) => countLinks(t) > 0) ? { reason: 'link', matched: null } : null;
}

export type HeldRow = typeof heldItems.$inferSelect;
export type HeldDraft = {
  kind: 'post' | 'comment';
  authorId: number;
  categoryId?: number | null;
  postId?: number | null;
  parentId?: number | null;
  title?: string | null;
  content: string;
  clientId?: string | null;
  /** A post's tags, areas and alert (issue 32), published with it. */
  postExtras?: HeldPostExtras | null;
  /** Issue 32: written anonymously, the label it is published under (frozen now). */
  anonymousAs?: string | null;
};

/** What a held post carries beside its title and text (issue 32), as its create request named it. */
export type HeldPostExtras = { tags: string[]; areas: string[]; alert?: { kind: TAlertKind; place: string; hours: number }; poll?: TPollRequest };

/** The author's held item sent with this clientId (an offline resend of a held write), if any. */
export async function heldByClientId(tx: Db | Tx, authorId: number, clientId: string | undefined): Promise<HeldRow | undefined> {
  if (clientId === undefined) return undefined;
  const [row] = await tx
    .select()
    .from(heldItems)
    .where(and(eq(heldItems.authorId, authorId), eq(heldItems.clientId, clientId)));
  return row;
}

/**
 * Stores the held item. The author's clientId is unique: a concurrent send of the same write finds the
 * one stored first and answers it.
 */
export async function holdItem(tx: Db | Tx, draft: HeldDraft, why: HoldWhy, now: Date): Promise<HeldRow> {
  const [row] = await tx
    .insert(heldItems)
    .values({
      kind: draft.kind,
      authorId: draft.authorId,
      categoryId: draft.categoryId ?? null,
      postId: draft.postId ?? null,
      parentId: draft.parentId ?? null,
      title: draft.title ?? null,
      content: draft.content,
      clientId: draft.clientId ?? null,
      postExtras: draft.postExtras ?? null,
      anonymousAs: draft.anonymousAs ?? null,
      reason: why.reason,
      matched: why.matched,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (row) {
    await keepHeldPhotos(tx, row, now);
    return row;
  }
  const earlier = await heldByClientId(tx, draft.authorId, draft.clientId ?? undefined);
  if (!earlier) throw new Error('held item insert refused without a clientId conflict');
  return earlier;
}

/**
 * The author's photos a held item shows are marked used, so the 24-hour sweep of unused uploads leaves
 * them for as long as the item waits (approving records them as the post's or comment's). Only the
 * author's own, as for a post.
 */
async function keepHeldPhotos(tx: Db | Tx, held: HeldRow, now: Date): Promise<void> {
  const ids = uploadIdsIn(held.content);
  if (ids.length === 0) return;
  await tx
    .update(uploads)
    .set({ usedAt: now })
    .where(and(inArray(uploads.id, ids), eq(uploads.userId, held.authorId), isNull(uploads.usedAt), isNull(uploads.removedAt)));
}

/** A rejected item's photos that nothing else shows are unused again: the sweep takes them in a day. */
export async function releaseHeldPhotos(tx: Db | Tx, held: HeldRow): Promise<void> {
  const ids = uploadIdsIn(held.content);
  if (ids.length === 0) return;
  await tx
    .update(uploads)
    .set({ usedAt: null })
    .where(
      and(
        inArray(uploads.id, ids),
        eq(uploads.userId, held.authorId),
        notExists(tx.select({ one: uploadUses.uploadId }).from(uploadUses).where(eq(uploadUses.uploadId, uploads.id))),
      ),
    );
}

/** Held rows → what their author (and the queue, which adds to it) sees: one query per kind of reference. */
export async function presentHeldItems(db: Db | Tx, rows: HeldRow[]): Promise<THeldItem[]> {
  const categoryIds = [...new Set(rows.flatMap((r) => (r.categoryId === null ? [] : [r.categoryId])))];
  const postIds = [...new Set(rows.flatMap((r) => (r.postId === null ? [] : [r.postId])))];
  const cats = new Map(
    categoryIds.length === 0
      ? []
      : (
          await db
            .select({ id: categories.id, name: categories.name, slug: categories.slug, color: categories.color })
            .from(categories)
            .where(inArray(categories.id, categoryIds))
        ).map((c) => [c.id, c]),
  );
  const onPosts = new Map(
    postIds.length === 0
      ? []
      : (await db.select({ id: posts.id, slug: posts.slug, title: posts.title }).from(posts).where(inArray(posts.id, postIds))).map((p) => [p.id, p]),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    title: r.title,
    content: r.content,
    createdAt: r.createdAt.toISOString(),
    category: r.categoryId === null ? null : (cats.get(r.categoryId) ?? null),
    post: r.postId === null ? null : (onPosts.get(r.postId) ?? null),
    parentId: r.parentId,
    rejectReason: r.rejectReason,
    ...(r.anonymousAs !== null ? { anonymousAs: r.anonymousAs } : {}),
  }));
}

export const presentHeldItem = async (db: Db | Tx, row: HeldRow): Promise<THeldItem> => (await presentHeldItems(db, [row]))[0];

/** The member's own items awaiting approval, newest first (GET /api/forum/held; held_items_author_idx). */
export async function ownHeldItems(db: Db, userId: number): Promise<THeldItem[]> {
  const rows = await db
    .select()
    .from(heldItems)
    .where(and(eq(heldItems.authorId, userId), eq(heldItems.status, 'pending')))
    .orderBy(desc(heldItems.createdAt), desc(heldItems.id))
    .limit(OWN_HELD_MAX);
  return presentHeldItems(db, rows);
}

/** The reader's own comments on a post awaiting approval, oldest first: shown to them in the thread only. */
export async function ownHeldComments(db: Db, postId: number, viewerId: number): Promise<THeldItem[]> {
  const rows = await db
    .select()
    .from(heldItems)
    .where(and(eq(heldItems.postId, postId), eq(heldItems.authorId, viewerId), eq(heldItems.status, 'pending')))
    .orderBy(heldItems.createdAt, heldItems.id)
    .limit(OWN_HELD_MAX);
  return presentHeldItems(db, rows);
}
