import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { acceptAnswer, clearAnswer, closePoll, createPost, deletePost, getPost, listPosts, lockPost, pinPost, updatePost, votePoll } from '../../../common/contracts/forum.ts';
import { listAdminPosts, movePost } from '../../../common/contracts/moderation.ts';
import { listCommentRevisions, listPostRevisions } from '../../../common/contracts/revisions.ts';
import { FORUM_MSG } from '../../../common/rules/forum.ts';
import { getAnonymousVoice, revealCommentAuthor, revealPostAuthor } from '../../../common/contracts/anonymous.ts';
import { requireAdmin, requireModerator, requireVerified } from '../../identity/index.ts';
import { anonymousVoice } from './anonymous.ts';
import type { TPostList } from '../../../common/contracts/forum.ts';
import { etagOf, JSON_TYPE, loadJson, ownValidator, revalidateOwnAnswer, sendCached, type CachedAnswer, type GuestCache } from '../../lib/guest-cache.ts';
import { route } from '../../lib/route.ts';
import type { PostService } from './service.ts';
import { viewerKey, type ViewCounter } from './view-counter.ts';
import type { MemberCache } from '../../lib/member-cache.ts';
import { sendBytes } from '../../lib/compression.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Post view counting of this app instance (flushed by the job runner and on close; tests flush it by hand). */
    viewCounter: ViewCounter;
  }
}

/**
 * What a cached post page keeps beside its body: the post's id (a guest's view is counted on every
 * hit), where its viewCount's digits sit in the body's bytes, and the views this process counted since
 * it was made.
 */
type PostPageMeta = { postId: number; viewCount: number; at: number; since: number };

const VIEW_COUNT_KEY = '"viewCount":';

/** A member's list as the member cache keeps it: made from `list`, the guest cache's answer it was laid on. */
type OwnList = { list: CachedAnswer<TPostList>; bytes: Buffer; etag: string };

/**
 * The cached page with the views counted since it was made: the count is the only part of a guest's
 * post page that moves with every reader, so it is written in rather than the page made again.
 */
function withViews(answer: CachedAnswer<PostPageMeta>, meta: PostPageMeta): CachedAnswer<PostPageMeta> {
  if (meta.since === 0 || meta.at < 0) return answer;
  const { bytes } = answer;
  const end = meta.at + String(meta.viewCount).length;
  const patched = Buffer.concat([bytes.subarray(0, meta.at), Buffer.from(String(meta.viewCount + meta.since)), bytes.subarray(end)]);
  const etag = `${answer.etag.slice(0, -1)}.${meta.since}"`;
  // The bytes are what is sent; the text only if someone reads it.
  return {
    ...answer,
    bytes: patched,
    etag,
    get body() {
      return patched.toString();
    },
  };
}

/**
 * Posts: the list (spec §7; guests may read, request.user only adds userVote), the post page, writing
 * posts (docs/API.md "Posts and comments") and the admin posts tool (find, move). Wrapped with fastify-plugin only so
 * `viewCounter` is reachable from the app (tests); it adds no hooks that reach other routes.
 * Authorisation runs at preValidation so a guest hears 401, not a validation message.
 */
const postRoutesPlugin: FastifyPluginAsync<{ posts: PostService; cache: GuestCache; members: MemberCache }> = async (app, { posts, cache, members }) => {
  app.decorate('viewCounter', posts.views);
  const verified = { preValidation: requireVerified };
  // The moderation tools (pin, lock, find, move): admins and moderators (issue 18); guest 401, member
  // 403 'Moderators only' at preValidation, before any input is read.
  const admin = { preValidation: requireModerator };

  // A guest's list and post page come from the guest cache (server/lib/guest-cache.ts); a member's are
  // made for them, with an ETag of their own bytes.
  const revalidate = { onSend: revalidateOwnAnswer };

  // Every reader's list is the one the guest cache keeps; a member's own votes, saved posts and new marks
  // are laid on it from one query of its ids (issue 31), and what that makes is kept in the member cache
  // (until the next write anywhere, or the kept list changes), so a member's list costs a guest's.
  route(app, listPosts, revalidate, async (req, reply) => {
    const query = posts.listQueryFor(req.query, req.user);
    const { page, limit, sortBy, category, pinnedFirst, period, unanswered, solved, tag, area } = query;
    const key = `posts:${page}:${limit}:${sortBy}:${category ?? ''}:${pinnedFirst ? 'pinned' : 'mixed'}:${sortBy === 'top' ? period : ''}:${unanswered ? 'unanswered' : 'all'}:${solved ?? ''}:${tag ?? ''}:${area ?? ''}`;
    // The kept list as its schema wrote it (so nothing the schema leaves out is in it), for members' marks.
    const answer = await cache.answer(key, () => loadJson(reply, () => posts.listPosts(query), (_list, body) => JSON.parse(body) as TPostList));
    const user = req.user;
    if (!user || answer.status !== 200) return sendCached(req, reply, answer);
    // "New" marks read the member's previous visit, which moves without a write request.
    const ownKey = `list:${user.id}:${user.previousVisitAt?.getTime() ?? ''}:${key}`;
    let own = members.answers.peek(ownKey) as OwnList | undefined;
    if (own?.list !== answer) {
      const made = members.answers.generation();
      // Written as is, not through the response schema again: the list was checked when it was kept, and the
      // marks are the service's own booleans. Checking 20 posts again was a quarter of a member's list.
      const marked = await posts.withViewerState(answer.meta!, user);
      own = {
        list: answer,
        bytes: Buffer.from(JSON.stringify(marked)),
        // The kept list's ETag and the marks', not a hash of the whole answer (a tenth of the time).
        etag: etagOf(answer.etag + JSON.stringify(marked.posts.map((p) => [p.userVote, p.bookmarked, p.isNew]))),
      };
      members.answers.store(ownKey, own, made);
    }
    if (ownValidator(req, reply, own.etag)) return reply.code(304).send();
    return sendBytes(req, reply, own.bytes, JSON_TYPE);
  });

  route(app, getPost, revalidate, async (req, reply) => {
    if (req.user) return posts.viewPost(req.params.idOrSlug, req.user, viewerKey(req));
    // Slugs are matched lower-cased (service.ts postRef): one entry for every spelling.
    const ref = req.params.idOrSlug.toLowerCase();
    const answer = await cache.answer<PostPageMeta>(`post:${ref}`, () =>
      loadJson(
        reply,
        async () => {
          const post = await posts.getPost(ref, null);
          return { ...post, viewCount: post.viewCount + posts.views.pending(post.id) };
        },
        (post, body) => {
          const found = body.indexOf(VIEW_COUNT_KEY);
          const at = found < 0 ? -1 : Buffer.byteLength(body.slice(0, found + VIEW_COUNT_KEY.length));
          return { postId: post.id, viewCount: post.viewCount, at, since: 0 };
        },
      ),
    );
    const meta = answer.meta;
    if (answer.status !== 200 || !meta) return sendCached(req, reply, answer);
    // Every guest's view still counts; the entry is shared, so the views it shows grow with it.
    if (await posts.views.count(meta.postId, viewerKey(req))) meta.since++;
    return sendCached(req, reply, withViews(answer, meta));
  });

  // 202 when the review queue holds it (issue 28): a held item, not a post.
  route(app, createPost, verified, async (req, reply) => {
    const result = await posts.createPost(req.user!, req.body);
    return reply.code('held' in result ? 202 : 201).send(result);
  });

  route(app, updatePost, verified, async (req) => posts.updatePost(req.user!, req.params.id, req.body));

  route(app, deletePost, verified, async (req) => {
    await posts.deletePost(req.user!, req.params.id);
    return { message: FORUM_MSG.postDeleted };
  });

  route(app, pinPost, admin, async (req) => posts.moderatePost(req.user!, req.params.id, { isPinned: req.body.pinned }));

  route(app, lockPost, admin, async (req) => posts.moderatePost(req.user!, req.params.id, { isLocked: req.body.locked }));

  // Issue 33: the question's author or a moderator (the service checks which; verified members only reach it).
  route(app, acceptAnswer, verified, async (req) => posts.setAnswer(req.user!, req.params.id, req.body.commentId));

  route(app, clearAnswer, verified, async (req) => posts.setAnswer(req.user!, req.params.id, null));

  // Issue 33: polls (the service checks the level, the poll's state and who may close it).
  route(app, votePoll, verified, async (req) => posts.votePoll(req.user!, req.params.id, req.body.optionIds));
  route(app, closePoll, verified, async (req) => posts.closePoll(req.user!, req.params.id));

  route(app, listAdminPosts, admin, async (req) => ({ posts: await posts.findPosts(req.query.q) }));

  route(app, movePost, admin, async (req) => posts.movePost(req.user!, req.params.id, req.body.categoryId));

  // Issue 32, a protected voice (ADR 0022): what the editor may offer; an admin's reveal, with a reason.
  route(app, getAnonymousVoice, verified, async (req) => anonymousVoice(req.user!));
  const adminOnly = { preValidation: requireAdmin };
  route(app, revealPostAuthor, adminOnly, async (req) => posts.revealAuthor(req.user!, 'post', req.params.id, req.body.reason));
  route(app, revealCommentAuthor, adminOnly, async (req) => posts.revealAuthor(req.user!, 'comment', req.params.id, req.body.reason));

  // Edit history (issue 28): "edited" opens it for everyone; removed posts and comments for moderators only.
  route(app, listPostRevisions, {}, async (req) => posts.postRevisions(req.user ?? null, req.params.id));
  route(app, listCommentRevisions, {}, async (req) => posts.commentRevisions(req.user ?? null, req.params.id));
};

export const postRoutes = fp(postRoutesPlugin, { name: 'forum-posts' });
