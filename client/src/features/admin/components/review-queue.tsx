import { useQuery } from '@tanstack/react-query';
import type { THeldStatus } from '@common/contracts/review';
import { HELD_STATUSES } from '@common/rules/review';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { getHeldItemsQueryOptions } from '../api/review';
import { HeldQueueItem } from './held-queue-item';

const TAB_LABEL: Record<THeldStatus, string> = { pending: 'Waiting', approved: 'Approved', rejected: 'Rejected' };

/**
 * The review queue (issue 28), beside the reports on /admin/moderation: new members' held posts and
 * comments, oldest first, to approve (published as written, followers told then) or reject with a
 * reason the author is told.
 */
export function ReviewQueue({ status, page, go }: { status: THeldStatus; page: number; go: (next: { status?: THeldStatus; page?: number }) => void }) {
  const items = useQuery(getHeldItemsQueryOptions(status, page));
  return (
    <section aria-labelledby="review-title" className="grid gap-3">
      <h2 id="review-title" className="text-xl font-bold">
        Review
      </h2>
      <p className="text-sm text-muted">New members’ first posts and comments with a link, and anything with a watched word set to “require approval”.</p>
      <div role="tablist" aria-label="Review status" className="inline-flex justify-self-start rounded-lg bg-surface p-1">
        {HELD_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            id={`review-tab-${s}`}
            aria-selected={status === s}
            aria-controls="review-panel"
            onClick={() => go({ status: s })}
            className={cn('min-h-10 rounded-md px-3 text-sm font-semibold', status === s ? 'bg-card shadow-sm' : 'text-muted hover:text-ink')}
          >
            {TAB_LABEL[s]}
            {s === 'pending' && items.data ? ` (${items.data.pendingCount})` : ''}
          </button>
        ))}
      </div>
      <div id="review-panel" role="tabpanel" aria-labelledby={`review-tab-${status}`} className="grid gap-3">
        {items.isPending ? (
          <p role="status">Loading the review queue…</p>
        ) : items.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 rounded-xl border-l-8 border-red-700 bg-red-50 p-4 text-red-950">
            <p>{errorMessage(items.error, 'The review queue did not load.')}</p>
            <Button variant="secondary" onClick={() => void items.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.data.items.length === 0 ? (
          <p className="rounded-xl border-2 border-dashed border-line bg-card p-4">
            {status === 'pending' ? 'Nothing waiting for review. All clear.' : `No ${TAB_LABEL[status].toLowerCase()} items.`}
          </p>
        ) : (
          <>
            <ul className="grid gap-3">
              {items.data.items.map((item) => (
                <HeldQueueItem key={item.id} item={item} />
              ))}
            </ul>
            {(page > 1 || items.data.hasMore) && (
              <nav aria-label="Review pages" className="flex gap-2">
                <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
                  Previous
                </Button>
                <Button variant="secondary" size="sm" disabled={!items.data.hasMore} onClick={() => go({ page: page + 1 })}>
                  Next
                </Button>
              </nav>
            )}
          </>
        )}
      </div>
    </section>
  );
}
