import type {
  TCategory,
  TComment,
  TPost,
  TPostAuthor,
  TPostDetail,
  TReactionSummary,
  TUserReactions,
  TVoteType,
} from '../../../common/contracts/forum.ts';
import type { categories, comments, posts, users } from '../../db/schema/index.ts';
import type { TAlertKind } from '../../../common/rules/labels.ts';
import { courierShown, type CourierRow } from '../../identity/courier-profile.ts';
import { presentTags, type TagNames } from './tags.ts';

// Database rows → the shapes of common/contracts/forum.ts. No queries here.

export type CategoryRow = Pick<typeof categories.$inferSelect, 'id' | 'name' | 'slug' | 'description' | 'color' | 'postCount' | 'isQa' | 'allowAnonymous'>;

export type PostRow = Pick<
  typeof posts.$inferSelect,
  | 'id' | 'slug' | 'title' | 'excerpt' | 'content' | 'createdAt' | 'viewCount' | 'commentCount' | 'upvotes'
  | 'downvotes' | 'shareCount' | 'isPinned' | 'isLocked' | 'categoryId' | 'authorId' | 'lastActivityAt' | 'qaState'
  | 'tagIds' | 'areas' | 'alertKind' | 'alertPlace' | 'alertExpiresAt' | 'anonymousAs' | 'hasPoll'
>;

export type AuthorRow = Pick<typeof users.$inferSelect, 'id' | 'username' | 'firstName' | 'lastName' | 'avatar' | 'statusText' | 'deletedAt'> & CourierRow;

export function presentCategory(c: CategoryRow): TCategory {
  return { id: c.id, name: c.name, slug: c.slug, description: c.description, color: c.color, postCount: c.postCount, isQa: c.isQa, allowAnonymous: c.allowAnonymous };
}

/**
 * Who wrote it, as readers see it. Written anonymously (issue 32, ADR 0022): no author, the frozen label
 * instead — every reader, the author and admins included, gets the same bytes (an admin reveals through
 * their own audited route). A deleted account shows as 'Anonymous' (null), whether its row is gone or only
 * marked deleted.
 */
export function presentByline(anonymousAs: string | null, u: AuthorRow | undefined): { author: TPostAuthor | null; anonymousAs?: string } {
  return anonymousAs !== null ? { author: null, anonymousAs } : { author: presentAuthor(u) };
}

/** A deleted account shows as 'Anonymous' (null), whether its row is gone or only marked deleted. */
export function presentAuthor(u: AuthorRow | undefined): TPostAuthor | null {
  if (!u || u.deletedAt) return null;
  // Beside a post only what its author shows everyone: every reader of a page gets the same bytes.
  return { username: u.username, firstName: u.firstName, lastName: u.lastName, avatar: u.avatar, statusText: u.statusText, ...courierShown(u, 'everyone') };
}

export const voteType = (value: number | undefined): TVoteType | null =>
  value === 1 ? 'upvote' : value === -1 ? 'downvote' : null;

/**
 * `lastReply` (a list by latest activity, issue 30): lastReplyAt, when the post's activity is later than its
 * creation, which is when it has a visible reply (the comment writes keep last_activity_at).
 */
export function presentPost(
  p: PostRow,
  category: CategoryRow,
  author: AuthorRow | undefined,
  vote: number | undefined,
  { tags, lastReply = false }: { tags: TagNames; lastReply?: boolean },
): TPost {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    content: p.content,
    createdAt: p.createdAt.toISOString(),
    viewCount: p.viewCount,
    commentCount: p.commentCount,
    upvotes: p.upvotes,
    downvotes: p.downvotes,
    shareCount: p.shareCount,
    isPinned: p.isPinned,
    isLocked: p.isLocked,
    userVote: voteType(vote),
    category: { id: category.id, name: category.name, slug: category.slug, color: category.color, description: category.description },
    ...presentByline(p.anonymousAs, author),
    ...(lastReply && p.lastActivityAt > p.createdAt ? { lastReplyAt: p.lastActivityAt.toISOString() } : {}),
    // Issue 33: a Q&A post says whether it is solved (its stored state, which the Answers filter reads too); others say nothing of it.
    ...(p.qaState !== null ? { solved: p.qaState === 1 } : {}),
    tags: presentTags(p.tagIds, tags),
    areas: p.areas,
    ...(p.alertKind !== null && p.alertExpiresAt !== null
      ? { alert: { kind: p.alertKind as TAlertKind, place: p.alertPlace ?? '', expiresAt: p.alertExpiresAt.toISOString() } }
      : {}),
    ...(p.hasPoll ? { hasPoll: true as const } : {}),
  };
}

// ——— Post page and comments ———

export type PostDetailRow = PostRow & Pick<typeof posts.$inferSelect, 'contentHtml' | 'editedAt' | 'acceptedCommentId'>;

export type CommentRow = Pick<
  typeof comments.$inferSelect,
  'id' | 'postId' | 'parentId' | 'authorId' | 'content' | 'contentHtml' | 'upvotes' | 'downvotes' | 'createdAt' | 'editedAt' | 'deletedAt' | 'anonymousAs'
> & { hiddenAt?: Date | null };

/** What the reader may do, decided by the service (it knows who is asking). */
export type PostPermissions = { canEdit: boolean; canModerate: boolean };

export function presentPostDetail(
  p: PostDetailRow,
  category: CategoryRow,
  author: AuthorRow | undefined,
  vote: number | undefined,
  tags: TagNames,
  extra: PostPermissions & {
    reactions: TReactionSummary;
    userReactions: TUserReactions;
    comments: TComment[];
    hasMoreComments: boolean;
  },
): TPostDetail {
  return {
    ...presentPost(p, category, author, vote, { tags }),
    contentHtml: p.contentHtml,
    editedAt: p.editedAt?.toISOString() ?? null,
    ...extra,
  };
}

/** A deleted comment keeps its place (it has replies) but shows nothing of what it said or who said it. */
export function presentComment(
  c: CommentRow,
  author: AuthorRow | undefined,
  vote: number | undefined,
  reactions: TReactionSummary | undefined,
  canEdit: boolean,
): TComment {
  const deleted = c.deletedAt !== null;
  return {
    id: c.id,
    postId: c.postId,
    parentId: c.parentId,
    content: deleted ? '' : c.content,
    contentHtml: deleted ? '' : c.contentHtml,
    createdAt: c.createdAt.toISOString(),
    editedAt: deleted ? null : (c.editedAt?.toISOString() ?? null),
    isDeleted: deleted,
    // Hidden by flags (issue 28): a placeholder of its own, so nobody reads it as the author's delete.
    ...(deleted && c.hiddenAt ? { isHidden: true } : {}),
    upvotes: c.upvotes,
    downvotes: c.downvotes,
    userVote: deleted ? null : voteType(vote),
    ...(deleted ? { author: null } : presentByline(c.anonymousAs, author)),
    canEdit: !deleted && canEdit,
    reactions: deleted ? {} : (reactions ?? {}),
  };
}
