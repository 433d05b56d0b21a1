import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TShareEventParsed, TShareResponse } from '../../../common/contracts/forum-engagement.ts';
import { ENGAGEMENT_MSG } from '../../../common/rules/forum.ts';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { posts, shareEvents } from '../../db/schema/index.ts';
import { notFound } from '../../http-errors.ts';

/**
 * POST /api/forum/posts/share: stores the spec §3 Share event (with the member when signed in) and, for
 * a successful share, adds one to the post's shareCount in the same transaction. Failed attempts are
 * stored for diagnosis but not counted. 404 for a missing or deleted post.
 */
async function recordShare(db: Db, event: TShareEventParsed, userId: number | null): Promise<TShareResponse> {
  return db.transaction(async (tx) => {
    const live = and(eq(posts.id, event.postId), isNull(posts.deletedAt));
    const [post] = event.success
      ? await tx
          .update(posts)
          .set({ shareCount: sql`${posts.shareCount} + 1` })
          .where(live)
          .returning({ shareCount: posts.shareCount })
      : await tx.select({ shareCount: posts.shareCount }).from(posts).where(live);
    if (!post) throw notFound(ENGAGEMENT_MSG.postNotFound);

    await tx.insert(shareEvents).values({
      postId: event.postId,
      userId,
      platform: event.platform,
      shareMethod: event.shareMethod,
      utmSource: event.utmSource ?? null,
      utmMedium: event.utmMedium ?? null,
      utmCampaign: event.utmCampaign ?? null,
      utmContent: event.utmContent ?? null,
      referrerUrl: event.referrerUrl ?? null,
      deviceType: event.deviceType,
      success: event.success,
      // A message only makes sense for a failed attempt.
      errorMessage: event.success ? null : (event.errorMessage ?? null),
    });
    return { shareCount: post.shareCount };
  });
}

/** The shares service: buildApp creates it once from the core. */
export function createShareService({ db }: Pick<Core, 'db'>) {
  return {
    recordShare: (event: TShareEventParsed, userId: number | null) => recordShare(db, event, userId),
  };
}
export type ShareService = ReturnType<typeof createShareService>;
