import { Suspense, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from '@/lib/router';
import { Eye, Lock, MessageSquare, Pencil, Pin, Trash2 } from 'lucide-react';
import type { TComment, TPostDetail } from '@common/contracts/forum';
import { FORUM_MSG } from '@common/rules/forum';
import { ApiError, errorMessage } from '@/lib/api-client';
import { Slice } from '@/lib/hydration-slices';
import { useUser } from '@/lib/auth';
import { plural } from '@/lib/format';
import { lazyNamed } from '@/lib/lazy';
import { trackAction } from '@/lib/track';
import { Button } from '@/components/ui/button';
import { Head } from '@/components/ui/head';
import { PageLoading } from '@/components/ui/spinner';
import { AnonymousBlockButton } from '@/components/blocks/anonymous-block-button';
import { BlockButton } from '@/components/blocks/block-button';
import { BlockedContent } from '@/components/blocks/blocked-content';
import { anonymousPostTarget } from '@/components/blocks/use-blocks';
import { ReportButton } from '@/components/report-button';
import { toast } from '@/components/ui/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
// The app's own 404 page, already in the shell: a missing post looks like any other missing page.
import { NotFoundPage } from '@/app/routes/not-found';
import { useSetAnswer } from '../api/answer';
import { nextPageCursor, useLoadMoreComments } from '../api/comments';
import { useDeletePost, useEditPost } from '../api/edit-post';
import { getPostQueryOptions, placeholderFromLists } from '../api/get-post';
import { useToggleReaction } from '../api/reactions';
import { AcceptedAnswer } from '../components/accepted-answer';
import { AuthorCard } from '../components/author-card';
import { CategoryChip } from '../components/category-chip';
import { CommentComposer } from '../components/comment-composer';
import { CommentThread } from '../components/comment-thread';
import { PollCard } from '../components/poll-card';
import { PostContent } from '../components/post-content';
import { AlertBox, PostLabelChips } from '../components/post-labels';
import { PostModerationBar } from '../components/post-moderation-bar';
import { ReactionsBar } from '../components/reactions-bar';
import { BookmarkButton } from '../components/bookmark-button';
import { ShareMenu } from '../components/share-menu';
import { VoteControl } from '../components/vote-control';
import { useCommentAnchor } from '../hooks/use-comment-anchor';
import { isReadersOwn } from '../lib/authorship';
import { postFormValues } from '../lib/post-form-values';
import { useLivePost } from '../hooks/use-live-post';
import { NewCommentsPill } from '../components/new-comments-pill';

// The editor (and its preview renderer) is fetched only when an author taps Edit.
const PostEditor = lazyNamed(() => import('../components/post-editor'), 'PostEditor');
// Only verified members see it: a guest's page does not carry the follow code.
const PostFollowControl = lazyNamed(() => import('../components/post-follow-control'), 'PostFollowControl');

/** /forum/posts/{slug} and /forum/post/{slug}: the whole post, its reactions and its comments. */
export function PostDetailPage() {
  const { slug = '' } = useParams();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const query = useQuery({ ...getPostQueryOptions(slug), placeholderData: () => placeholderFromLists(queryClient, slug) });
  const viewedId = query.data && !query.isPlaceholderData ? query.data.id : undefined;
  useEffect(() => {
    if (viewedId !== undefined) trackAction('post_view', 'post', { postId: viewedId });
  }, [viewedId]);

  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage missingPath={pathname} />;
    return (
      <div className="mx-auto grid w-full max-w-3xl px-4 py-6">
        <Head title="Discussion" />
        <div role="alert" className="grid justify-items-start gap-3 rounded-xl border-l-8 border-red-700 bg-red-50 p-4 text-red-950">
          <h1 className="text-lg font-bold">Couldn't load this discussion</h1>
          <p>Check your signal and try again.</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  if (!query.data) return <PostSkeleton />;
  // A list's copy of the post shows while the whole of it loads.
  return <PostView post={query.data} partial={query.isPlaceholderData} />;
}

function PostSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6">
      <p role="status" className="sr-only">
        Loading the discussion…
      </p>
      <div aria-hidden="true" className="grid gap-4 rounded-2xl border border-line bg-card p-5">
        <div className="h-6 w-32 animate-pulse rounded-full bg-surface motion-reduce:animate-none" />
        <div className="h-9 w-4/5 animate-pulse rounded bg-surface motion-reduce:animate-none" />
        <div className="h-10 w-48 animate-pulse rounded bg-surface motion-reduce:animate-none" />
        <div className="h-32 animate-pulse rounded bg-surface motion-reduce:animate-none" />
      </div>
    </div>
  );
}

function PostView({ post, partial }: { post: TPostDetail; partial: boolean }) {
  const navigate = useNavigate();
  const { user } = useUser();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const editPost = useEditPost(post.id);
  const deletePost = useDeletePost(post.id);
  const react = useToggleReaction({ kind: 'post', id: post.id, postId: post.id });
  // Members may report others' posts (the server refuses your own).
  const own = isReadersOwn(post, user);
  const reportable = !!user && !own;
  // Issue 32: written anonymously (its author is then null).
  const anonymous = post.anonymousAs !== undefined;
  const more = useLoadMoreComments(post.id);
  const loadMore = () => {
    const after = nextPageCursor(post.comments);
    if (after !== undefined && !more.isPending) more.mutate(after);
  };
  const anchor = useCommentAnchor({
    ready: !partial,
    version: post.comments.length,
    hasMore: post.hasMoreComments,
    loadingMore: more.isPending,
    loadMore,
  });
  // Issue 18 live threads: others' new comments wait behind the pill; a tap shows them and scrolls to the first.
  const live = useLivePost(post, user, !partial);
  const revealLive = () => {
    const first = live.reveal();
    if (first !== undefined) anchor.focusComment(first);
  };
  const onPosted = (c: TComment) => {
    toast({ title: 'Comment posted', variant: 'success' });
    anchor.focusComment(c.id);
  };
  // Issue 33: the post's author or a moderator accepts a reply as a Q&A question's answer, or unmarks it.
  const answer = useSetAnswer(post.id);
  const setAnswer = (commentId: number | null) =>
    answer.mutate(commentId, {
      onSuccess: () => toast({ title: commentId === null ? FORUM_MSG.answerCleared : FORUM_MSG.answerAccepted, variant: 'success' }),
      onError: (err) => toast({ title: errorMessage(err), variant: 'destructive' }),
    });

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6 px-4 py-6">
      <Head title={post.title} />
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap gap-1 text-muted">
          <li>
            <Link to="/forum" className="link">
              Forum
            </Link>
          </li>
          <li className="before:mr-1 before:content-['›']">
            <Link to={`/forum?category=${encodeURIComponent(post.category.slug)}`} className="link">
              {post.category.name}
            </Link>
          </li>
        </ol>
      </nav>

      {/* Issue 18: a blocked author's post is one line until Shown (the comments below stay). */}
      <BlockedContent author={post.author} anonymous={anonymousPostTarget(post)} what="post">
      {/* grid-cols-1 is one column no wider than the card: an implicit one took the title's longest word's width at 200 % text. */}
      <article aria-labelledby="post-title" className="grid min-w-0 grid-cols-1 gap-4 rounded-2xl border border-line bg-card p-4 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <CategoryChip category={post.category} />
          {post.isPinned && (
            <span className="inline-flex items-center gap-1 rounded-full bg-accent-100 px-2 py-0.5 font-semibold text-ink">
              <Pin aria-hidden="true" className="size-3.5" /> Pinned
            </span>
          )}
          {post.isLocked && (
            <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2 py-0.5 font-semibold text-ink">
              <Lock aria-hidden="true" className="size-3.5" /> Locked
            </span>
          )}
          {/* Issue 32: its tags and postcode areas, each a link to its page. */}
          <PostLabelChips post={post} />
        </div>

        {editing ? (
          <Suspense fallback={<PageLoading />}>
            <h1 id="post-title" className="text-2xl font-extrabold">
              Edit your post
            </h1>
            <PostEditor
              draftKey={`edit-post:${post.id}`}
              initial={postFormValues(post)}
              mode="edit"
              submitLabel="Save Changes"
              onSubmit={(values) => editPost.mutateAsync(values)}
              onSaved={() => {
                setEditing(false);
                toast({ title: 'Post updated', variant: 'success' });
              }}
              onCancel={() => setEditing(false)}
            />
          </Suspense>
        ) : (
          <>
            <h1 id="post-title" className="text-2xl leading-tight font-extrabold break-words sm:text-3xl">
              {post.title}
            </h1>
            <AuthorCard
              author={post.author}
              anonymousAs={post.anonymousAs}
              createdAt={post.createdAt}
              editedAt={post.editedAt}
              history={{ kind: 'post', id: post.id }}
              linkProfile={!!user}
            />
            {post.alert && <AlertBox alert={post.alert} area={post.areas[0]} />}
            {partial ? (
              <div className="grid gap-2">
                <p className="text-lg whitespace-pre-line">{post.excerpt}</p>
                <p role="status" className="text-sm text-muted">
                  Loading the full post…
                </p>
              </div>
            ) : (
              <PostContent html={post.contentHtml} className="text-lg" />
            )}
            {/* Issue 33: its poll, under its text (the title is the question). */}
            {!partial && post.poll && (
              <Slice>
                <PollCard postId={post.id} poll={post.poll} user={user} />
              </Slice>
            )}
            {!partial && post.acceptedAnswer && <AcceptedAnswer answer={post.acceptedAnswer} onGo={anchor.focusComment} />}
          </>
        )}

        {!partial && !editing && (
          <>
            <Slice>
              <ReactionsBar
                summary={post.reactions}
                mine={post.userReactions?.postReactions ?? []}
                onToggle={(emoji) => react.mutate(emoji)}
                label="Reactions to this post"
              />
            </Slice>
            <Slice>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-line pt-3">
                <VoteControl targetType="post" id={post.id} upvotes={post.upvotes} downvotes={post.downvotes} userVote={post.userVote} />
                <ShareMenu post={post} />
                <BookmarkButton postId={post.id} bookmarked={post.bookmarked} />
                {user?.emailVerified && (
                  <Suspense fallback={null}>
                    <PostFollowControl postId={post.id} isAuthor={own} />
                  </Suspense>
                )}
                <p className="ml-auto flex flex-wrap items-center gap-x-4 text-sm text-muted">
                  <span className="inline-flex items-center gap-1">
                    <Eye aria-hidden="true" className="size-4" />
                    {plural(post.viewCount, 'view', 'views')}
                  </span>
                  <a href="#comments" className="inline-flex items-center gap-1 hover:text-ink hover:underline">
                    <MessageSquare aria-hidden="true" className="size-4" />
                    {plural(post.commentCount, 'reply', 'replies')}
                  </a>
                </p>
              </div>
            </Slice>
            {(post.canEdit || post.canModerate || reportable) && (
              <div className="-mt-1 flex flex-wrap gap-2">
                {post.canEdit && (
                  <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                    <Pencil aria-hidden="true" className="size-4" /> Edit
                  </Button>
                )}
                {/* Moderators delete anyone's post but edit only their own (issue 18). */}
                {(post.canEdit || post.canModerate) && (
                  <Button variant="ghost" size="sm" className="text-red-800 hover:bg-red-50" onClick={() => setConfirmDelete(true)}>
                    <Trash2 aria-hidden="true" className="size-4" /> Delete
                  </Button>
                )}
                {reportable && <ReportButton targetType="post" targetId={post.id} targetLabel="this post" className="ml-auto" />}
                {reportable && (anonymous ? <AnonymousBlockButton target={{ postId: post.id }} /> : post.author && <BlockButton member={post.author} />)}
              </div>
            )}
            {post.canModerate && <PostModerationBar post={post} />}
          </>
        )}
      </article>
      </BlockedContent>

      {!partial && (
        <section id="comments" aria-labelledby="comments-title" className="grid scroll-mt-20 gap-4">
          <h2 id="comments-title" className="text-xl font-bold">
            {plural(post.commentCount, 'reply', 'replies')}
          </h2>
          <Slice>
            <CommentComposer postId={post.id} categoryId={post.category.id} user={user} isLocked={post.isLocked} onPosted={onPosted} />
          </Slice>
          <CommentThread
            post={post}
            ctx={{
              postId: post.id,
              categoryId: post.category.id,
              isLocked: post.isLocked,
              user,
              myReactions: post.userReactions?.commentReactions ?? {},
              highlightId: anchor.highlightId,
              onPosted,
              acceptedCommentId: post.acceptedAnswer === undefined ? undefined : (post.acceptedAnswer?.commentId ?? null),
              canAcceptAnswer: post.canAcceptAnswer,
              onSetAnswer: setAnswer,
              answerPending: answer.isPending,
            }}
            loadMore={{ pending: more.isPending, error: more.error, run: loadMore }}
          />
          <NewCommentsPill count={live.newCount} onReveal={revealLive} status={live.status} />
        </section>
      )}

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={(o) => {
          setConfirmDelete(o);
          if (!o) deletePost.reset();
        }}
        title="Delete this post?"
        description="The post and its replies will be removed for everyone. This cannot be undone."
        confirmLabel="Delete post"
        pendingLabel="Deleting…"
        pending={deletePost.isPending}
        error={deletePost.isError ? errorMessage(deletePost.error, 'Could not delete the post. Please try again.') : null}
        onConfirm={() =>
          deletePost.mutate(undefined, {
            onSuccess: () => {
              toast({ title: 'Post deleted', variant: 'success' });
              navigate('/forum', { replace: true });
            },
          })
        }
      />
    </div>
  );
}
