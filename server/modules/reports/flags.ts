import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { FLAG_MIN_LEVEL, FLAGS_TO_HIDE } from '../../../common/rules/trust.ts';
import type { Tx } from '../../db/client.ts';
import { comments, posts, reports, users } from '../../db/schema/index.ts';
import type { DomainEvents, Events } from '../../events.ts';
import { levelOfMember } from '../../trust/index.ts';
import { hideComment, restoreComment, upholdComment, type HiddenComment } from '../comments/index.ts';
import { hidePost, restorePost, upholdPost, type HiddenPost } from '../posts/index.ts';

// Flags hide (issue 28 item 5; docs/API.md "Reports"): open reports on a post or comment from
// FLAGS_TO_HIDE different members at trust level FLAG_MIN_LEVEL or above hide it until a moderator
// decides. Hidden is a delete that remembers why (posts/hide.ts, comments/hide.ts). The decision closes
// every open report on it: upheld ('resolved': it stays removed, and counts against its author's level)
// or rejected ('dismissed': it is back, and each rejected flag counts against its flagger's level).

export type FlaggedKind = 'post' | 'comment';
/** What changed, for after the commit (the author is told; a live thread drops a hidden comment). */
export type FlagChange = { kind: FlaggedKind; outcome: 'hidden' | 'upheld' | 'restored'; item: HiddenPost | HiddenComment };

/**
 * Members whose open report on the target counts towards hiding it: distinct reporters (one member's
 * reports are one flag however many they send), with a live account, at FLAG_MIN_LEVEL or above as the
 * trust model reads them now, at the newest report (levelOfMember: moderators and admins as level 3,
 * an admin's pin, else the job's level). Three fresh accounts are level 0 and count for nothing. The
 * target's open reports are few: the partial index reports_open_target_idx finds them.
 */
async function trustedFlaggers(tx: Tx, kind: FlaggedKind, id: number): Promise<number> {
  const rows = await tx
    .selectDistinct({ id: users.id, trustLevel: users.trustLevel, trustLevelPinned: users.trustLevelPinned, isAdmin: users.isAdmin, isModerator: users.isModerator })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(eq(reports.targetType, kind), eq(reports.targetId, id), eq(reports.status, 'open'), isNull(users.deletedAt)));
  return rows.filter((r) => levelOfMember(r) >= FLAG_MIN_LEVEL).length;
}

/**
 * After a report is stored, in its transaction: hides its post or comment once enough trusted members
 * flagged it. A moderator's or admin's report alone never does (they delete instead): it is one flag.
 */
export async function hideIfFlagged(tx: Tx, kind: string, id: number, now: Date): Promise<FlagChange | null> {
  if (kind !== 'post' && kind !== 'comment') return null;
  if ((await trustedFlaggers(tx, kind, id)) < FLAGS_TO_HIDE) return null;
  const item = kind === 'post' ? await hidePost(tx, id, now) : await hideComment(tx, id, now);
  return item && { kind, outcome: 'hidden', item };
}

/** Whether the post or comment is hidden now (by flags, waiting for a moderator). */
export async function isHidden(tx: Tx, kind: string, id: number): Promise<boolean> {
  if (kind !== 'post' && kind !== 'comment') return false;
  const table = kind === 'post' ? posts : comments;
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), isNotNull(table.hiddenAt)));
  return !!row;
}

/** A moderator's decision on a hidden post or comment: upheld keeps it removed, rejected restores it. */
export async function decideHidden(tx: Tx, kind: FlaggedKind, id: number, upheld: boolean, now: Date): Promise<FlagChange | null> {
  const item = upheld
    ? kind === 'post'
      ? await upholdPost(tx, id, now)
      : await upholdComment(tx, id, now)
    : kind === 'post'
      ? await restorePost(tx, id, now)
      : await restoreComment(tx, id, now);
  return item && { kind, outcome: upheld ? 'upheld' : 'restored', item };
}

/** In the change's transaction: the author is told, and a hidden comment leaves its post's live threads as a deleted one does. */
export async function publishFlagChange(events: Events, change: FlagChange | null, tx: Tx): Promise<void> {
  if (!change) return;
  const { kind, outcome, item } = change;
  if (kind === 'comment' && outcome === 'hidden') {
    const c = item as HiddenComment;
    await events.publish('comment.deleted', { comment: { id: c.id, postId: c.postId }, commentCount: c.commentCount }, tx);
  }
  if (item.authorId === null) return;
  const event: DomainEvents['flags.changed'] =
    kind === 'post'
      ? { kind, outcome, authorId: item.authorId, postId: item.id, commentId: null, postTitle: (item as HiddenPost).title }
      : { kind, outcome, authorId: item.authorId, postId: (item as HiddenComment).postId, commentId: item.id, postTitle: (item as HiddenComment).postTitle };
  await events.publish('flags.changed', event, tx);
}

/** Open reports on a hidden target first in the queue: a moderator's decision is what they wait for. */
export const hiddenTargetFirst = sql<boolean>`case ${reports.targetType}
  when 'post' then exists (select 1 from posts hp where hp.id = ${reports.targetId} and hp.hidden_at is not null)
  when 'comment' then exists (select 1 from comments hc where hc.id = ${reports.targetId} and hc.hidden_at is not null)
  else false end`;
