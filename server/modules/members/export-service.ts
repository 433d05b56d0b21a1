import type { TCourierProfile } from '../../../common/contracts/courier.ts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { TUser } from '../../../common/contracts/auth.ts';
import type { TChatMessage } from '../../../common/contracts/chat.ts';
import type { TPayReport } from '../../../common/contracts/pay.ts';
import type { NotifyPreferences } from '../../../common/rules/notification-preferences.ts';
import type { Db } from '../../db/client.ts';
import {
  bookmarks,
  categories,
  categoryFollows,
  commentReactions,
  commentVotes,
  comments,
  memberBlocks,
  notifications,
  payReports,
  passkeys,
  rememberedDevices,
  totpFactors,
  pollOptions,
  pollVotes,
  postFollows,
  postReactions,
  postVotes,
  posts,
  pushSubscriptions,
  shareEvents,
  users,
} from '../../db/schema/index.ts';
import { HttpError } from '../../http-errors.ts';
import { AUTH_MSG, presentUser, readNotifyPreferences } from '../../identity/index.ts';
import { messagesOf } from '../chat/index.ts';
import { presentPayReport } from '../pay/index.ts';
import { voteType } from '../posts/index.ts';
import type { MemberUploads } from './service.ts';
import { presentCourierProfile } from '../../identity/courier-profile.ts';

export const EXPORT_FORMAT_VERSION = 1;

/** The file of GET /api/auth/me/export (UK GDPR Art. 15 and 20: a copy of their data, machine-readable). */
export type TDataExport = {
  format: { name: 'kerbside-data-export'; version: number };
  exportedAt: string;
  profile: TUser & { updatedAt: string; suspended: boolean; courier: TCourierProfile };
  posts: Array<{
    id: number;
    slug: string;
    title: string;
    content: string;
    category: { id: number; name: string; slug: string };
    createdAt: string;
    editedAt: string | null;
    deletedAt: string | null;
    viewCount: number;
    commentCount: number;
    upvotes: number;
    downvotes: number;
    shareCount: number;
  }>;
  comments: Array<{
    id: number;
    postId: number;
    postSlug: string;
    parentId: number | null;
    content: string;
    createdAt: string;
    editedAt: string | null;
    deletedAt: string | null;
    upvotes: number;
    downvotes: number;
  }>;
  votes: {
    posts: Array<{ postId: number; postSlug: string; vote: 'upvote' | 'downvote' | null; createdAt: string }>;
    comments: Array<{ commentId: number; postId: number; vote: 'upvote' | 'downvote' | null; createdAt: string }>;
    /** Issue 33: their poll votes, one per option chosen. */
    polls: Array<{ postId: number; postSlug: string; option: string; createdAt: string }>;
  };
  reactions: {
    posts: Array<{ postId: number; postSlug: string; emoji: string; createdAt: string }>;
    comments: Array<{ commentId: number; postId: number; emoji: string; createdAt: string }>;
  };
  shares: Array<{ postId: number; platform: string; shareMethod: string; success: boolean; createdAt: string }>;
  notifications: Array<{
    id: number;
    type: string;
    title: string;
    message: string;
    isRead: boolean;
    createdAt: string;
    postId: number | null;
    commentId: number | null;
  }>;
  /** Chat messages they sent and received, oldest first (senderId tells which). */
  messages: TChatMessage[];
  /** Their notification switches, defaults filled in (issue 16). */
  notificationPreferences: NotifyPreferences;
  follows: {
    posts: Array<{ postId: number; postSlug: string; level: 'follow' | 'mute'; createdAt: string }>;
    categories: Array<{ categoryId: number; name: string; slug: string; createdAt: string }>;
  };
  /** Their devices for Web Push: the push service's host and dates only (the keys are secrets of the device). */
  pushDevices: Array<{ host: string; createdAt: string; updatedAt: string }>;
  /** Their photos (issue 17), oldest first: each one's full-size address, size and date. */
  photos: Array<{ id: string; url: string; width: number; height: number; createdAt: string }>;
  /** Members they blocked and posts they saved (issue 18), oldest first. */
  blocks: Array<{ userId: number; username: string; createdAt: string }>;
  bookmarks: Array<{ postId: number; postSlug: string; createdAt: string }>;
  /** Their Courier Pay Index reports (issue 19), as they see them: the postcode only as its area. */
  payReports: TPayReport[];
  /** Issue 33: their passkeys (names and dates: the keys are public, the secrets stay on their devices), two-step sign-in and remembered devices. Never the secret or recovery codes. */
  signIn: {
    passkeys: Array<{ name: string; createdAt: string; lastUsedAt: string | null }>;
    twoStep: { enabled: boolean; enabledAt: string | null };
    rememberedDevices: Array<{ userAgent: string | null; createdAt: string; expiresAt: string }>;
  };
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Everything the member wrote or did, including their own deleted posts and comments (still stored, so
 * still theirs to see). Never the password hash, codes, tokens or sessions. Oldest first throughout.
 * Queries run one after another on purpose (one pooled connection per request); each reads a user index.
 */
export async function buildDataExport(db: Db, userId: number, now: Date, uploads: Pick<MemberUploads, 'listForUser' | 'photos'>): Promise<TDataExport> {
  const [user] = await db.select().from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).limit(1);
  if (!user) throw new HttpError(401, AUTH_MSG.notLoggedIn);

  const postRows = await db
    .select({
      id: posts.id,
      slug: posts.slug,
      title: posts.title,
      content: posts.content,
      categoryId: categories.id,
      categoryName: categories.name,
      categorySlug: categories.slug,
      createdAt: posts.createdAt,
      editedAt: posts.editedAt,
      deletedAt: posts.deletedAt,
      viewCount: posts.viewCount,
      commentCount: posts.commentCount,
      upvotes: posts.upvotes,
      downvotes: posts.downvotes,
      shareCount: posts.shareCount,
    })
    .from(posts)
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .where(eq(posts.authorId, userId))
    .orderBy(asc(posts.createdAt), asc(posts.id));

  const commentRows = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      postSlug: posts.slug,
      parentId: comments.parentId,
      content: comments.content,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
      deletedAt: comments.deletedAt,
      upvotes: comments.upvotes,
      downvotes: comments.downvotes,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.authorId, userId))
    .orderBy(asc(comments.createdAt), asc(comments.id));

  const postVoteRows = await db
    .select({ postId: postVotes.postId, postSlug: posts.slug, value: postVotes.value, createdAt: postVotes.createdAt })
    .from(postVotes)
    .innerJoin(posts, eq(posts.id, postVotes.postId))
    .where(eq(postVotes.userId, userId))
    .orderBy(asc(postVotes.createdAt), asc(postVotes.postId));

  const commentVoteRows = await db
    .select({ commentId: commentVotes.commentId, postId: comments.postId, value: commentVotes.value, createdAt: commentVotes.createdAt })
    .from(commentVotes)
    .innerJoin(comments, eq(comments.id, commentVotes.commentId))
    .where(eq(commentVotes.userId, userId))
    .orderBy(asc(commentVotes.createdAt), asc(commentVotes.commentId));

  const pollVoteRows = await db
    .select({ postId: pollVotes.postId, postSlug: posts.slug, option: pollOptions.text, createdAt: pollVotes.createdAt })
    .from(pollVotes)
    .innerJoin(pollOptions, eq(pollOptions.id, pollVotes.optionId))
    .innerJoin(posts, eq(posts.id, pollVotes.postId))
    .where(eq(pollVotes.userId, userId))
    .orderBy(asc(pollVotes.createdAt), asc(pollVotes.optionId));

  const postReactionRows = await db
    .select({ postId: postReactions.postId, postSlug: posts.slug, emoji: postReactions.emoji, createdAt: postReactions.createdAt })
    .from(postReactions)
    .innerJoin(posts, eq(posts.id, postReactions.postId))
    .where(eq(postReactions.userId, userId))
    .orderBy(asc(postReactions.createdAt), asc(postReactions.postId));

  const commentReactionRows = await db
    .select({
      commentId: commentReactions.commentId,
      postId: comments.postId,
      emoji: commentReactions.emoji,
      createdAt: commentReactions.createdAt,
    })
    .from(commentReactions)
    .innerJoin(comments, eq(comments.id, commentReactions.commentId))
    .where(eq(commentReactions.userId, userId))
    .orderBy(asc(commentReactions.createdAt), asc(commentReactions.commentId));

  const shareRows = await db
    .select({
      postId: shareEvents.postId,
      platform: shareEvents.platform,
      shareMethod: shareEvents.shareMethod,
      success: shareEvents.success,
      createdAt: shareEvents.createdAt,
    })
    .from(shareEvents)
    .where(eq(shareEvents.userId, userId))
    .orderBy(asc(shareEvents.createdAt), asc(shareEvents.id));

  const notificationRows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));

  const postFollowRows = await db
    .select({ postId: postFollows.postId, postSlug: posts.slug, level: postFollows.level, createdAt: postFollows.createdAt })
    .from(postFollows)
    .innerJoin(posts, eq(posts.id, postFollows.postId))
    .where(eq(postFollows.userId, userId))
    .orderBy(asc(postFollows.createdAt), asc(postFollows.postId));

  const categoryFollowRows = await db
    .select({ categoryId: categoryFollows.categoryId, name: categories.name, slug: categories.slug, createdAt: categoryFollows.createdAt })
    .from(categoryFollows)
    .innerJoin(categories, eq(categories.id, categoryFollows.categoryId))
    .where(eq(categoryFollows.userId, userId))
    .orderBy(asc(categoryFollows.createdAt), asc(categoryFollows.categoryId));

  const deviceRows = await db
    .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt, updatedAt: pushSubscriptions.updatedAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));

  const blockRows = await db
    .select({ userId: memberBlocks.blockedId, username: users.username, createdAt: memberBlocks.createdAt })
    .from(memberBlocks)
    .innerJoin(users, eq(users.id, memberBlocks.blockedId))
    .where(eq(memberBlocks.blockerId, userId))
    .orderBy(asc(memberBlocks.createdAt), asc(memberBlocks.blockedId));

  const bookmarkRows = await db
    .select({ postId: bookmarks.postId, postSlug: posts.slug, createdAt: bookmarks.createdAt })
    .from(bookmarks)
    .innerJoin(posts, eq(posts.id, bookmarks.postId))
    .where(eq(bookmarks.userId, userId))
    .orderBy(asc(bookmarks.createdAt), asc(bookmarks.postId));

  const payRows = await db.select().from(payReports).where(eq(payReports.userId, userId)).orderBy(asc(payReports.periodStart), asc(payReports.id));
  const passkeyRows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  const [factor] = await db.select({ confirmedAt: totpFactors.confirmedAt }).from(totpFactors).where(eq(totpFactors.userId, userId));
  const deviceRowsRemembered = await db.select().from(rememberedDevices).where(eq(rememberedDevices.userId, userId)).orderBy(asc(rememberedDevices.createdAt));

  return {
    format: { name: 'kerbside-data-export', version: EXPORT_FORMAT_VERSION },
    exportedAt: now.toISOString(),
    profile: { ...presentUser(user), updatedAt: user.updatedAt.toISOString(), suspended: user.suspendedAt !== null, courier: presentCourierProfile(user) },
    posts: postRows.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      content: p.content,
      category: { id: p.categoryId, name: p.categoryName, slug: p.categorySlug },
      createdAt: p.createdAt.toISOString(),
      editedAt: iso(p.editedAt),
      deletedAt: iso(p.deletedAt),
      viewCount: p.viewCount,
      commentCount: p.commentCount,
      upvotes: p.upvotes,
      downvotes: p.downvotes,
      shareCount: p.shareCount,
    })),
    comments: commentRows.map((c) => ({
      ...c,
      createdAt: c.createdAt.toISOString(),
      editedAt: iso(c.editedAt),
      deletedAt: iso(c.deletedAt),
    })),
    votes: {
      posts: postVoteRows.map((v) => ({ postId: v.postId, postSlug: v.postSlug, vote: voteType(v.value), createdAt: v.createdAt.toISOString() })),
      comments: commentVoteRows.map((v) => ({ commentId: v.commentId, postId: v.postId, vote: voteType(v.value), createdAt: v.createdAt.toISOString() })),
      polls: pollVoteRows.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() })),
    },
    reactions: {
      posts: postReactionRows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      comments: commentReactionRows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    },
    shares: shareRows.map((s) => ({ ...s, createdAt: s.createdAt.toISOString() })),
    notifications: notificationRows.map((n) => ({
      id: n.id,
      type: n.type,
      title: n.title,
      message: n.message,
      isRead: n.readAt !== null,
      createdAt: n.createdAt.toISOString(),
      postId: n.postId,
      commentId: n.commentId,
    })),
    messages: await messagesOf(db, userId, uploads),
    notificationPreferences: await readNotifyPreferences(db, userId),
    follows: {
      posts: postFollowRows.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
      categories: categoryFollowRows.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
    },
    pushDevices: deviceRows.map((d) => ({ host: new URL(d.endpoint).host, createdAt: d.createdAt.toISOString(), updatedAt: d.updatedAt.toISOString() })),
    photos: await uploads.listForUser(userId),
    blocks: blockRows.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() })),
    bookmarks: bookmarkRows.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() })),
    payReports: payRows.map(presentPayReport),
    signIn: {
      passkeys: passkeyRows.map((p) => ({ name: p.name, createdAt: p.createdAt.toISOString(), lastUsedAt: iso(p.lastUsedAt) })),
      twoStep: { enabled: !!factor?.confirmedAt, enabledAt: iso(factor?.confirmedAt ?? null) },
      rememberedDevices: deviceRowsRemembered.map((d) => ({ userAgent: d.userAgent, createdAt: d.createdAt.toISOString(), expiresAt: d.expiresAt.toISOString() })),
    },
  };
}
