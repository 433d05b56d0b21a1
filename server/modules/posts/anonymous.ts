import { eq } from 'drizzle-orm';
import type { TAnonymousVoice, TRevealAnswer } from '../../../common/contracts/anonymous.ts';
import type { TAnonymousRequest } from '../../../common/contracts/forum.ts';
import { ANONYMOUS_MSG, ANONYMOUS_TRUST_LEVEL, anonymousLabel } from '../../../common/rules/anonymous.ts';
import { FORUM_MSG } from '../../../common/rules/forum.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { EventActor } from '../../events.ts';
import { categories, comments, posts, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../http-errors.ts';
import type { SessionUser } from '../../identity/sessions.ts';

// Issue 32, a protected voice (ADR 0022): who may write anonymously, and the label frozen on the row.

/**
 * A create request as the forum's write path takes it: a member's own choice (`anonymous`), or, when a
 * moderator approves a held write, the label frozen when it was written (`anonymousAs`, never asked again).
 */
export type AnonymousInput = { anonymous?: TAnonymousRequest; anonymousAs?: string | null };

/** What the editor may offer the member: GET /api/forum/anonymous-voice. */
export function anonymousVoice(user: SessionUser): TAnonymousVoice {
  const allowed = user.trustLevel >= ANONYMOUS_TRUST_LEVEL;
  return { allowed, message: allowed ? null : ANONYMOUS_MSG.trustTooLow, network: user.verifiedNetwork, area: user.courierArea };
}

/**
 * The label a new post or reply is written under, or null for the account's own name. Anonymous only in
 * a category an admin opened to it, and only at trust level 2: what no number of fresh accounts buys.
 * The network comes only from the member's verified badge, the area from their courier profile.
 */
export async function anonymousLabelFor(tx: Tx, user: SessionUser, categoryId: number, input: AnonymousInput, approved: boolean): Promise<string | null> {
  if (approved) return input.anonymousAs ?? null;
  const choice = input.anonymous;
  if (!choice) return null;
  const [category] = await tx.select({ allow: categories.allowAnonymous }).from(categories).where(eq(categories.id, categoryId));
  if (!category?.allow) throw badRequest(ANONYMOUS_MSG.categoryClosed, { anonymous: ANONYMOUS_MSG.categoryClosed });
  if (user.trustLevel < ANONYMOUS_TRUST_LEVEL) throw forbidden(ANONYMOUS_MSG.trustTooLow);
  if (choice.network && !user.verifiedNetwork) throw badRequest(ANONYMOUS_MSG.noBadge, { anonymous: ANONYMOUS_MSG.noBadge });
  if (choice.area && !user.courierArea) throw badRequest(ANONYMOUS_MSG.noArea, { anonymous: ANONYMOUS_MSG.noArea });
  return anonymousLabel({ network: choice.network ? user.verifiedNetwork : null, area: choice.area ? user.courierArea : null });
}

/** The author as post.created / comment.created name them to others: the label, when anonymous. */
export const eventActor = (user: SessionUser, anonymousAs: string | null): EventActor =>
  anonymousAs === null ? { id: user.id, username: user.username } : { id: user.id, username: anonymousAs, anonymous: true };

/**
 * POST /api/admin/posts/:id/reveal and …/comments/:id/reveal: an admin learns who wrote anonymous content,
 * only with a written reason, which the audit log keeps for every admin to read (deleted content too: a
 * reveal is most often about abuse). The log names the content, not the account.
 */
export async function revealAuthor(db: Db, admin: SessionUser, kind: 'post' | 'comment', id: number, reason: string): Promise<TRevealAnswer> {
  return db.transaction(async (tx) => {
    const table = kind === 'post' ? posts : comments;
    const [row] = await tx
      .select({ anonymousAs: table.anonymousAs, authorId: table.authorId, username: users.username, deletedAt: users.deletedAt })
      .from(table)
      .leftJoin(users, eq(users.id, table.authorId))
      .where(eq(table.id, id));
    if (!row) throw notFound(kind === 'post' ? FORUM_MSG.postNotFound : FORUM_MSG.commentNotFound);
    if (row.anonymousAs === null) throw badRequest(ANONYMOUS_MSG.notAnonymous);
    await recordAudit(
      tx,
      kind === 'post'
        ? { actorId: admin.id, action: 'post.reveal_author', targetType: 'post', targetId: id, details: { reason, anonymousAs: row.anonymousAs } }
        : { actorId: admin.id, action: 'comment.reveal_author', targetType: 'comment', targetId: id, details: { reason, anonymousAs: row.anonymousAs } },
    );
    return { author: row.authorId !== null && row.username !== null && row.deletedAt === null ? { id: row.authorId, username: row.username } : null };
  });
}
