import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { Lock, Pin } from 'lucide-react';
import type { TCategory } from '@common/contracts/forum';
import type { TAdminPost } from '@common/contracts/moderation';
import { errorMessage } from '@/lib/api-client';
import { Time } from '@/components/ui/time';
import { AnonymousAuthor } from '@/components/anonymous-author';
import { plural } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { getCategoryChoicesQueryOptions } from '../api/categories';
import { getAdminPostsQueryOptions, usePostAction, type PostAction } from '../api/moderation';

/** Find a post by title, slug or address, then pin, lock, move or delete it. */
export function PostTools() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const searchId = useId();
  const posts = useQuery(getAdminPostsQueryOptions(q));
  const categories = useQuery(getCategoryChoicesQueryOptions());

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setQ(text.trim());
  };

  return (
    <section aria-labelledby="post-tools-title" className="grid gap-3">
      <h2 id="post-tools-title" className="text-xl font-bold">
        Posts
      </h2>
      <form role="search" onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <label htmlFor={searchId} className="font-semibold">
            Find a post
          </label>
          <input
            id={searchId}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            className={inputClasses}
            placeholder="Title, slug or the post's address"
          />
        </div>
        <Button type="submit">Find</Button>
      </form>
      <p className="text-sm text-muted" role="status">
        {posts.isPending ? 'Loading posts…' : q ? `Posts matching “${q}”` : 'Newest posts'}
      </p>
      {posts.isError && (
        <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-red-950">
          {errorMessage(posts.error, 'Posts did not load. Try again.')}
        </p>
      )}
      {posts.data && posts.data.posts.length === 0 && <p className="rounded-xl border-2 border-dashed border-line bg-card p-4">No posts found.</p>}
      {posts.data && posts.data.posts.length > 0 && (
        <ul className="grid gap-2">
          {posts.data.posts.map((p) => (
            <PostToolItem key={p.id} post={p} categories={categories.data ?? []} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PostToolItem({ post, categories }: { post: TAdminPost; categories: TCategory[] }) {
  const action = usePostAction(post.id);
  const [moveTo, setMoveTo] = useState(String(post.category.id));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const moveId = useId();
  useEffect(() => setMoveTo(String(post.category.id)), [post.category.id]);

  const run = (a: PostAction, done: string) =>
    action.mutate(a, {
      onSuccess: () => toast({ title: done, variant: 'success' }),
      onError: (err) => {
        setConfirmDelete(false);
        toast({ title: 'Action failed', description: errorMessage(err), variant: 'destructive' });
      },
    });

  return (
    <li>
      <article aria-label={post.title} className="grid gap-2 rounded-xl border border-line bg-card p-3">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="rounded-full px-2 py-0.5 font-semibold text-white" style={{ backgroundColor: post.category.color }}>
            {post.category.name}
          </span>
          {post.isPinned && (
            <span className="inline-flex items-center gap-1 rounded-full bg-accent-100 px-2 py-0.5 font-semibold">
              <Pin aria-hidden="true" className="size-3.5" /> Pinned
            </span>
          )}
          {post.isLocked && (
            <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2 py-0.5 font-semibold">
              <Lock aria-hidden="true" className="size-3.5" /> Locked
            </span>
          )}
          <span className="text-muted">
            <Time date={post.createdAt} /> by{' '}
            {post.anonymousAs !== undefined ? <AnonymousAuthor label={post.anonymousAs} /> : post.author ? `@${post.author.username}` : 'Anonymous'} ·{' '}
            {plural(post.commentCount, 'reply', 'replies')}
          </span>
        </div>
        <Link to={`/forum/posts/${post.slug}`} className="link font-semibold break-words">
          {post.title}
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="secondary" disabled={action.isPending} onClick={() => run({ kind: 'pin', value: !post.isPinned }, post.isPinned ? 'Post unpinned' : 'Post pinned')}>
            {post.isPinned ? 'Unpin' : 'Pin'}
          </Button>
          <Button size="sm" variant="secondary" disabled={action.isPending} onClick={() => run({ kind: 'lock', value: !post.isLocked }, post.isLocked ? 'Post unlocked' : 'Post locked')}>
            {post.isLocked ? 'Unlock' : 'Lock'}
          </Button>
          <span className="inline-flex items-center gap-1">
            <label htmlFor={moveId} className="sr-only">
              Move “{post.title}” to
            </label>
            <select id={moveId} value={moveTo} onChange={(e) => setMoveTo(e.target.value)} className={`${inputClasses} min-h-9 w-auto py-1 text-sm`}>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            <Button
              size="sm"
              variant="secondary"
              disabled={action.isPending || Number(moveTo) === post.category.id}
              onClick={() => run({ kind: 'move', categoryId: Number(moveTo) }, 'Post moved')}
            >
              Move
            </Button>
          </span>
          {confirmDelete ? (
            <Button size="sm" variant="danger" disabled={action.isPending} onClick={() => run({ kind: 'delete' }, 'Post deleted')}>
              Confirm delete
            </Button>
          ) : (
            <Button size="sm" variant="danger" disabled={action.isPending} onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          )}
        </div>
      </article>
    </li>
  );
}
