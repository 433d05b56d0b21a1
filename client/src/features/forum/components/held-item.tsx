import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import type { THeldItem } from '@common/contracts/forum';
import { TRUST_MSG } from '@common/rules/trust';
import { Time } from '@/components/ui/time';
import { Link } from '@/lib/router';
import { AnonymousAuthor } from '@/components/anonymous-author';
import { getOwnHeldQueryOptions } from '../api/held';
import { CategoryChip } from './category-chip';

// A member's own posts held for a moderator (issue 28): shown to them alone, marked "Awaiting
// approval" (their held comments: held-comment.tsx, in the thread). Titles only here, so the forum
// list's chunk carries no markdown.

export function AwaitingApproval() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-accent-100 px-2 py-0.5 text-sm font-semibold text-ink">
      <Clock aria-hidden="true" className="size-3.5" /> {TRUST_MSG.awaitingApproval}
    </span>
  );
}

/** A held post, for its author: on the new-post page after sending it, and on the forum's strip. */
export function HeldPost({ item }: { item: THeldItem }) {
  return (
    <article aria-label={`Your post “${item.title ?? ''}”, awaiting approval`} data-held-item={item.id} className="grid gap-2 rounded-xl border-2 border-dashed border-accent-400 bg-card p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <AwaitingApproval />
        {item.category && <CategoryChip category={item.category} link={false} />}
        <Time date={item.createdAt} className="text-muted" />
      </div>
      <p className="font-bold break-words">{item.title}</p>
      {/* Issue 32: the label it will be published under. */}
      {item.anonymousAs !== undefined && (
        <p className="text-sm text-muted">
          To be published as <AnonymousAuthor label={item.anonymousAs} className="font-semibold text-ink" />
        </p>
      )}
    </article>
  );
}

/**
 * "Your posts awaiting approval" above the forum list: the signed-in member's held posts (nobody
 * else's list has them). Nothing at all while there are none.
 */
export function HeldPostsStrip({ enabled }: { enabled: boolean }) {
  const held = useQuery({ ...getOwnHeldQueryOptions(), enabled });
  const posts = held.data?.items.filter((i) => i.kind === 'post') ?? [];
  if (!enabled || posts.length === 0) return null;
  return (
    <section aria-labelledby="held-posts-title" className="grid gap-2 rounded-2xl border border-line bg-surface p-3 sm:p-4">
      <h2 id="held-posts-title" className="font-bold">
        Your posts awaiting approval
      </h2>
      <p className="text-sm text-muted">{TRUST_MSG.heldNotice}</p>
      <ul className="grid gap-2">
        {posts.map((item) => (
          <li key={item.id}>
            <HeldPost item={item} />
          </li>
        ))}
      </ul>
      <p className="text-sm">
        <Link to="/community-guidelines" className="link">
          Community guidelines
        </Link>
      </p>
    </section>
  );
}
