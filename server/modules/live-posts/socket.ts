import { and, eq, isNull } from 'drizzle-orm';
import { FORUM_MSG } from '../../../common/rules/forum.ts';
import { LIVE_MSG, LIVE_POST_MAX_SUBSCRIPTIONS } from '../../../common/rules/live.ts';
import type { ServerFrame } from '../../../common/ws-events.ts';
import type { Clock } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { comments, posts, users } from '../../db/schema/index.ts';
import type { Events } from '../../events.ts';
import { badRequest, notFound } from '../../http-errors.ts';
import type { Gateway, SocketContext } from '../../realtime/gateway.ts';
import { commentColumns, loadAcceptedAnswer, mayEdit, pollFrame, presentComments, type Editor } from '../posts/index.ts';

/**
 * Live threads (docs/API.md "Live threads"): a member's socket follows a few posts (`subscribe_post`)
 * and hears their changes as `post_*` frames. Who follows what is this process's own state (its
 * sockets); the changes come as domain events from every process (events.onEveryProcess, over the
 * bus), so a comment written through one instance reaches readers connected to another.
 *
 * Frames carry what every reader may see. Per-reader fields are worked out here from the follower's
 * own account (canEdit) or left to their own REST reads (their vote, their reactions): a member's
 * own vote or reaction is never sent to anyone else, and not echoed to the member either (their
 * page already has the HTTP answer, which also carries their userVote).
 */
type Follower = {
  ctx: SocketContext;
  /** Who the reader is, for the edit rule (posts/ mayEdit), read at subscribe. */
  viewer: Editor;
  posts: Set<number>;
};

export async function registerLivePosts(opts: { gateway: Gateway; events: Events; db: Db; clock: Clock }) {
  const { gateway, events, db, clock } = opts;
  /** Socket id → its follower state. */
  const followers = new Map<number, Follower>();
  /** Post id → the followers of it in this process. */
  const byPost = new Map<number, Set<Follower>>();

  const unfollow = (f: Follower, postId: number) => {
    f.posts.delete(postId);
    const set = byPost.get(postId);
    if (!set) return;
    set.delete(f);
    if (set.size === 0) byPost.delete(postId);
  };

  gateway.on('subscribe_post', async ({ postId }, ctx) => {
    // Recorded before the reads, so a socket that closes meanwhile (onDisconnect below) is noticed.
    let f = followers.get(ctx.id);
    if (!f) followers.set(ctx.id, (f = { ctx, viewer: null, posts: new Set() }));
    if (!f.posts.has(postId) && f.posts.size >= LIVE_POST_MAX_SUBSCRIPTIONS) throw badRequest(LIVE_MSG.tooManyPosts);
    const [post] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, postId), isNull(posts.deletedAt)));
    if (!post) throw notFound(FORUM_MSG.postNotFound);
    const [me] = await db
      .select({ id: users.id, isAdmin: users.isAdmin, isModerator: users.isModerator, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, ctx.userId));
    if (followers.get(ctx.id) !== f) return; // the socket went away meanwhile
    f.viewer = me ?? null;
    f.posts.add(postId);
    let set = byPost.get(postId);
    if (!set) byPost.set(postId, (set = new Set()));
    set.add(f);
    ctx.send({ type: 'post_subscribed', postId });
  });

  gateway.on('unsubscribe_post', ({ postId }, ctx) => {
    const f = followers.get(ctx.id);
    if (f) unfollow(f, postId);
  });

  gateway.onDisconnect((ctx) => {
    const f = followers.get(ctx.id);
    if (!f) return;
    followers.delete(ctx.id);
    for (const postId of [...f.posts]) unfollow(f, postId);
  });

  /** The post's followers here (none: nothing to do, not even a read). */
  const of = (postId: number) => [...(byPost.get(postId) ?? [])];
  const toAll = (postId: number, frame: ServerFrame, skipUserId?: number) => {
    for (const f of of(postId)) if (f.ctx.userId !== skipUserId) f.ctx.send(frame);
  };

  // Each handler is registered for every process: it sends to this process's followers only.
  await Promise.all([
    events.onEveryProcess('comment.created', async ({ actor, comment, commentCount }) => {
      const here = of(comment.postId);
      if (here.length === 0) return;
      // Presented once as a guest sees it (no vote, no reactions yet: it is brand new), then canEdit per reader.
      const [row] = await db.select(commentColumns).from(comments).where(eq(comments.id, comment.id));
      if (!row || row.deletedAt) return;
      const [shown] = await presentComments(db, [row], null);
      for (const f of here) {
        const canEdit = mayEdit(f.viewer, actor.id);
        f.ctx.send({ type: 'post_comment_new', postId: comment.postId, comment: { ...shown, canEdit }, commentCount });
      }
    }),
    events.onEveryProcess('comment.updated', ({ comment }) =>
      toAll(comment.postId, {
        type: 'post_comment_edited',
        postId: comment.postId,
        commentId: comment.id,
        content: comment.content,
        contentHtml: comment.contentHtml,
        editedAt: comment.editedAt,
      }),
    ),
    events.onEveryProcess('comment.deleted', ({ comment, commentCount }) =>
      toAll(comment.postId, { type: 'post_comment_deleted', postId: comment.postId, commentId: comment.id, commentCount }),
    ),
    events.onEveryProcess('post.updated', ({ post }) => {
      const { id, ...fields } = post;
      toAll(id, { type: 'post_edited', postId: id, ...fields });
    }),
    events.onEveryProcess('votes.changed', ({ actorId, postId, target, id, upvotes, downvotes }) =>
      toAll(postId, { type: 'post_votes', postId, target, id, upvotes, downvotes }, actorId),
    ),
    events.onEveryProcess('reactions.changed', ({ actorId, postId, target, id, reactions }) =>
      toAll(postId, { type: 'post_reactions', postId, target, id, reactions }, actorId),
    ),
    // Issue 33: a poll's counts, to the followers who may see them (pollFrame decides who).
    events.onEveryProcess('poll.changed', async ({ postId }) => {
      const here = of(postId);
      if (here.length === 0) return;
      const ids = [...new Set(here.flatMap((f) => (f.viewer ? [f.viewer.id] : [])))];
      const shown = await pollFrame(db, postId, ids, clock.now());
      if (!shown) return;
      for (const f of here) if (shown.audience === 'all' || (f.viewer && shown.audience.has(f.viewer.id))) f.ctx.send(shown.frame);
    }),
    // Issue 33: presented once here, for every follower (the answer is the same for all of them).
    events.onEveryProcess('answer.changed', async ({ postId, commentId, acceptedById }) => {
      if (of(postId).length === 0) return;
      toAll(postId, { type: 'post_answer', postId, acceptedAnswer: await loadAcceptedAnswer(db, commentId) }, acceptedById);
    }),
  ]);

  return {
    /** Posts followed in this process (tests, metrics). */
    followerCount: (postId: number) => byPost.get(postId)?.size ?? 0,
  };
}
