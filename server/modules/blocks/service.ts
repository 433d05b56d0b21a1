import { and, asc, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { TAnonymousBlock, TAnonymousBlockRequest } from '../../../common/contracts/anonymous.ts';
import type { TBlockedMember } from '../../../common/contracts/blocks.ts';
import { ANONYMOUS_BLOCK_NAME } from '../../../common/rules/anonymous.ts';
import { BLOCK_MSG } from '../../../common/rules/blocks.ts';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { anonymousBlocks, comments, memberBlocks, posts, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../http-errors.ts';

// Member blocking (issue 18; docs/API.md "Blocks"): the one place that writes member_blocks and the
// reads other modules ask of it. A block is one-way: the blocker stops hearing from the blocked member
// (notifications/ filters its single fan-out, `deliver`, with blockersAmong) and sees their posts and
// comments collapsed (the client, from GET /api/blocks). Chat refuses a blocked pair either way
// (blockedEitherWay, blockExistsEitherWay). Admins and moderators can be blocked like anyone: only
// what they do as members is muted; moderation (removals, suspensions, reports, announcements) does
// not go through notifications and still reaches the blocker.

type Row = { id: number; username: string; avatar: string; blockedAt: Date };

const present = (r: Row): TBlockedMember => ({ id: r.id, username: r.username, avatar: r.avatar, blockedAt: r.blockedAt.toISOString() });

const blockedColumns = { id: users.id, username: users.username, avatar: users.avatar, blockedAt: memberBlocks.createdAt };

/** The members `me` blocked, oldest block first: one walk of the primary key (blocker_id first). */
async function listBlocks(db: Db, me: number): Promise<TBlockedMember[]> {
  const rows = await db
    .select(blockedColumns)
    .from(memberBlocks)
    .innerJoin(users, eq(users.id, memberBlocks.blockedId))
    .where(eq(memberBlocks.blockerId, me))
    .orderBy(asc(memberBlocks.createdAt), asc(memberBlocks.blockedId));
  return rows.map(present);
}

/**
 * Blocks a member: yourself 400, an unknown or deleted member 404. Blocking again keeps the first
 * block (and its time) and answers it: the call is idempotent.
 */
async function block(db: Db, me: number, userId: number): Promise<TBlockedMember> {
  if (userId === me) throw badRequest(BLOCK_MSG.self);
  const [u] = await db.select({ id: users.id, deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u || u.deletedAt) throw notFound(BLOCK_MSG.memberNotFound);
  await db.insert(memberBlocks).values({ blockerId: me, blockedId: userId }).onConflictDoNothing();
  const [row] = await db
    .select(blockedColumns)
    .from(memberBlocks)
    .innerJoin(users, eq(users.id, memberBlocks.blockedId))
    .where(and(eq(memberBlocks.blockerId, me), eq(memberBlocks.blockedId, userId)))
    .limit(1);
  // Deleted between the two statements (the account's deletion removes its blocks): gone, as above.
  if (!row) throw notFound(BLOCK_MSG.memberNotFound);
  return present(row);
}

/** Lifts a block; nothing to lift is not an error (the house's DELETE: 204 either way). */
async function unblock(db: Db, me: number, userId: number): Promise<void> {
  await db.delete(memberBlocks).where(and(eq(memberBlocks.blockerId, me), eq(memberBlocks.blockedId, userId)));
}

// ---- Reads other modules use (through index.ts) ----

/** Whether `blocker` blocked `member` (one way), as an SQL boolean for a query over members (mentions' suggestions). */
export function blockedBy(blocker: number, member: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${memberBlocks} where ${and(eq(memberBlocks.blockerId, blocker), eq(memberBlocks.blockedId, member))})`;
}

/**
 * Which of `candidates` blocked `blocked`: the recipients a blocked member's action must not reach
 * (notifications/ `deliver`). One query on member_blocks_blocked_idx, none for no candidates.
 */
export async function blockersAmong(db: Db, blocked: number, candidates: readonly number[]): Promise<Set<number>> {
  if (candidates.length === 0) return new Set();
  const ids = [...candidates];
  // Blocks by name and blocks made from anonymous content (issue 32) alike: both stop the account.
  const rows = await db
    .select({ id: memberBlocks.blockerId })
    .from(memberBlocks)
    .where(and(eq(memberBlocks.blockedId, blocked), inArray(memberBlocks.blockerId, ids)))
    .union(db.select({ id: anonymousBlocks.blockerId }).from(anonymousBlocks).where(and(eq(anonymousBlocks.blockedId, blocked), inArray(anonymousBlocks.blockerId, ids))));
  return new Set(rows.map((r) => r.id));
}

/**
 * Whether either of two members blocked the other (chat: neither starts nor sends), or `b` blocked `a`
 * from anonymous content (issue 32): then `a`, the one acting, is refused — but not the other way, which
 * would tell the blocker whose the content was.
 */
export async function blockedEitherWay(db: Db, a: number, b: number): Promise<boolean> {
  const [row] = await db.select({ blocked: blockExistsEitherWay(sql`${a}::int`, sql`${b}::int`) }).from(sql`(select 1) as one`);
  return row.blocked;
}

const eitherWay = (a: number | SQLWrapper, b: number | SQLWrapper) =>
  or(and(eq(memberBlocks.blockerId, a), eq(memberBlocks.blockedId, b)), and(eq(memberBlocks.blockerId, b), eq(memberBlocks.blockedId, a)));

/** blockedEitherWay as an SQL boolean, for a query that reads it beside other things (chat's send context). */
export function blockExistsEitherWay(a: SQLWrapper, b: SQLWrapper): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from ${memberBlocks} where ${eitherWay(a, b)})
    or exists (select 1 from ${anonymousBlocks} where ${and(eq(anonymousBlocks.blockerId, b), eq(anonymousBlocks.blockedId, a))}))`;
}

// ---- Blocks made from anonymous content (issue 32, ADR 0022) ----

type AnonymousRow = typeof anonymousBlocks.$inferSelect;

const presentAnonymous = (r: AnonymousRow): TAnonymousBlock => ({
  id: r.id,
  name: ANONYMOUS_BLOCK_NAME,
  anonymousAs: r.anonymousAs,
  postId: r.postId,
  commentId: r.commentId,
  blockedAt: r.createdAt.toISOString(),
});

async function listAnonymousBlocks(db: Db, me: number): Promise<TAnonymousBlock[]> {
  const rows = await db.select().from(anonymousBlocks).where(eq(anonymousBlocks.blockerId, me)).orderBy(asc(anonymousBlocks.createdAt), asc(anonymousBlocks.id));
  return rows.map(presentAnonymous);
}

/**
 * Blocks whoever wrote an anonymous post or reply, which must be live and anonymous (else 404, the same
 * for all: the answer says nothing more of it). Blocking the same content again answers the same block;
 * one's own is 400 as blocking oneself by name is.
 */
async function blockAnonymous(db: Db, me: number, target: TAnonymousBlockRequest): Promise<TAnonymousBlock> {
  const [content] =
    target.postId !== undefined
      ? await db
          .select({ authorId: posts.authorId, anonymousAs: posts.anonymousAs })
          .from(posts)
          .where(and(eq(posts.id, target.postId), isNull(posts.deletedAt)))
      : await db
          .select({ authorId: comments.authorId, anonymousAs: comments.anonymousAs })
          .from(comments)
          .where(and(eq(comments.id, target.commentId!), isNull(comments.deletedAt)));
  if (!content || content.anonymousAs === null) throw notFound(BLOCK_MSG.contentNotFound);
  const values = { blockerId: me, postId: target.postId ?? null, commentId: target.commentId ?? null, anonymousAs: content.anonymousAs };
  if (content.authorId === me) throw badRequest(BLOCK_MSG.self);
  // A deleted account's content: nobody left to block.
  if (content.authorId === null) throw notFound(BLOCK_MSG.contentNotFound);
  await db.insert(anonymousBlocks).values({ ...values, blockedId: content.authorId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(anonymousBlocks)
    .where(and(eq(anonymousBlocks.blockerId, me), target.postId !== undefined ? eq(anonymousBlocks.postId, target.postId) : eq(anonymousBlocks.commentId, target.commentId!)));
  return presentAnonymous(row!);
}

async function unblockAnonymous(db: Db, me: number, id: number): Promise<void> {
  await db.delete(anonymousBlocks).where(and(eq(anonymousBlocks.blockerId, me), eq(anonymousBlocks.id, id)));
}

/** The blocks service: buildApp creates it once; the blocks routes and the chat's alias routes share it. */
export function createBlockService({ db }: Pick<Core, 'db'>) {
  return {
    list: (me: number) => listBlocks(db, me),
    block: (me: number, userId: number) => block(db, me, userId),
    unblock: (me: number, userId: number) => unblock(db, me, userId),
    listAnonymous: (me: number) => listAnonymousBlocks(db, me),
    blockAnonymous: (me: number, target: TAnonymousBlockRequest) => blockAnonymous(db, me, target),
    unblockAnonymous: (me: number, id: number) => unblockAnonymous(db, me, id),
  };
}
export type BlockService = ReturnType<typeof createBlockService>;
