import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TReactionSummary, TReactionToggleResponse, TUserReactions } from '../../../common/contracts/forum-engagement.ts';
import { REACTION_EMOJI, REACTIONS_SHOWN, type ReactionEmoji } from '../../../common/reactions.ts';
import { ENGAGEMENT_MSG } from '../../../common/rules/forum.ts';
import type { Core } from '../../core.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Events } from '../../events.ts';
import { commentReactions, comments, postReactions, posts } from '../../db/schema/index.ts';
import { notFound } from '../../http-errors.ts';

export type ReactionTarget = 'post' | 'comment';
type Conn = Db | Tx;

// Picker order (spec §9) breaks ties in a summary and orders a member's own reactions.
const ORDER = new Map<string, number>(REACTION_EMOJI.map((e, i) => [e, i]));
const byPickerOrder = (a: string, b: string) => ORDER.get(a)! - ORDER.get(b)!;

const TABLES = {
  post: { table: postReactions, target: postReactions.postId },
  comment: { table: commentReactions, target: commentReactions.commentId },
} as const;

/** Spec §3 summary of one target from its (emoji, count) pairs: the top 10 by count, ties in picker order. */
export function summarise(counts: Array<{ emoji: string; count: number }>): TReactionSummary {
  const shown = counts
    // Rows can only hold the ten emoji (the request schema); anything else is ignored rather than shown.
    .filter((c) => ORDER.has(c.emoji) && c.count > 0)
    .sort((a, b) => b.count - a.count || byPickerOrder(a.emoji, b.emoji))
    .slice(0, REACTIONS_SHOWN);
  const summary: TReactionSummary = {};
  for (const c of shown) summary[c.emoji] = { count: c.count };
  return summary;
}

/**
 * Reaction summaries of many posts or comments in one query (GROUP BY target, emoji). Every id asked
 * for is in the map, with `{}` when nobody reacted. For the post page and lists as well as this module.
 */
export async function loadReactionSummaries(db: Conn, kind: ReactionTarget, ids: number[]): Promise<Map<number, TReactionSummary>> {
  const result = new Map<number, TReactionSummary>(ids.map((id) => [id, {}]));
  if (ids.length === 0) return result;
  const { table, target } = TABLES[kind];
  const rows = await db
    .select({ targetId: target, emoji: table.emoji, count: count() })
    .from(table)
    .where(inArray(target, ids))
    .groupBy(target, table.emoji);
  const grouped = new Map<number, Array<{ emoji: string; count: number }>>();
  for (const r of rows) {
    const list = grouped.get(r.targetId) ?? [];
    list.push({ emoji: r.emoji, count: Number(r.count) });
    grouped.set(r.targetId, list);
  }
  for (const [id, list] of grouped) result.set(id, summarise(list));
  return result;
}

/**
 * A member's reactions on a post and on every comment of it, in one query (spec §3 user reactions).
 * Comment ids are keys as strings; only comments the member reacted to appear.
 */
export async function loadUserReactions(db: Conn, userId: number, postId: number): Promise<TUserReactions> {
  const onPost = db
    .select({ commentId: sql<number | null>`null::integer`.as('comment_id'), emoji: postReactions.emoji })
    .from(postReactions)
    .where(and(eq(postReactions.postId, postId), eq(postReactions.userId, userId)));
  const onComments = db
    .select({ commentId: commentReactions.commentId, emoji: commentReactions.emoji })
    .from(commentReactions)
    .innerJoin(comments, eq(comments.id, commentReactions.commentId))
    .where(and(eq(comments.postId, postId), eq(commentReactions.userId, userId)));
  const rows = await onPost.unionAll(onComments);

  const postList: string[] = [];
  const byComment: Record<string, string[]> = {};
  for (const r of rows) {
    if (!ORDER.has(r.emoji)) continue;
    if (r.commentId === null) postList.push(r.emoji);
    else (byComment[String(r.commentId)] ??= []).push(r.emoji);
  }
  postList.sort(byPickerOrder);
  for (const list of Object.values(byComment)) list.sort(byPickerOrder);
  return { postReactions: postList, commentReactions: byComment };
}

/** The member's own reactions on one target, in picker order. */
async function ownReactions(db: Conn, kind: ReactionTarget, id: number, userId: number): Promise<string[]> {
  const { table, target } = TABLES[kind];
  const rows = await db
    .select({ emoji: table.emoji })
    .from(table)
    .where(and(eq(target, id), eq(table.userId, userId)));
  return rows.map((r) => r.emoji).filter((e) => ORDER.has(e)).sort(byPickerOrder);
}

/** Throws 404 unless the post, or the comment and its post, exist and are not deleted; returns the post's id. */
async function assertTarget(db: Conn, kind: ReactionTarget, id: number): Promise<number> {
  if (kind === 'post') {
    const [row] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, id), isNull(posts.deletedAt)));
    if (!row) throw notFound(ENGAGEMENT_MSG.postNotFound);
    return row.id;
  } else {
    const [row] = await db
      .select({ postId: comments.postId })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(and(eq(comments.id, id), isNull(comments.deletedAt), isNull(posts.deletedAt)));
    if (!row) throw notFound(ENGAGEMENT_MSG.commentNotFound);
    return row.postId;
  }
}

/** GET /api/forum/{posts,comments}/:id/reactions: anyone; 404 for a missing or deleted target. */
async function getReactionSummary(db: Db, kind: ReactionTarget, id: number): Promise<TReactionSummary> {
  await assertTarget(db, kind, id);
  return (await loadReactionSummaries(db, kind, [id])).get(id)!;
}

/** GET /api/forum/posts/:id/user-reactions: the member's reactions on the post and its comments. */
async function getUserReactions(db: Db, userId: number, postId: number): Promise<TUserReactions> {
  await assertTarget(db, 'post', postId);
  return loadUserReactions(db, userId, postId);
}

/**
 * POST /api/forum/{posts,comments}/:id/reactions: adds the emoji, or removes it when the member already
 * had it. Insert … ON CONFLICT DO NOTHING tells which: a row back means added, none means it was there,
 * so it is deleted. There is no counter to drift: summaries are counted from the rows.
 */
async function toggleReaction(
  db: Db,
  events: Events,
  kind: ReactionTarget,
  id: number,
  userId: number,
  emoji: ReactionEmoji,
): Promise<TReactionToggleResponse> {
  return db.transaction(async (tx) => {
    const postId = await assertTarget(tx, kind, id);
    let added: boolean;
    if (kind === 'post') {
      const inserted = await tx
        .insert(postReactions)
        .values({ postId: id, userId, emoji })
        .onConflictDoNothing()
        .returning({ emoji: postReactions.emoji });
      added = inserted.length > 0;
      if (!added) {
        await tx
          .delete(postReactions)
          .where(and(eq(postReactions.postId, id), eq(postReactions.userId, userId), eq(postReactions.emoji, emoji)));
      }
    } else {
      const inserted = await tx
        .insert(commentReactions)
        .values({ commentId: id, userId, emoji })
        .onConflictDoNothing()
        .returning({ emoji: commentReactions.emoji });
      added = inserted.length > 0;
      if (!added) {
        await tx
          .delete(commentReactions)
          .where(and(eq(commentReactions.commentId, id), eq(commentReactions.userId, userId), eq(commentReactions.emoji, emoji)));
      }
    }
    const reactions = (await loadReactionSummaries(tx, kind, [id])).get(id)!;
    const userReactions = await ownReactions(tx, kind, id, userId);
    // In this transaction (issue 29): once it commits, the post's live readers see the new summary
    // (never whose reactions they are).
    await events.publish('reactions.changed', { actorId: userId, target: kind, id, postId, reactions }, tx);
    return { added, reactions, userReactions };
  });
}

/** The reactions service: buildApp creates it once from the core. */
export function createReactionService({ db, events }: Pick<Core, 'db' | 'events'>) {
  return {
    getReactionSummary: (kind: ReactionTarget, id: number) => getReactionSummary(db, kind, id),
    getUserReactions: (userId: number, postId: number) => getUserReactions(db, userId, postId),
    toggleReaction: (kind: ReactionTarget, id: number, userId: number, emoji: ReactionEmoji) => toggleReaction(db, events, kind, id, userId, emoji),
  };
}
export type ReactionService = ReturnType<typeof createReactionService>;
