import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { TPoll, TPollRequest } from '../../../common/contracts/polls.ts';
import { FORUM_MSG } from '../../../common/rules/forum.ts';
import { POLL_MSG, POLL_OPEN_DAYS_MAX, POLL_OPEN_MINUTES_MIN, type TPollResults } from '../../../common/rules/polls.ts';
import { canModerate } from '../../../common/rules/roles.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pollOptions, polls, pollVotes, posts } from '../../db/schema/index.ts';
import type { Events } from '../../events.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http-errors.ts';
import type { SessionUser } from '../../identity/index.ts';
import { allowance, freeAgainAt, limitRefusal } from '../../trust/index.ts';
import type { Viewer } from './thread.ts';

// Polls (issue 33 part 1; ADR 0023; docs/API.md "Polls"): a post's one poll, written with the post, voted
// on by members from the Basic trust level, closed by its time or by its author or a moderator. The counts
// live on the rows (poll_options.vote_count, polls.voter_count), kept by each vote's transaction with the
// poll's row locked, so reading a poll of 10,000 votes is one small read. Voters are never named.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** 400 unless a poll's closing time is between an hour and POLL_OPEN_DAYS_MAX days from now. */
export function assertPollTimes(poll: TPollRequest, now: Date) {
  if (poll.closesAt == null) return;
  const at = new Date(poll.closesAt).getTime();
  if (at < now.getTime() + POLL_OPEN_MINUTES_MIN * MINUTE || at > now.getTime() + POLL_OPEN_DAYS_MAX * DAY) {
    throw badRequest(POLL_MSG.closesAt, { poll: POLL_MSG.closesAt });
  }
}

/** The new post's poll and its options, in the post's transaction. */
export async function insertPoll(tx: Tx, postId: number, poll: TPollRequest, now: Date) {
  await tx.insert(polls).values({ postId, multiple: poll.multiple, results: poll.results, closesAt: poll.closesAt ? new Date(poll.closesAt) : null, createdAt: now });
  await tx.insert(pollOptions).values(poll.options.map((text, position) => ({ postId, position, text })));
}

type PollRow = typeof polls.$inferSelect;
type OptionRow = Pick<typeof pollOptions.$inferSelect, 'id' | 'text' | 'voteCount'>;

const isClosed = (p: Pick<PollRow, 'closesAt' | 'closedAt'>, now: Date) => p.closedAt !== null || (p.closesAt !== null && p.closesAt <= now);

/** Whether this reader sees the counts: the author's choice, and everyone once it has closed. */
function countsShown(results: TPollResults, closed: boolean, voted: boolean): boolean {
  return closed || results === 'always' || (results === 'after_vote' && voted);
}

/** Whether `viewer` may vote at all (their level's allowance), the poll's state aside. */
const mayVote = (viewer: Viewer) => viewer !== null && viewer.emailVerifiedAt !== null && allowance(viewer.trustLevel, 'pollVotesPerDay') > 0;

function present(poll: PollRow, options: OptionRow[], mine: number[] | null, viewer: Viewer, authorId: number | null, now: Date): TPoll {
  const closed = isClosed(poll, now);
  const shown = countsShown(poll.results as TPollResults, closed, (mine?.length ?? 0) > 0);
  return {
    options: options.map((o) => ({ id: o.id, text: o.text, votes: shown ? o.voteCount : null })),
    multiple: poll.multiple,
    results: poll.results as TPollResults,
    closesAt: poll.closesAt?.toISOString() ?? null,
    closed,
    voters: shown ? poll.voterCount : null,
    ...(mine !== null ? { myVotes: mine } : {}),
    canVote: !closed && mayVote(viewer),
    canClose: !closed && viewer !== null && (viewer.id === authorId || canModerate(viewer)),
  };
}

/** The post's poll as `viewer` may see it; undefined when it has none. */
export async function loadPoll(db: Db | Tx, postId: number, authorId: number | null, viewer: Viewer, now: Date): Promise<TPoll | undefined> {
  const [poll] = await db.select().from(polls).where(eq(polls.postId, postId));
  if (!poll) return undefined;
  const options = await db
    .select({ id: pollOptions.id, text: pollOptions.text, voteCount: pollOptions.voteCount })
    .from(pollOptions)
    .where(eq(pollOptions.postId, postId))
    .orderBy(asc(pollOptions.position));
  const mine = viewer ? await votesOf(db, postId, viewer.id) : null;
  return present(poll, options, mine, viewer, authorId, now);
}

async function votesOf(db: Db | Tx, postId: number, userId: number): Promise<number[]> {
  const rows = await db.select({ optionId: pollVotes.optionId }).from(pollVotes).where(and(eq(pollVotes.postId, postId), eq(pollVotes.userId, userId)));
  return rows.map((r) => r.optionId).sort((a, b) => a - b);
}

/** The live post's poll row, locked for a vote or a close (one writer at a time per poll). */
async function lockPoll(tx: Tx, postId: number) {
  const [row] = await tx
    .select({ poll: polls, authorId: posts.authorId })
    .from(polls)
    .innerJoin(posts, and(eq(posts.id, polls.postId), isNull(posts.deletedAt)))
    .where(eq(polls.postId, postId))
    .for('update', { of: polls });
  if (!row) {
    const [post] = await tx.select({ id: posts.id }).from(posts).where(and(eq(posts.id, postId), isNull(posts.deletedAt)));
    throw notFound(post ? POLL_MSG.noPoll : FORUM_MSG.postNotFound);
  }
  return row;
}

/**
 * PUT /api/forum/posts/:id/poll/vote: the member's whole choice replaces their earlier one (an empty list
 * withdraws it). Refused, with nothing changed: a new account (403), a closed poll (409), more than one
 * option of a single-choice poll or an option of another poll (400), past the level's daily votes (429).
 * The counts move in the same transaction; readers with the thread open hear of them once it commits.
 */
export async function votePoll(db: Db, events: Events, user: SessionUser, postId: number, optionIds: number[], now: Date): Promise<TPoll> {
  return db.transaction(async (tx) => {
    const { poll, authorId } = await lockPoll(tx, postId);
    const max = allowance(user.trustLevel, 'pollVotesPerDay');
    if (max === 0) throw forbidden(POLL_MSG.newAccount);
    if (isClosed(poll, now)) throw conflict(POLL_MSG.closed);
    if (!poll.multiple && optionIds.length > 1) throw badRequest(POLL_MSG.chooseOne, { optionIds: POLL_MSG.chooseOne });
    const options = await tx.select({ id: pollOptions.id }).from(pollOptions).where(eq(pollOptions.postId, postId));
    const ids = new Set(options.map((o) => o.id));
    if (optionIds.some((id) => !ids.has(id))) throw badRequest(POLL_MSG.chooseFromPoll, { optionIds: POLL_MSG.chooseFromPoll });
    const before = await votesOf(tx, postId, user.id);
    const after = [...optionIds].sort((a, b) => a - b);
    if (before.join() !== after.join()) {
      if (after.length > 0) {
        // The day's votes, this member's, rolling: a vote changed is a vote cast.
        const since = new Date(now.getTime() - DAY);
        const cast = await tx.select({ createdAt: pollVotes.createdAt }).from(pollVotes).where(and(eq(pollVotes.userId, user.id), gt(pollVotes.createdAt, since)));
        const freeAt = freeAgainAt(cast.map((r) => r.createdAt), max, DAY);
        if (freeAt) throw limitRefusal(freeAt, now, { again: POLL_MSG.voteAgain, tooFast: POLL_MSG.voteTooFast });
      }
      const dropped = before.filter((id) => !after.includes(id));
      const added = after.filter((id) => !before.includes(id));
      if (dropped.length > 0) {
        await tx.delete(pollVotes).where(and(eq(pollVotes.userId, user.id), inArray(pollVotes.optionId, dropped)));
        await tx.update(pollOptions).set({ voteCount: sql`${pollOptions.voteCount} - 1` }).where(inArray(pollOptions.id, dropped));
      }
      if (added.length > 0) {
        await tx.insert(pollVotes).values(added.map((optionId) => ({ optionId, postId, userId: user.id, createdAt: now })));
        await tx.update(pollOptions).set({ voteCount: sql`${pollOptions.voteCount} + 1` }).where(inArray(pollOptions.id, added));
      }
      const voters = (before.length === 0 ? 1 : 0) - (after.length === 0 ? 1 : 0);
      if (voters !== 0) await tx.update(polls).set({ voterCount: sql`${polls.voterCount} + ${voters}` }).where(eq(polls.postId, postId));
      await events.publish('poll.changed', { postId }, tx);
    }
    return (await loadPoll(tx, postId, authorId, user, now))!;
  });
}

/** POST /api/forum/posts/:id/poll/close: its author or a moderator (audited when not their own); 409 once closed. */
export async function closePoll(db: Db, events: Events, user: SessionUser, postId: number, now: Date): Promise<TPoll> {
  return db.transaction(async (tx) => {
    const { poll, authorId } = await lockPoll(tx, postId);
    if (user.id !== authorId && !canModerate(user)) throw forbidden(POLL_MSG.closeOwn);
    if (isClosed(poll, now)) throw conflict(POLL_MSG.closed);
    await tx.update(polls).set({ closedAt: now }).where(eq(polls.postId, postId));
    if (user.id !== authorId) await recordAudit(tx, { actorId: user.id, action: 'post.poll_close', targetType: 'post', targetId: postId });
    await events.publish('poll.changed', { postId }, tx);
    return (await loadPoll(tx, postId, authorId, user, now))!;
  });
}

/**
 * What a post_poll frame carries after a change, and to whom: everyone following the thread when the
 * counts are public (or it closed), only those who voted when they see counts after voting, nobody while
 * they wait for the close. `voted` is asked only in that middle case.
 */
export async function pollFrame(db: Db, postId: number, followers: number[], now: Date) {
  const [poll] = await db.select().from(polls).where(eq(polls.postId, postId));
  if (!poll) return null;
  const closed = isClosed(poll, now);
  const results = poll.results as TPollResults;
  // countsShown's rule, asked of a reader who has voted and of one who has not.
  if (!countsShown(results, closed, true)) return null;
  let audience: Set<number> | 'all' = 'all';
  if (!countsShown(results, closed, false)) {
    const voted = followers.length === 0 ? [] : await db.selectDistinct({ userId: pollVotes.userId }).from(pollVotes).where(and(eq(pollVotes.postId, postId), inArray(pollVotes.userId, followers)));
    audience = new Set(voted.map((v) => v.userId));
  }
  const options = await db.select({ id: pollOptions.id, votes: pollOptions.voteCount }).from(pollOptions).where(eq(pollOptions.postId, postId)).orderBy(asc(pollOptions.position));
  return { frame: { type: 'post_poll' as const, postId, options, voters: poll.voterCount, closed }, audience };
}
